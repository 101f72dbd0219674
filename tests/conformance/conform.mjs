// The JavaScript side of the cross-language conformance run
// (tests/conformance/run.py), through the npm package as installed by
// tests/js/run.sh. Reads lines of actions from standard input: tokens
// (`15`, `@5`, `7`) or raw action ids (`#17`). For each line it starts a
// new game and writes the JSON view of the empty board, then for each
// action either the view after it or `error <code>` (the game unchanged),
// then `end`. While a collapse is pending, a view is followed by `cycle`
// and its marks, and for each choice `steps @s` and its steps.
import { readFileSync } from "node:fs";
import { Game, QtttError } from "../js/node_modules/qttt/index.js";

const out = [];
const input = readFileSync(0, "utf8").split("\n");
input.pop(); // after the last newline
for (const line of input) {
  let game = new Game();
  out.push(game.view());
  for (const token of line.split(" ").filter(Boolean)) {
    try {
      game = game.apply(token.startsWith("#") ? Number(token.slice(1)) : token);
      out.push(game.view());
      if (game.phase === "collapse") {
        out.push(`cycle ${game.cycle().join(" ")}`);
        for (const square of game.collapseOptions()) {
          const steps = game
            .collapseSteps(`@${square}`)
            .map((s) => `${s.mark}@${s.square}<${s.from}${s.forcedBy ? `/${s.forcedBy}` : ""}`);
          out.push(`steps @${square} ${steps.join(" ")}`);
        }
      }
    } catch (error) {
      if (!(error instanceof QtttError)) throw error;
      out.push(`error ${error.reason}`);
    }
  }
  out.push("end");
}
process.stdout.write(out.join("\n") + "\n");
