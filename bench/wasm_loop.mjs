// An ordinary JavaScript loop over the npm package: GAMES complete random
// games, each action by `legalActionIds()` and `apply(id)`, choices from a
// small seeded generator. Prints the time per `apply` (the whole loop
// divided by the actions played) for each tenth of the games, so a slowdown
// as games pile up shows, and the process's resident memory at the end.
// `--free` also calls `free()` on every game left behind, where the package
// has one. `--package DIR` takes the package from DIR (default
// target/npm/qttt), to compare two builds. For docs/performance.md
// ("WebAssembly"); bench/wasm.sh runs it.
//   node bench/wasm_loop.mjs [GAMES] [--free] [--package DIR]   (after qttt-wasm/build.sh)
import { pathToFileURL } from "node:url";

const option = process.argv.indexOf("--package");
const dir = option > 0 ? process.argv[option + 1] : new URL("../target/npm/qttt", import.meta.url).pathname;
const { Game } = await import(pathToFileURL(`${dir}/index.js`).href);
const games = Number(process.argv.find((a) => /^\d+$/.test(a)) ?? 200_000);
const free = process.argv.includes("--free");
if (free && typeof new Game().free !== "function") throw new Error("this package's games have no free()");

let seed = 0x2545f491;
const below = (n) => {
  seed ^= seed << 13;
  seed ^= seed >>> 17;
  seed ^= seed << 5;
  return (seed >>> 0) % n;
};

const tenth = Math.max(1, Math.floor(games / 10));
let actions = 0;
let start = performance.now();
const totalStart = start;
let totalActions = 0;
for (let i = 1; i <= games; i += 1) {
  let game = new Game();
  while (!game.isOver) {
    const ids = game.legalActionIds();
    const next = game.apply(ids[below(ids.length)]);
    if (free) game.free();
    game = next;
    actions += 1;
  }
  if (free) game.free();
  if (i % tenth === 0) {
    const now = performance.now();
    console.log(`games ${i - tenth + 1}-${i}: ${((1000 * (now - start)) / actions).toFixed(2)} µs per apply`);
    totalActions += actions;
    actions = 0;
    start = now;
  }
}
const seconds = (performance.now() - totalStart) / 1000;
const rss = process.memoryUsage().rss / 2 ** 20;
console.log(
  `${games} games, ${totalActions} applies in ${seconds.toFixed(1)} s: ` +
    `${((1e6 * seconds) / totalActions).toFixed(2)} µs per apply on average; resident memory ${rss.toFixed(0)} MB`,
);
