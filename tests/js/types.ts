// Type-checked (tsc --noEmit, strict) by tests/js/run.sh against the
// package's declarations: the typed surface a TypeScript user sees.
import { Game, Solver, randomGames, QtttError, IllegalActionError, RecordError } from "qttt";
import type { View, Solution, Outcome, PlayerName, Phase, ActionValue, RandomGameCounts } from "qttt";

const game: Game = new Game().play("15").apply(3);
const phase: Phase = game.phase;
const toAct: PlayerName | null = game.toAct;
const view: View = game.viewObject();
const legal: string[] = game.legalActions();
const ids: Uint8Array = game.legalActionIds();
const options: number[] = Game.fromRecord("15 15").collapseOptions();
const outcome: Outcome | null = game.outcome();
const result: number | null = game.result("goff");
const solution: Solution = Game.fromRecord("58 47 67 59 48 68").solve("single");
const values: ActionValue[] = new Solver("goff", 1).actionValues(game);
const counts: RandomGameCounts = randomGames(10, 1);
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
console.log(result, phase, toAct, view.record, legal, ids, options, outcome, solution.optimal, values, counts);

// Game files, reviews and puzzles.
import { parseGames, review, puzzles } from "qttt";
import type { GameFileGame, Review, ReviewStep } from "qttt";
const files: GameFileGame[] = parseGames(puzzles());
const reviewed: Review = review(Game.fromRecord("58 47 67 59 48 68 @8"), "goff", 6);
const step: ReviewStep | undefined = reviewed.steps[0];
const glyph: string | null = files[0]?.line.plies[0]?.glyph ?? null;
console.log(step?.verdict, glyph);
