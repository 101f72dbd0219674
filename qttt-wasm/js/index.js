// The qttt package: the qttt engine compiled to WebAssembly. Importing it
// loads the engine (top-level await), in a browser, a Web Worker or Node.
import init, { initSync } from "./qttt_wasm.js";

const wasm = new URL("./qttt_wasm_bg.wasm", import.meta.url);
if (typeof process === "object" && process.versions && process.versions.node) {
  const { readFile } = await import("node:fs/promises");
  initSync({ module: await readFile(wasm) });
} else {
  await init({ module_or_path: wasm });
}

export {
  Game,
  Solver,
  randomGames,
  actionToken,
  actionId,
  reasons,
  scorings,
  version,
  parseGames,
  normalizeGames,
  review,
  puzzles,
} from "./qttt_wasm.js";
export { QtttError, InvalidActionError, IllegalActionError, RecordError } from "@ERRORS@";
