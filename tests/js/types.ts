// Type-checked (tsc --noEmit, strict) by tests/js/run.sh against the
// package's declarations: the typed surface a TypeScript user sees. Every
// function with optional arguments is called with each number of them
// (TS2554 would fail the check), and named arguments are camelCase.
import { Game, Solver, randomGames, reasons, opponents, QtttError, IllegalActionError, RecordError } from "qttt";
import type {
  View,
  Solution,
  Outcome,
  PlayerName,
  Phase,
  ActionValue,
  CollapseStep,
  RandomGameCounts,
  ReasonCode,
  ReasonInfo,
  OpponentKind,
} from "qttt";

const game: Game = new Game().play("15").apply(3);
const phase: Phase = game.phase;
const toAct: PlayerName | null = game.toAct;
const view: View = game.viewObject();
const legal: string[] = game.legalActions();
const ids: Uint8Array = game.legalActionIds();
const options: number[] = Game.fromRecord("15 15").collapseOptions();
const outcome: Outcome | null = game.outcome();
const results: (number | null)[] = [game.result(), game.result("goff")];
const cycle = Game.fromRecord("58 47 67 59 48 68");
const solutions: Solution[] = [cycle.solve(), cycle.solve("single"), cycle.solve("complete")];
const tokens: string[] = [
  cycle.bestAction("random"),
  cycle.bestAction("random", 7),
  cycle.bestAction("mcts", 7, 100),
  cycle.bestAction("perfect", 1),
];
const solvers: Solver[] = [new Solver(), new Solver("goff"), new Solver("goff", 1), new Solver("single", 1, false)];
const values: ActionValue[] = solvers[2].actionValues(game);
const best: string = solvers[0].bestAction(cycle);
const counts: RandomGameCounts[] = [randomGames(10), randomGames(10, 1)];
const codes: ReasonCode[] = reasons().map((r: ReasonInfo) => r.code);
const kinds: OpponentKind[] = opponents();
const closing: string | undefined = Game.fromRecord("15 15").collapsingMark();
const cycleMarks: string[] = Game.fromRecord("15 15").cycle();
const steps: CollapseStep[] = Game.fromRecord("15 15").collapseSteps("@1");
const forcedBy: string | null = steps[1].forcedBy;
const due: boolean = game.classicalMoveDue;
const forPlayer: number = values[0].forPlayer;
try {
  game.collapse("@1");
} catch (error) {
  if (error instanceof IllegalActionError) {
    const reason: string = error.reason;
    const number: number = error.number;
    console.log(reason, number);
  } else if (error instanceof RecordError) {
    console.log(error.tokenIndex, error.token);
  } else if (error instanceof QtttError) {
    console.log(error.reason);
  }
}
console.log(results, phase, toAct, view.record, legal, ids, options, outcome, solutions, tokens, values, best);
console.log(counts, codes, kinds, closing, due, forPlayer);
// @ts-expect-error: a look-alike object is not a Game (the classes are nominal)
new Solver().solve({ record: "" });

// Game files, reviews and puzzles.
import { parseGames, review, puzzles, readPuzzles } from "qttt";
import type { GameFileGame, Puzzle, Review, ReviewComment, ReviewStep } from "qttt";
const files: GameFileGame[] = parseGames(puzzles());
const reviewed: Review = review(Game.fromRecord("58 47 67 59 48 68 @8"), "goff", 6);
const step: ReviewStep | undefined = reviewed.steps[0];
const glyph: string | null = files[0]?.line.plies[0]?.glyph ?? null;
const judged: "??" | "?" | "?!" | null | undefined = step?.glyph;
console.log(step?.verdict, glyph, judged);
const shipped: Puzzle[] = readPuzzles();
const numbered: number | null | undefined = shipped[0]?.number;
const unbooked: Review = review(Game.fromRecord("58 47 67 59 48 68 @8"), "single", 6, false);
console.log(numbered, readPuzzles(puzzles()).length, unbooked.finalValue);
const words = (c: ReviewComment): string => (c.kind === "start" ? `start ${c.value}` : `${c.player} ${c.verdict} ${c.best.join(", ")}`);
const worded: string = review(Game.fromRecord("58 47 67 59 48 68 @8"), "goff", 6, true, words).qgn;
// @ts-expect-error: words returns a string
review(Game.fromRecord("15"), "single", 0, true, () => 1);
console.log(worded);

// The classical ensemble (docs/ensemble.md).
const ensemble: (string | null)[][] = Game.fromRecord("12 23").ensemble();
const ensembleCount: number = Game.fromRecord("12 23").ensembleCount();
console.log(ensemble, ensembleCount);
// Game files written from objects: what parseGames gives, or a game built
// with only the fields it needs.
import { writeGames } from "qttt";
import type { GameFileGameInput } from "qttt";
const rewritten: string = writeGames(parseGames(puzzles()));
const built: GameFileGameInput = {
  tags: [["X", "Ann"]],
  line: { plies: [{ action: "15", glyph: "!?" }, { action: "15", variations: [{ plies: [{ action: "26" }] }] }] },
};
const written: string = writeGames([built, { start: "15", result: "*" }]);
// @ts-expect-error: a glyph is one of the six
writeGames([{ line: { plies: [{ action: "15", glyph: "?!?" }] } }]);
console.log(rewritten.length, written);
