// The engine's slow work, off the page's thread so it never freezes: the
// computer's moves (MCTS with the engine's default playouts) and the hints
// (in the engine's hint order) and a game's review (by perfect play, each
// mistake with the engine's glyph). One Solver is kept, so perfect play
// solves the opening once and answers later positions from its table.
import { Game, Solver, review } from "./qttt/index.js";

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
      self.postMessage({ id, review: result });
    }
  } catch (error) {
    self.postMessage({ id, error: `${error.name}: ${error.message}` });
  }
};

self.postMessage({ ready: true });
