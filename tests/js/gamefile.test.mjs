// Game files, reviews and puzzles from JavaScript: the example of
// docs/gamefile.md, a bad file's line and column, a review whose values
// come from the independent model's minimax (tests/model/perfect_play.py),
// the shipped puzzles, and games written from objects (writeGames): round
// trips, a game built by hand, and every kind of bad object refused with
// the error naming where.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import {
  Game,
  parseGames,
  normalizeGames,
  writeGames,
  review,
  puzzles,
  readPuzzles,
  QtttError,
  InvalidActionError,
  IllegalActionError,
  RecordError,
} from "qttt";

const example = readFileSync(new URL("../../qttt/tests/gamefile/example.qgn", import.meta.url), "utf8");

test("the example reads as worked by hand and is in normal form", () => {
  const [game] = parseGames(example);
  assert.equal(game.end, "58 47 67 59 48 68 @8");
  assert.equal(game.result, "1-0");
  assert.deepEqual(game.tags[4], ["X", "Ann"]);
  const ply = game.line.plies[5];
  // [%value +1]: X wins, one point (X's points minus O's, as Solution.value).
  assert.deepEqual([ply.action, ply.glyph, ply.nags, ply.value], ["68", "?", [], 1]);
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
      [7, "47", 1, -1, "win_given_away"],
      [8, "79", -1, 0, "win_given_away"],
      [9, "@9", 0, -1, "draw_given_away"],
    ],
  );
  assert.equal(r.finalValue, -1);
  // X's win for O's (2 points lost), O's win for a draw, a draw for a loss.
  assert.deepEqual(r.steps.map((s) => s.lost), [2, 1, 1]);
  assert.deepEqual(r.steps.map((s) => s.glyph), ["??", "?", "?"]);
  assert.deepEqual(r.steps[2].best, ["@7"]);
  assert.ok(r.qgn.includes("7. 47?? {[%value -1]"));
  assert.throws(() => review(new Game(), "bogus"), QtttError);
});

test("review's comments: English, or each what words says of it", () => {
  const game = Game.fromRecord("28 14 25 57 49 69 47 79 @9");
  // The English (tests/review.rs, worked by hand): X's 47 gives the win away.
  assert.ok(review(game, "single", 6).qgn.replace(/\s+/g, " ").includes("{Value at the start: +1} 7. 47?? {[%value -1] X gives away the win; best: 25, 28, 58}"));
  const said = [];
  const words = (comment) => {
    said.push(comment);
    return comment.kind === "start" ? `Wert zu Beginn: ${comment.value}` : `${comment.player}: ${comment.verdict} (${comment.best.join(" ")})`;
  };
  // The writer wraps lines: compare with single spaces.
  const qgn = review(game, "single", 6, true, words).qgn.replace(/\s+/g, " ");
  // The three mistakes (X, O, X), then the start, whose value is +1 (X wins).
  assert.deepEqual(said.map((c) => c.kind), ["mistake", "mistake", "mistake", "start"]);
  assert.deepEqual(said.map((c) => c.player ?? c.value), ["X", "O", "X", 1]);
  assert.deepEqual(said.map((c) => c.verdict), ["win_given_away", "win_given_away", "draw_given_away", undefined]);
  assert.deepEqual(said[2].best, ["@7"]);
  assert.ok(qgn.includes("{Wert zu Beginn: 1} 7. 47?? {[%value -1] X: win_given_away ("), qgn);
  assert.ok(qgn.includes("@9? {[%value -1] X: draw_given_away (@7)}"), qgn);
  assert.throws(() => review(game, "single", 6, true, () => 7), /words\(comment\) must return a string/);
  assert.throws(() => review(game, "single", 6, true, () => { throw new RangeError("no words"); }), RangeError);
  assert.throws(() => review(game, "single", 6, true, "words"), TypeError);
});

test("the shipped puzzles", () => {
  const all = parseGames(puzzles());
  assert.ok(all.length >= 300);
  assert.equal(all[0].start, "46 45 46 @6 38 17 27");
  assert.equal(all[0].line.plies[0].action, "17");
  // The engine's reading: numbered by the Round tag, from 1, in order.
  const read = readPuzzles();
  assert.equal(read.length, all.length);
  assert.deepEqual(read.map((p) => p.number), all.map((_, i) => i + 1));
  assert.deepEqual(read[0], {
    number: 1,
    start: "46 45 46 @6 38 17 27",
    end: "46 45 46 @6 38 17 27 17 @1",
    winner: "X",
    depth: 1,
    themes: ["forcing-cycle"],
    solution: ["17", "@1"],
  });
  const tagged = '[Round "4"]\n[Start "46 45 46 @6 38 17 27"]\n\n17 @1 1-0\n';
  assert.equal(readPuzzles(tagged)[0].number, 4);
  assert.equal(readPuzzles('[Start "46 45 46 @6 38 17 27"]\n\n17 @1 1-0\n')[0].number, null);
  assert.throws(() => readPuzzles('[Start "46 45 46 @6 38 17 27"]\n\n17 *\n'), QtttError);
});

test("review takes openingBook, as Python's review takes opening_book", () => {
  const game = Game.fromRecord("28 14 25 57 49 69 47 79 @9");
  const withBook = review(game, "single", 0);
  const without = review(game, "single", 0, false);
  assert.deepEqual(without.steps, withBook.steps);
  assert.equal(without.finalValue, -1);
});

test("writeGames: parse, objects, write gives the normal form back", () => {
  assert.equal(writeGames(parseGames(example)), example);
  // 330 games with tags, a start position and the solution as a variation.
  assert.equal(writeGames(parseGames(puzzles())), normalizeGames(puzzles()));
  // Tolerant input (NAGs, glyphs apart, ; comments, nested variations)
  // written as its normal form.
  const loose = "1. 15 $1 $20 ; good\n2. 26 ? (2. 37 (2. 48 {deeper}) 3. 59) 3.19 {[%value -1/2] a comment} *";
  assert.equal(writeGames(parseGames(loose)), normalizeGames(loose));
  assert.equal(writeGames([]), "");
});

test("writeGames: a game built by hand", () => {
  const games = [
    {
      tags: [["X", "Ann"], ["O", "Bob"], ["Annotator", "a class"]],
      end: "not read",
      line: {
        comment: "A short game",
        plies: [
          { action: "15", glyph: "!?" },
          { action: "51", nags: [20], value: 0, comment: "closes  a cycle", variations: [{ plies: [{ action: "26" }] }] },
          { action: "@1" },
        ],
      },
    },
  ];
  const before = structuredClone(games);
  // Worked by hand (docs/gamefile.md): the roster with its defaults, the
  // result * (15 15 @1 goes on), then Rules and Scoring, the other tag; a
  // number before each move, none before the collapse choice; the value
  // first in the comment; the variation after the ply it replaces.
  assert.equal(
    writeGames(games),
    `[Event "?"]
[Site "?"]
[Date "????.??.??"]
[Round "?"]
[X "Ann"]
[O "Bob"]
[Result "*"]
[Rules "goff"]
[Scoring "single"]
[Annotator "a class"]

{A short game} 1. 15!? 2. 15 $20 {[%value 0] closes a cycle} (2. 26) @1 *
`,
  );
  assert.deepEqual(games, before); // the objects are left as they were
  // A finished game's result, by default the one its end has.
  const [worked] = parseGames(writeGames([{ line: { plies: "58 47 67 59 48 68 @8".split(" ").map((action) => ({ action })) } }]));
  assert.equal(worked.result, "1-0");
  assert.equal(parseGames(writeGames([{ start: "15 15", scoring: "goff" }]))[0].start, "15 15");
  // Values in points: 1 is X's win, 0.5 half a point ahead.
  const valued = writeGames([{ line: { plies: [{ action: "15", value: 1 }, { action: "26", value: -0.5 }] } }]);
  assert.ok(valued.endsWith("1. 15 {[%value +1]} 2. 26 {[%value -1/2]} *\n"), valued);
});

/** Asserts that writing `games` throws an error of `type` whose message begins with `where`. */
function refused(games, type, where, reason) {
  assert.throws(
    () => writeGames(games),
    (e) => {
      assert.ok(e instanceof type, `${e.name}: ${e.message}`);
      assert.ok(e.message.startsWith(where), `"${e.message}" does not begin with "${where}"`);
      if (reason) assert.equal(e.reason, reason, e.message);
      return true;
    },
  );
}

const plies = (...list) => [{ line: { plies: list } }];

test("writeGames: bad objects are refused, naming what is wrong", () => {
  // The wrong types.
  refused("games", TypeError, "games must be an array, not a string");
  refused([null], TypeError, "games[0] must be an object");
  refused([{ line: [] }], TypeError, "games[0].line must be an object, not an array");
  refused(plies({ action: 15 }), TypeError, "games[0].line.plies[0].action must be a string, not a number");
  refused(plies({}), TypeError, "games[0].line.plies[0].action is missing");
  refused(plies({ action: "15", value: "+1" }), TypeError, "games[0].line.plies[0].value must be a number, not a string");
  refused(plies({ action: "15", comment: 7 }), TypeError, "games[0].line.plies[0].comment must be a string");
  refused(plies({ action: "15", nags: 20 }), TypeError, "games[0].line.plies[0].nags must be an array");
  refused([{ tags: [["X"]] }], TypeError, "games[0].tags[0] must be a [name, value] pair");
  refused([{ tags: [["X", 1]] }], TypeError, "games[0].tags[0][1] must be a string");
  // Actions: no action, or not legal where it stands, with the engine's reason.
  refused(plies({ action: "15" }, { action: "x5" }), InvalidActionError, "games[0].line.plies[1].action: `x5`");
  // After 15 15 a cycle waits for X's choice: no move (by hand).
  refused(plies({ action: "15" }, { action: "15" }, { action: "34" }), IllegalActionError,
    "games[0].line.plies[2].action: `34` at ply 3", "collapse_pending");
  // A variation is played from the position before its ply: no collapse there.
  refused(plies({ action: "15", variations: [{ plies: [{ action: "@1" }] }] }), IllegalActionError,
    "games[0].line.plies[0].variations[0].plies[0].action: `@1` at ply 1", "no_collapse_pending");
  refused([{ start: "15 99" }], RecordError, "games[0].start: ");
  // Values the format cannot hold.
  const invalid = (games, where) => refused(games, QtttError, where, "invalid_argument");
  invalid(plies({ action: "15", glyph: "?!?" }), "games[0].line.plies[0].glyph: \"?!?\" is not an annotation glyph");
  invalid(plies({ action: "15", nags: [7, 2] }), "games[0].line.plies[0].nags[1]: $2 is a glyph");
  invalid(plies({ action: "15", nags: [256] }), "games[0].line.plies[0].nags[0]: 256 is not a numeric annotation glyph");
  invalid(plies({ action: "15", value: 3 }), "games[0].line.plies[0].value: 3 is not a value");
  // Not a whole number of half points, or beyond a win.
  invalid(plies({ action: "15", value: 0.25 }), "games[0].line.plies[0].value: 0.25 is not a value");
  invalid(plies({ action: "15", value: 1.5 }), "games[0].line.plies[0].value: 1.5 is not a value");
  invalid(plies({ action: "15", value: Number.NaN }), "games[0].line.plies[0].value: NaN is not a value");
  invalid([{ scoring: "bogus" }], "games[0].scoring: ");
  invalid([{ result: "2-0" }], "games[0].result: \"2-0\" is not a result");
  invalid([{ tags: [["Result", "1-0"]] }], "games[0].tags[0]: Result is not a tag here");
  invalid([{ tags: [["1x", "a"]] }], "games[0].tags[0]: \"1x\" is not a tag name");
  invalid([{ tags: [["X", "a"], ["X", "b"]] }], "games[0].tags[1]: tag X appears twice");
  // The format's own rules, judged by the core's reader: an empty
  // variation; a result the game contradicts (lines for both are for
  // finished games only; a finished game has its own result).
  invalid(plies({ action: "15", variations: [{ plies: [] }] }), "games[0]: a variation holds at least one action");
  invalid([{ result: "1-1/2", line: { plies: [{ action: "15" }] } }], "games[0]: the result 1-1/2 does not fit the game: *");
  const finished = "58 47 67 59 48 68 @8".split(" ").map((action) => ({ action }));
  invalid([{}, { result: "*", line: { plies: finished } }], "games[1]: the result * does not fit the game: 1-0");
  // A line that holds itself ends at the deepest nesting.
  const line = { plies: [{ action: "15" }] };
  line.plies[0].variations = [line];
  invalid([{ line }], "games[0].line.plies[0].variations[0]");
  assert.throws(() => writeGames([{ line }]), /variations nest at most 32 deep/);
});
