// The qttt package under Node: the engine read and compiled synchronously,
// without top-level await, so that CommonJS code can require() the package
// (Node 20.19 or 22.12 and newer load ES modules that way) as well as
// import it.
import { initSync } from "./qttt_wasm.js";

const { readFileSync } = process.getBuiltinModule("node:fs");
initSync({ module: readFileSync(new URL("./qttt_wasm_bg.wasm", import.meta.url)) });

export * from "./api.js";
