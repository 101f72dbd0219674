// Writes the built playground's service worker: `node web/precache.mjs DIR`
// lists every file in DIR (the build web/build.sh assembled), hashes their
// names and contents into a version, and writes DIR/sw.js as those two
// constants followed by web/sw.js. Run it last, once every file is in DIR.
import { createHash } from "node:crypto";
import { readFileSync, readdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";

const dir = process.argv[2];
if (!dir) throw new Error("usage: node web/precache.mjs DIR");
const source = readFileSync(new URL("sw.js", import.meta.url), "utf8");

/** Every file below `folder`, as paths relative to it with `/`. */
const walk = (folder, prefix = "") =>
  readdirSync(folder, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? walk(join(folder, entry.name), `${prefix}${entry.name}/`) : [`${prefix}${entry.name}`],
  );
const files = walk(dir)
  .filter((file) => file !== "sw.js")
  .sort();

const hash = createHash("sha256");
for (const file of files) hash.update(`${file}\0${createHash("sha256").update(readFileSync(join(dir, file))).digest("hex")}\n`);
hash.update(source);
const version = hash.digest("hex").slice(0, 16);

const prologue = `const VERSION = ${JSON.stringify(version)};\nconst FILES = ${JSON.stringify(files, null, 1)};\n`;
writeFileSync(join(dir, "sw.js"), prologue + source);
console.log(`service worker: ${files.length} files precached, version ${version}`);
