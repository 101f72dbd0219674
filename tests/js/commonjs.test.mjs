// The package from a CommonJS project, as `npm init` makes one: require()
// works (package.json's "exports" give Node the entry point without
// top-level await), and the README's ES module example runs as an .mjs
// file. Installs the packed tarball of qttt-wasm/build.sh into a fresh
// project in the system's temporary folder, removed afterwards.
import { test } from "node:test";
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

const npm = (cwd, ...args) => execFileSync("npm", args, { cwd, encoding: "utf8" });
const node = (cwd, file) => execFileSync(process.execPath, [file], { cwd, encoding: "utf8" });

test("require('qttt') in a default npm init project", () => {
  const packages = new URL("../../target/npm/", import.meta.url).pathname;
  const tarball = readdirSync(packages).find((f) => /^qttt-.*\.tgz$/.test(f));
  assert.ok(tarball, "no packed package: run qttt-wasm/build.sh");
  const dir = mkdtempSync(join(tmpdir(), "qttt-commonjs-"));
  try {
    npm(dir, "init", "-y");
    assert.notEqual(JSON.parse(readFileSync(join(dir, "package.json"), "utf8")).type, "module");
    npm(dir, "install", "--silent", "--no-audit", "--no-fund", join(packages, tarball));
    writeFileSync(
      join(dir, "index.js"),
      [
        'const { Game, IllegalActionError } = require("qttt");',
        'const game = Game.fromRecord("15 15").collapse("@5");',
        "console.log(game.classical(5), game.classical(1));",
        'try { game.play("12"); } catch (e) { console.log(e instanceof IllegalActionError, e.reason); }',
      ].join("\n"),
    );
    // X chose @5: O2, the newest mark, lands in 5 and X1 in 1; then square 1 is classical.
    assert.equal(node(dir, "index.js"), "O2 X1\ntrue square_classical\n");
    const readme = readFileSync(new URL("../../qttt-wasm/README.md", import.meta.url), "utf8");
    writeFileSync(join(dir, "example.mjs"), readme.match(/```js\n(.*?)```/s)[1]);
    assert.equal(node(dir, "example.mjs"), "collapse [ 6, 8 ]\nX\ngame_over\n");
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
