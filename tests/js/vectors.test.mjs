// The shared vectors (tests/vectors) through the npm package: every view
// byte for byte, every illegal continuation's error and reason, perft.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { Game, QtttError, InvalidActionError, IllegalActionError } from "qttt";

const vectors = new URL("../vectors/", import.meta.url);
const lines = (name) => readFileSync(new URL(name, vectors), "utf8").split("\n");

function* games() {
  let what = "";
  let record = null;
  for (const line of lines("games.txt")) {
    if (line.startsWith("# ")) what = line.slice(2);
    else if (line.startsWith("record:")) record = line.slice("record:".length).trim();
    else if (line.startsWith("view: ")) yield { what, record, view: line.slice("view: ".length) };
  }
}

function* table(name) {
  for (const line of lines(name)) {
    if (line.trim() && !line.startsWith("#")) yield line.split("|").map((part) => part.trim());
  }
}

test("every game vector's view, from its record and played action by action", () => {
  let count = 0;
  for (const { what, record, view } of games()) {
    assert.equal(Game.fromRecord(record).view(), view, what);
    let game = new Game();
    for (const token of record.split(" ").filter(Boolean)) game = game.apply(token);
    assert.equal(game.view(), view, what);
    assert.deepEqual(game.viewObject(), JSON.parse(view), what);
    count += 1;
  }
  assert.ok(count > 40, `only ${count} game vectors`);
});

test("every illegal continuation throws its reason and leaves the game unchanged", () => {
  let count = 0;
  for (const [record, token, reason] of table("illegal.txt")) {
    const game = Game.fromRecord(record);
    const before = game.view();
    assert.throws(
      () => game.apply(token),
      (error) => {
        assert.ok(error instanceof QtttError, `${record} | ${token}: ${error}`);
        assert.ok(error instanceof InvalidActionError || error instanceof IllegalActionError);
        assert.equal(error.reason, reason, `${record} | ${token}`);
        return true;
      },
    );
    assert.equal(game.view(), before);
    assert.equal(game.isLegal(token), false);
    count += 1;
  }
  assert.ok(count > 20, `only ${count} illegal continuations`);
});

function perft(game, depth) {
  if (depth === 0) return 1;
  let total = 0;
  for (const id of game.legalActionIds()) total += perft(game.apply(id), depth - 1);
  return total;
}

test("perft counts up to 100,000 sequences", () => {
  let count = 0;
  for (const [record, depth, expected] of table("perft.txt")) {
    if (Number(expected) > 100_000) continue;
    assert.equal(perft(Game.fromRecord(record), Number(depth)), Number(expected), `${record} | ${depth}`);
    count += 1;
  }
  assert.ok(count >= 3, `only ${count} perft lines`);
});
