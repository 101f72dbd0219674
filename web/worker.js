// The engine's slow work, off the page's thread so it never freezes: the
// computer's moves (MCTS with the engine's default playouts) and the hints
// (in the engine's hint order) and a game's review (by perfect play, with
// the glyphs of its annotated game file). One Solver is kept, so perfect play
// solves the opening once and answers later positions from its table.
import { Game, Solver, review, parseGames } from "./qttt/index.js";

let solver = null;

self.onmessage = ({ data }) => {
  const { id, type, record, kind, seed } = data;
  try {
    const game = Game.fromRecord(record);
    solver ??= new Solver("single", seed);
    if (type === "best") {
      const token = kind === "perfect" ? solver.bestAction(game) : game.bestAction(kind, seed);
      self.postMessage({ id, token });
    } else if (type === "hints") {
      self.postMessage({ id, values: solver.actionValues(game) });
    } else if (type === "review") {
      const result = review(game, "single");
      // The glyphs as the review's game file writes them (one per action).
      const glyphs = parseGames(result.qgn)[0].line.plies.map((ply) => ply.glyph);
      self.postMessage({ id, review: result, glyphs });
    }
  } catch (error) {
    self.postMessage({ id, error: `${error.name}: ${error.message}` });
  }
};

self.postMessage({ ready: true });
