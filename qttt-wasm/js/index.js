// The qttt package in browsers and Web Workers: the qttt engine compiled to
// WebAssembly, fetched and compiled as the module loads (top-level await).
// Under Node the package's "exports" choose node.js, which loads it without
// top-level await so that require() works too; this file also runs under
// Node when imported by its path.
import init, { initSync } from "./qttt_wasm.js";

const wasm = new URL("./qttt_wasm_bg.wasm", import.meta.url);
if (typeof process === "object" && process.versions && process.versions.node) {
  initSync({ module: process.getBuiltinModule("node:fs").readFileSync(wasm) });
} else {
  await init({ module_or_path: wasm });
}

export * from "./api.js";
