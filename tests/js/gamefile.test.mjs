// Game files, reviews and puzzles from JavaScript: the example of
// docs/gamefile.md, a bad file's line and column, a review whose values
// come from the independent model's minimax (tests/model/perfect_play.py),
// and the shipped puzzles.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { Game, parseGames, normalizeGames, review, puzzles, QtttError } from "qttt";

const example = readFileSync(new URL("../../qttt/tests/gamefile/example.qgn", import.meta.url), "utf8");

test("the example reads as worked by hand and is in normal form", () => {
  const [game] = parseGames(example);
  assert.equal(game.end, "58 47 67 59 48 68 @8");
  assert.equal(game.result, "1-0");
  assert.deepEqual(game.tags[4], ["X", "Ann"]);
  const ply = game.line.plies[5];
  assert.deepEqual([ply.action, ply.glyph, ply.value], ["68", "?", 2]);
  assert.equal(ply.variations[0].plies[0].action, "19");
  assert.equal(normalizeGames(example), example);
});

test("a bad file says where", () => {
  assert.throws(
    () => parseGames("1. 12 2. 12\n3. 34"),
    (e) => e instanceof QtttError && e.reason === "invalid_gamefile" && e.line === 2 && e.column === 4,
  );
});

test("a review: values from the model", () => {
  const r = review(Game.fromRecord("28 14 25 57 49 69 47 79 @9"), "single", 6);
  assert.deepEqual(
    r.steps.map((s) => [s.ply, s.action, s.before, s.after, s.verdict]),
    [
      [7, "47", 2, -2, "win_given_away"],
      [8, "79", -2, 0, "win_given_away"],
      [9, "@9", 0, -2, "draw_given_away"],
    ],
  );
  assert.equal(r.finalValue, -2);
  assert.deepEqual(r.steps[2].best, ["@7"]);
  assert.ok(r.qgn.includes("7. 47?? {[%value -1]"));
  assert.throws(() => review(new Game(), "bogus"), QtttError);
});

test("the shipped puzzles", () => {
  const all = parseGames(puzzles());
  assert.ok(all.length >= 300);
  assert.equal(all[0].start, "46 45 46 @6 38 17 27");
  assert.equal(all[0].line.plies[0].action, "17");
});
