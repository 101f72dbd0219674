// The locale files (qttt-locales/ftl/<lang>.ftl) against each other and
// against the code that uses them: every file parses without an error,
// every language has exactly the messages (and attributes) of English, each
// message uses the same variables in every language, every message is used
// by the playground (web/) or the Python module (its Python and its Rust) and
// every message they ask for exists, and a plural choice covers every plural
// category of its language (Russian: one, few, many, other), the
// tournament's counts among them. No browser:
//   node --test tests/web/locales.test.mjs
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync, readdirSync } from "node:fs";
import { FluentParser, Visitor } from "@fluent/syntax";
// The page's own reader of the files (web/deps.sh vendors it).
import { FluentBundle, FluentResource } from "../../target/web-deps/vendor/fluent-bundle/index.js";

const root = new URL("../../", import.meta.url);
const read = (path) => readFileSync(new URL(path, root), "utf8");
const FTL = "qttt-locales/ftl/";

const files = readdirSync(new URL(FTL, root)).filter((f) => f.endsWith(".ftl"));
const PLURALS = new Set(["zero", "one", "two", "few", "many", "other"]);

/** What a message uses: its variables, the messages and terms it refers to, its plural choices. */
class Uses extends Visitor {
  constructor() {
    super();
    Object.assign(this, { variables: new Set(), messages: new Set(), terms: new Set(), pluralKeys: [] });
  }
  visitVariableReference(node) {
    this.variables.add(node.id.name);
  }
  visitMessageReference(node) {
    this.messages.add(node.id.name);
  }
  visitTermReference(node) {
    this.terms.add(node.id.name);
    this.genericVisit(node);
  }
  visitSelectExpression(node) {
    const keys = node.variants.map((v) => (v.key.type === "Identifier" ? v.key.name : v.key.value));
    if (keys.some((k) => PLURALS.has(k) && k !== "other")) this.pluralKeys.push(keys);
    this.genericVisit(node);
  }
}

/** A locale file read: its messages (id → uses, attributes), terms, and parse errors. */
function parse(lang) {
  const resource = new FluentParser({ withSpans: true }).parse(read(`${FTL}${lang}.ftl`));
  const messages = new Map();
  const terms = new Map();
  const errors = [];
  for (const entry of resource.body) {
    if (entry.type === "Junk") errors.push(...entry.annotations.map((a) => `${a.code} ${a.message}: ${entry.content.trim().split("\n")[0]}`));
    if (entry.type !== "Message" && entry.type !== "Term") continue;
    const uses = new Uses();
    uses.visit(entry);
    const info = { uses, attributes: entry.attributes.map((a) => a.id.name).sort(), value: entry.value !== null };
    const into = entry.type === "Message" ? messages : terms;
    if (into.has(entry.id.name)) errors.push(`${entry.id.name} defined twice`);
    into.set(entry.id.name, info);
  }
  return { messages, terms, errors };
}

const locales = Object.fromEntries(files.map((f) => f.replace(".ftl", "")).map((lang) => [lang, parse(lang)]));
const english = locales.en;

/** The ids the sources ask for (by a call or an attribute), each with a file asking for it. */
function sources() {
  const list = (dir, ext) => readdirSync(new URL(dir, root)).filter((f) => f.endsWith(ext)).map((f) => dir + f);
  const paths = [
    ...list("web/", ".js"),
    ...list("web/", ".mjs"),
    ...list("web/", ".html"),
    ...list("qttt-py/python/qttt/", ".py"),
    ...list("qttt-py/python/qttt/agents/", ".py"),
    ...list("qttt-py/src/", ".rs"), // Rust: qttt_locales::message(lang, "id", …)
  ];
  const asked = new Map();
  const patterns = [
    /\bt\(\s*"([a-z][a-z0-9-]*)"/g, // JavaScript: t("id", …)
    /data-l10n-id="([a-z][a-z0-9-]*)"/g, // HTML
    /(?:title|text): "(tour-[a-z0-9-]+)"/g, // the tour's steps
    /\bmessage\(\s*[a-z_]+,\s*"([a-z][a-z0-9-]*)"/g, // Python and Rust: message(lang, "id", …)
  ];
  for (const path of paths) {
    const source = read(path);
    for (const pattern of patterns) for (const [, id] of source.matchAll(pattern)) asked.set(id, path);
  }
  return asked;
}

test("English, the fallback, has a locale file", () => {
  assert.ok(files.includes("en.ftl"));
});

test("every locale file parses without an error", () => {
  for (const [lang, { errors }] of Object.entries(locales)) assert.deepEqual(errors, [], `${lang}.ftl`);
});

test("every language has exactly English's messages and attributes", () => {
  for (const [lang, { messages }] of Object.entries(locales)) {
    const missing = [...english.messages.keys()].filter((id) => !messages.has(id));
    const extra = [...messages.keys()].filter((id) => !english.messages.has(id));
    assert.deepEqual(missing, [], `missing in ${lang}.ftl`);
    assert.deepEqual(extra, [], `in ${lang}.ftl but not in en.ftl`);
    for (const [id, info] of messages) {
      assert.deepEqual(info.attributes, english.messages.get(id).attributes, `${lang}.ftl ${id}: attributes`);
      assert.equal(info.value, english.messages.get(id).value, `${lang}.ftl ${id}: a value in one language only`);
    }
  }
});

test("every message uses the same variables in every language", () => {
  for (const [lang, { messages }] of Object.entries(locales))
    for (const [id, info] of messages) {
      const want = [...english.messages.get(id).uses.variables].sort();
      assert.deepEqual([...info.uses.variables].sort(), want, `${lang}.ftl ${id}: variables`);
    }
});

test("every message and term a message refers to exists in its file", () => {
  for (const [lang, { messages, terms }] of Object.entries(locales))
    for (const [id, { uses }] of [...messages, ...terms]) {
      for (const m of uses.messages) assert.ok(messages.has(m), `${lang}.ftl ${id} refers to no message ${m}`);
      for (const term of uses.terms) assert.ok(terms.has(term), `${lang}.ftl ${id} refers to no term -${term}`);
    }
});

test("every term is used in its file", () => {
  for (const [lang, { messages, terms }] of Object.entries(locales)) {
    const used = new Set([...messages.values(), ...terms.values()].flatMap((info) => [...info.uses.terms]));
    for (const term of terms.keys()) assert.ok(used.has(term), `${lang}.ftl: -${term} is never used`);
  }
});

test("every message asked for exists, and every message is used", () => {
  const asked = sources();
  for (const [id, path] of asked) assert.ok(english.messages.has(id), `${path} asks for ${id}, which en.ftl lacks`);
  const referred = new Set([...english.messages.values()].flatMap((info) => [...info.uses.messages]));
  for (const id of english.messages.keys())
    assert.ok(asked.has(id) || referred.has(id), `${id} is used nowhere`);
});

test("a plural choice covers every plural category of its language", () => {
  for (const [lang, { messages }] of Object.entries(locales)) {
    const categories = new Intl.PluralRules(lang).resolvedOptions().pluralCategories;
    for (const [id, { uses }] of messages)
      for (const keys of uses.pluralKeys)
        for (const category of categories)
          assert.ok(keys.includes(category), `${lang}.ftl ${id}: no [${category}] variant`);
  }
});

test("Russian counts: one, few, many (1, 3, 5, 11, 21, 22 actions)", () => {
  const bundle = new FluentBundle("ru", { useIsolating: false });
  assert.deepEqual(bundle.addResource(new FluentResource(read(`${FTL}ru.ftl`))), []);
  const end = (mistakes) => bundle.formatPattern(bundle.getMessage("review-end").value, { value: "ничья", mistakes });
  assert.equal(end(1), "Конец: ничья. 1 действие ухудшило оценку.");
  assert.equal(end(3), "Конец: ничья. 3 действия ухудшили оценку.");
  assert.equal(end(5), "Конец: ничья. 5 действий ухудшили оценку.");
  assert.equal(end(11), "Конец: ничья. 11 действий ухудшили оценку.");
  assert.equal(end(21), "Конец: ничья. 21 действие ухудшило оценку.");
  assert.equal(end(22), "Конец: ничья. 22 действия ухудшили оценку.");
  assert.equal(end(7), "Конец: ничья. 7 действий ухудшили оценку.");
});

test("the tournament's counts: Russian one, few, many; no game going on said in words", () => {
  const bundle = new FluentBundle("ru", { useIsolating: false });
  assert.deepEqual(bundle.addResource(new FluentResource(read(`${FTL}ru.ftl`))), []);
  const going = (count) => bundle.formatPattern(bundle.getMessage("event-state-round").value, { of: "Тур 2 из 5", count });
  assert.equal(going(0), "Тур 2 из 5: все партии закончены");
  assert.equal(going(1), "Тур 2 из 5: идёт 1 партия");
  assert.equal(going(3), "Тур 2 из 5: идут 3 партии");
  assert.equal(going(5), "Тур 2 из 5: идут 5 партий");
  assert.equal(going(11), "Тур 2 из 5: идут 11 партий");
  assert.equal(going(21), "Тур 2 из 5: идёт 21 партия");
  const kind = (rounds) => bundle.formatPattern(bundle.getMessage("event-kind").value, { kind: "swiss", rounds });
  assert.equal(kind(1), "Швейцарская система, 1 тур");
  assert.equal(kind(3), "Швейцарская система, 3 тура");
  assert.equal(kind(5), "Швейцарская система, 5 туров");
  assert.equal(bundle.formatPattern(bundle.getMessage("event-kind").value, { kind: "round_robin", rounds: 0 }), "Круговой турнир");
  const english = new FluentBundle("en", { useIsolating: false });
  english.addResource(new FluentResource(read(`${FTL}en.ftl`)));
  const waiting = (count) => english.formatPattern(english.getMessage("event-state-waiting").value, { count });
  assert.equal(waiting(1), "1 player has joined. The first round has not started.");
  assert.equal(waiting(24), "24 players have joined. The first round has not started.");
});
