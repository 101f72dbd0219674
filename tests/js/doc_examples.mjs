// Every ```js example of the JavaScript docs (docs/javascript.md) and of the
// package README (qttt-wasm/README.md), as a user would paste it: each is
// type-checked against the package's declarations (tsc --strict, the
// settings of tsconfig.json) and run under Node; the README's example must
// print what its comments say. Run by tests/js/run.sh after the package is
// installed; the examples are written into a temporary folder here (so that
// `qttt` resolves from node_modules) and removed again.
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";

const here = new URL(".", import.meta.url).pathname;
const root = join(here, "../..");
const SOURCES = ["docs/javascript.md", "qttt-wasm/README.md"];
// What the README's example prints (its comments, worked by hand there).
const README_OUTPUT = "collapse [ 6, 8 ]\nX\ngame_over\n";

const examples = SOURCES.flatMap((source) =>
  [...readFileSync(join(root, source), "utf8").matchAll(/```js\n(.*?)```/gs)].map((m, i) => ({
    name: `${source.replace(/\W/g, "_")}_${i + 1}`,
    source,
    code: m[1],
  })),
);
if (examples.length < SOURCES.length) throw new Error("an example is missing from the docs");

/** Runs a program, its output shown and returned; exits on failure. */
function run(program, args) {
  const { status, stdout, stderr } = spawnSync(program, args, { encoding: "utf8" });
  process.stdout.write(stdout);
  process.stderr.write(stderr);
  if (status !== 0) {
    console.error(`failed: ${program} ${args.join(" ")}`);
    process.exitCode = 1;
    throw new Error("an example failed");
  }
  return stdout;
}

const dir = mkdtempSync(join(here, "examples-"));
try {
  for (const e of examples) {
    writeFileSync(join(dir, `${e.name}.ts`), e.code);
    writeFileSync(join(dir, `${e.name}.mjs`), e.code);
  }
  const config = JSON.parse(readFileSync(join(here, "tsconfig.json"), "utf8"));
  config.files = examples.map((e) => `${e.name}.ts`);
  writeFileSync(join(dir, "tsconfig.json"), JSON.stringify(config));
  console.log(`type-checking ${examples.length} examples (${SOURCES.join(", ")})`);
  run(join(here, "node_modules/.bin/tsc"), ["-p", join(dir, "tsconfig.json")]);
  for (const e of examples) {
    const output = run(process.execPath, [join(dir, `${e.name}.mjs`)]);
    if (e.source === "qttt-wasm/README.md" && output !== README_OUTPUT) {
      throw new Error(`the README example printed ${JSON.stringify(output)}, not ${JSON.stringify(README_OUTPUT)}`);
    }
    console.log(`ran ${e.source} example ${e.name.split("_").pop()}`);
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
