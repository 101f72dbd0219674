#!/usr/bin/env bash
# Builds the npm package `qttt` into target/npm/qttt and packs it with
# `npm pack` into target/npm/qttt-VERSION.tgz. Installs, once per machine,
# the wasm32-unknown-unknown target (rustup) and wasm-bindgen-cli at exactly
# the version of the crate's wasm-bindgen dependency (cargo; tests/tools.txt).
set -euo pipefail
# shellcheck source=tests/lib.sh
source "$(dirname "$0")/../tests/lib.sh"
cd "$QTTT_ROOT"
version=$(workspace_version)
need_rust_target wasm32-unknown-unknown
need_cargo_tool wasm-bindgen-cli
# Optimised for speed, whole-program, without debug information.
CARGO_PROFILE_RELEASE_DEBUG=0 CARGO_PROFILE_RELEASE_LTO=true CARGO_PROFILE_RELEASE_CODEGEN_UNITS=1 \
  cargo build --quiet --release -p qttt-wasm --target wasm32-unknown-unknown --target-dir target/wasm
out=target/npm/qttt
rm -rf "$out" && mkdir -p "$out"
wasm-bindgen --target web --out-dir "$out" --out-name qttt_wasm \
  target/wasm/wasm32-unknown-unknown/release/qttt_wasm.wasm
# The classes Game and Solver are JavaScript (game.js, solver.js) over the
# generated functions; the error classes are a wasm-bindgen snippet (its
# folder name is a hash): api.js, what both entry points (index.js for
# browsers, node.js for Node) export, re-exports them from there, so
# instanceof works.
errors=$(cd "$out" && ls snippets/*/js/errors.js)
sed "s#@ERRORS@#./$errors#" qttt-wasm/js/api.js >"$out/api.js"
cp qttt-wasm/js/index.js qttt-wasm/js/node.js qttt-wasm/js/game.js qttt-wasm/js/solver.js "$out/"
sed "s#@ERRORS@#./$errors#" qttt-wasm/js/index.d.ts >"$out/index.d.ts"
# Node users must not need the DOM library: the generated declarations end
# with the web loader's (`export type InitInput = RequestInfo | URL |
# Response | ...`, `InitOutput`, `initSync`, the default `__wbg_init`),
# which neither entry point exports (index.js and node.js load the module
# themselves). Cut them off, and fail if a DOM name is left.
sed -i '/^export type InitInput = /,$d' "$out/qttt_wasm.d.ts"
if grep -nE '\b(RequestInfo|Response|BufferSource)\b|WebAssembly\.' "$out/qttt_wasm.d.ts"; then
  echo "qttt_wasm.d.ts still names a DOM or WebAssembly type (above)" >&2
  exit 1
fi
cp qttt-wasm/js/errors.d.ts "$out/${errors%.js}.d.ts"
sed "s#@VERSION@#$version#" qttt-wasm/js/package.json >"$out/package.json"
cp qttt-wasm/README.md "$out/README.md"
cp LICENSE-MIT LICENSE-APACHE "$out/"
(cd target/npm && npm pack --silent ./qttt >/dev/null)
echo "built target/npm/qttt-$version.tgz ($(wc -c <"$out/qttt_wasm_bg.wasm") bytes of wasm, $(gzip -9 <"$out/qttt_wasm_bg.wasm" | wc -c) gzipped)"
