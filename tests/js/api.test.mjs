// The JavaScript surface of the npm package: immutability, the error
// classes and their reasons, wrong types, ids and tokens, analysis.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import {
  Game,
  Solver,
  randomGames,
  actionToken,
  actionId,
  reasons,
  scorings,
  opponents,
  version,
  QtttError,
  InvalidActionError,
  IllegalActionError,
  RecordError,
} from "qttt";

const throwsReason = (fn, Class, reason) =>
  assert.throws(fn, (error) => error instanceof Class && error.reason === reason);

test("a game is immutable: play returns a new game, the old one stays", () => {
  const empty = new Game();
  const after = empty.play("15");
  assert.equal(empty.record, "");
  assert.equal(after.record, "15");
  assert.equal(empty.legalActions().length, 36);
  assert.deepEqual(after.spookyMarks(1), ["X1"]);
  assert.deepEqual(after.spookyMarks(5), ["X1"]);
  assert.deepEqual(after.spookyMarks(2), []);
  assert.equal(after.toAct, "O");
  assert.equal(after.moveNumber, 2);
});

test("a cycle, its collapse choice and the end of the game (worked by hand)", () => {
  // X1 and O2 both in 1 and 5: a cycle of two; X, who did not close it, chooses.
  const cycle = Game.fromRecord("15 15");
  assert.equal(cycle.phase, "collapse");
  assert.equal(cycle.toAct, "X");
  assert.deepEqual(cycle.collapseOptions(), [1, 5]);
  assert.deepEqual(cycle.legalActions(), ["@1", "@5"]);
  const collapsed = cycle.collapse("@1"); // O2 lands in 1, so X1 in 5
  assert.equal(collapsed.classical(1), "O2");
  assert.equal(collapsed.classical(5), "X1");
  assert.equal(collapsed.classical(9), undefined);
  // The README's game: O6 closed a cycle of 6 and 8; landing in 8 gives
  // X the row 4-5-6 (highest mark 5) and O the row 7-8-9 (highest 6): X wins.
  const over = Game.fromRecord("58 47 67 59 48 68").collapse("@8");
  assert.equal(over.phase, "over");
  assert.equal(over.toAct, null);
  assert.deepEqual(over.outcome(), {
    winner: "X",
    lines: [
      { squares: [4, 5, 6], player: "X", highest: 5 },
      { squares: [7, 8, 9], player: "O", highest: 6 },
    ],
  });
  assert.equal(new Game().outcome(), null);
  // X's points minus O's: X wins; under Goff's scoring a point against half a point.
  assert.equal(over.result(), 1);
  assert.equal(over.result("goff"), 0.5); // both have lines, X's first
  assert.equal(over.result("complete"), 0);
  assert.equal(new Game().result(), null);
});

test("errors carry the core's reason codes and classes", () => {
  const game = Game.fromRecord("15 15");
  throwsReason(() => game.play("23"), IllegalActionError, "collapse_pending");
  throwsReason(() => game.collapse("@2"), IllegalActionError, "not_collapse_option");
  throwsReason(() => game.play("55"), InvalidActionError, "same_square_twice");
  throwsReason(() => game.play("5x"), InvalidActionError, "malformed_token");
  throwsReason(() => game.play("@1"), InvalidActionError, "wrong_action_kind");
  throwsReason(() => new Game().collapse("12"), InvalidActionError, "wrong_action_kind");
  throwsReason(() => game.apply(54), InvalidActionError, "invalid_action_id");
  throwsReason(() => game.apply(1.5), InvalidActionError, "invalid_action_id");
  const error = (() => {
    try {
      game.play("23");
    } catch (e) {
      return e;
    }
  })();
  assert.ok(error instanceof QtttError && error instanceof Error);
  assert.equal(error.name, "IllegalActionError");
  assert.equal(error.number, 23);
  assert.match(error.message, /collapse/);
});

test("a record that does not parse or play names its token", () => {
  assert.throws(
    () => Game.fromRecord("15 26 55"),
    (e) => e instanceof RecordError && e.reason === "same_square_twice" && e.tokenIndex === 2 && e.token === "55",
  );
  assert.throws(
    () => Game.fromRecord("15 15 23"),
    (e) => e instanceof RecordError && e.reason === "collapse_pending" && e.tokenIndex === 2,
  );
});

test("wrong types are TypeErrors; ids only where ids are taken", () => {
  const game = new Game();
  assert.throws(() => game.play(15), TypeError);
  assert.throws(() => game.play(null), TypeError);
  assert.throws(() => game.apply({}), TypeError);
  assert.equal(game.apply(3).record, "15"); // id 3 is the token 15
  assert.equal(game.isLegal(3), true);
  assert.equal(game.isLegal("15"), true);
  assert.equal(game.isLegal("5"), false); // a classical move while 9 squares are free
  assert.equal(game.isLegal(99), false);
  assert.equal(game.isLegal("nonsense"), false);
  assert.equal(game.isLegal(undefined), false);
  assert.throws(() => game.classical(0), (e) => e instanceof QtttError && e.reason === "invalid_argument");
  assert.throws(() => game.classical(10), QtttError);
  assert.throws(() => game.transform("spin"), QtttError);
});

test("action ids and tokens (docs/API.md)", () => {
  assert.equal(actionToken(0), "12");
  assert.equal(actionToken(35), "89");
  assert.equal(actionToken(36), "1");
  assert.equal(actionToken(53), "@9");
  assert.equal(actionId("@1"), 45);
  assert.equal(actionId("23"), 8);
  throwsReason(() => actionToken(54), InvalidActionError, "invalid_action_id");
  throwsReason(() => actionId("0"), InvalidActionError, "malformed_token");
  assert.deepEqual([...new Game().legalActionIds()], [...Array(36).keys()]);
});

test("undo, equality and keys", () => {
  const a = Game.fromRecord("12 13 12 @1");
  const b = Game.fromRecord("12 13 13 @1");
  assert.equal(a.equals(b), false); // different records...
  assert.equal(a.positionKey(), b.positionKey()); // ...one position
  assert.equal(a.undo().record, "12 13 12");
  assert.equal(new Game().undo(), undefined);
  const turned = Game.fromRecord("12").transform("rotate_90");
  assert.equal(turned.record, "36"); // a quarter turn takes 1 to 3 and 2 to 6
  assert.equal(turned.canonicalKey(), Game.fromRecord("12").canonicalKey());
  assert.equal(Game.fromRecord("12").transform(1).record, "36");
});

test("perfect play on a late position (worked by hand) and the opponents", () => {
  // O6 closed the cycle 6-8; X chooses. @8 ends the game at once with X's
  // row 4-5-6 (highest mark 5) older than O's 7-8-9 (highest 6): X wins
  // with 6 marks. @6 leaves 4 O2, 5 X1, 6 O6, 7 X3, 8 X5, 9 O4 and no line:
  // slower at best, so the winner's hurry makes @8 the only optimal choice.
  const game = Game.fromRecord("58 47 67 59 48 68");
  assert.equal(game.toAct, "X");
  const solution = game.solve();
  assert.equal(solution.value, 1); // X wins: one point
  assert.equal(solution.endMove, 6);
  assert.deepEqual(solution.optimal, ["@8"]);
  assert.deepEqual(solution.variation, ["@8"]);
  for (const kind of ["random", "mcts", "perfect"]) {
    const token = game.bestAction(kind, 7);
    assert.ok(game.isLegal(token), `${kind}: ${token}`);
  }
  assert.ok(solution.optimal.includes(game.bestAction("perfect", 1)));
  const solver = new Solver("single", 3);
  assert.deepEqual(solver.solve(game).optimal, solution.optimal);
  // The hint order: best first for X, who acts: @8 (X wins) before @6.
  const values = solver.actionValues(game);
  assert.deepEqual(values.map((v) => v.action), ["@8", "@6"]);
  assert.deepEqual(values[0], { action: "@8", value: 1, endMove: 6, forPlayer: 1 });
  assert.ok(values[1].forPlayer < 1 || values[1].endMove > 6); // slower at best
  throwsReason(() => Game.fromRecord("58 47 67 59 48 68 @8").bestAction("random"), IllegalActionError, "game_over");
  assert.throws(() => game.bestAction("clever"), QtttError);
  assert.throws(() => game.solve("most"), QtttError);
});

test("random games are seeded and counted", () => {
  const counts = randomGames(2000, 11);
  assert.equal(counts.X + counts.O + counts.draw, 2000);
  assert.deepEqual(randomGames(2000, 11), counts);
  assert.notDeepEqual(randomGames(2000, 12), counts);
  assert.throws(() => randomGames(10, -1), QtttError);
});

test("the vocabulary and the version", () => {
  const list = reasons();
  assert.equal(list.length, 11);
  assert.deepEqual(list.find((r) => r.code === "game_over").number, 22);
  assert.deepEqual(scorings(), ["single", "goff", "complete"]);
  assert.deepEqual(opponents(), ["random", "mcts", "perfect"]);
  assert.match(version(), /^\d+\.\d+\.\d+$/);
});

test("games are plain JavaScript values; a Solver takes only games", () => {
  const game = Game.fromRecord("15 26");
  assert.equal(typeof game.free, "undefined"); // nothing in the WebAssembly heap to free
  assert.equal(String(game), 'Game("15 26")');
  assert.ok(game.equals(Game.fromRecord("15 26")));
  assert.throws(() => game.equals({ record: "15 26" }), TypeError);
  const solver = new Solver();
  assert.throws(() => solver.solve("15 26"), TypeError);
  assert.throws(() => solver.actionValues({}), TypeError);
  assert.throws(() => new Solver().bestAction(null), TypeError);
  assert.throws(() => Game.fromRecord(15), TypeError);
  solver.free();
});

test("the cycle and the collapse step by step (worked by hand)", () => {
  // X1 58, O2 47, X3 67, O4 59, X5 48; O6 68 closes 6-7-4-8 (X3, O2, X5).
  const game = Game.fromRecord("58 47 67 59 48 68");
  assert.deepEqual(game.cycle(), ["O2", "X3", "X5", "O6"]);
  // O6 lands in 8 and forces X1 to 5 and X5 to 4; X1 forces O4 to 9, X5
  // forces O2 to 7, O2 forces X3 to 6.
  assert.deepEqual(game.collapseSteps("@8"), [
    { mark: "O6", square: 8, from: 6, forcedBy: null },
    { mark: "X1", square: 5, from: 8, forcedBy: "O6" },
    { mark: "X5", square: 4, from: 8, forcedBy: "O6" },
    { mark: "O4", square: 9, from: 5, forcedBy: "X1" },
    { mark: "O2", square: 7, from: 4, forcedBy: "X5" },
    { mark: "X3", square: 6, from: 7, forcedBy: "O2" },
  ]);
  assert.deepEqual(new Game().cycle(), []);
  assert.throws(() => game.collapseSteps("@1"), (e) => e instanceof IllegalActionError && e.reason === "not_collapse_option");
  assert.throws(() => game.collapseSteps("15"), (e) => e instanceof InvalidActionError && e.reason === "wrong_action_kind");
  assert.throws(() => new Game().collapseSteps("@1"), (e) => e.reason === "no_collapse_pending");
});

test("the collapsing mark and the classical last move (worked by hand)", () => {
  // X1 and O2 both in 1 and 5: O2 closed the cycle.
  assert.equal(Game.fromRecord("15 15").collapsingMark(), "O2");
  assert.equal(Game.fromRecord("58 47 67 59 48 68").collapsingMark(), "O6");
  assert.equal(Game.fromRecord("15 15 @5").collapsingMark(), undefined);
  assert.equal(new Game().collapsingMark(), undefined);
  // Pairs collapsed into 1-2, 3-5, 4-6; X7 and O8 in 7 and 8 close a cycle.
  const pending = Game.fromRecord("12 12 @2 35 35 @5 46 46 @6 78 78");
  assert.equal(pending.classicalMoveDue, false); // X first chooses where O8 lands
  const last = pending.collapse("@7"); // O8 in 7, X7 in 8: only 9 is free
  assert.equal(last.classicalMoveDue, true);
  assert.deepEqual(last.legalActions(), ["9"]);
  assert.equal(new Game().classicalMoveDue, false);
});

test("the declared name types list exactly the engine's names", () => {
  // The union types of the package's declarations, read from the file.
  const declarations = readFileSync(new URL("./node_modules/qttt/qttt_wasm.d.ts", import.meta.url), "utf8");
  const union = (name) => {
    const body = declarations.match(new RegExp(`export type ${name} =([^;]*);`))[1];
    return [...body.matchAll(/"([^"]+)"/g)].map((m) => m[1]).sort();
  };
  assert.deepEqual(union("ReasonCode"), reasons().map((r) => r.code).sort());
  assert.deepEqual(union("ScoringName"), [...scorings()].sort());
  assert.deepEqual(union("OpponentKind"), [...opponents()].sort());
});

test("the classical ensemble, worked by hand (docs/ensemble.md)", () => {
  // X1 1-2, O2 2-3: a tree of three squares, one board for each empty
  // square, X1's lower square first.
  const path = Game.fromRecord("12 23");
  assert.equal(path.ensembleCount(), 3);
  const rest = [null, null, null, null, null, null];
  assert.deepEqual(path.ensemble(), [
    ["X1", "O2", null, ...rest],
    ["X1", null, "O2", ...rest],
    [null, "X1", "O2", ...rest],
  ]);
  // Three rows, each a path of three: 3 * 3 * 3, the largest ensemble.
  assert.equal(Game.fromRecord("12 23 45 56 78 89").ensembleCount(), 27);
  // RULES.md's worked example: two boards, the two choices; @8 keeps the
  // one with O6 in 8 (4 X5, 5 X1, 6 X3, 7 O2, 8 O6, 9 O4).
  const cycle = Game.fromRecord("58 47 67 59 48 68");
  assert.equal(cycle.ensemble().length, 2);
  assert.deepEqual(cycle.collapse("@8").ensemble(), [[null, null, null, "X5", "X1", "X3", "O2", "O6", "O4"]]);
});
