// The engine's slow work, off the page's thread so it never freezes: the
// computer's moves (MCTS with the engine's default playouts) and the hints
// (in the engine's hint order). One Solver is kept, so perfect play
// solves the opening once and answers later positions from its table.
import { Game, Solver } from "./qttt/index.js";

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
    }
  } catch (error) {
    self.postMessage({ id, error: `${error.name}: ${error.message}` });
  }
};

self.postMessage({ ready: true });
