// The playground in each of its languages, in Chromium: a game played by
// clicks (a collapse with its previews, the hints and its steps, the end, the review,
// the tour, a puzzle, a refused click, a bad link), and at every stage no
// English left on the page: no text of an English message (its words
// between the placeables, where the language's own file does not have the
// same words) in the page's visible text, accessible names or title. Also
// the language from the browser's preference, the page's select, and the
// link's lang=. A full-page screenshot per language goes to
// target/web-screenshots/lang-<lang>.png for a person to look at.
//   node --test tests/web/   (tests/web/run.sh serves the site and sets QTTT_SITE)
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync, readdirSync } from "node:fs";
import { FluentParser } from "@fluent/syntax";
import { SITE, useBrowser, watch, shot } from "./browser.mjs";

const ftl = (lang) => readFileSync(new URL(`../../qttt-locales/ftl/${lang}.ftl`, import.meta.url), "utf8");
// The languages: one per locale file, English first, then by tag (the one list, qttt-locales/ftl/).
const LANGUAGES = readdirSync(new URL("../../qttt-locales/ftl/", import.meta.url))
  .filter((f) => f.endsWith(".ftl"))
  .map((f) => f.slice(0, -4))
  .sort((a, b) => (b === "en") - (a === "en") || (a < b ? -1 : a > b ? 1 : 0));
// X1 58, O2 47, X3 67, O4 59, X5 48, O6 68 closes a cycle; X's @8 gives
// both players a line (the tour's last step).
const GAME = ["58", "47", "67", "59", "48", "68"];
const browser = useBrowser();
const errors = [];

/** Every piece of text of the English messages: the words between placeables, in every variant. */
function englishPieces() {
  const pieces = new Set();
  const walk = (node) => {
    if (!node || typeof node !== "object") return;
    if (node.type === "TextElement") for (const piece of node.value.split("\n")) pieces.add(piece.trim());
    for (const value of Object.values(node)) {
      if (Array.isArray(value)) value.forEach(walk);
      else if (value && typeof value === "object") walk(value);
    }
  };
  for (const entry of new FluentParser().parse(ftl("en")).body) if (entry.type === "Message") walk(entry);
  return [...pieces];
}

const ENGLISH = englishPieces();

/** The English pieces that would give English away in `lang`: words of their own, not also in `lang`'s file. */
function tellTales(lang) {
  const own = ftl(lang);
  return ENGLISH.filter((piece) => (piece.match(/[A-Za-z]/g) ?? []).length >= 4 && !own.includes(piece))
    .map((piece) => ({ piece, pattern: new RegExp(`(?<![\\p{L}])${piece.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}(?![\\p{L}])`, "u") }));
}

/** What a person meets on the page: the visible text (links' addresses left out), the accessible names, the title. */
const pageWords = (page) =>
  page.evaluate(() => {
    let text = document.body.innerText;
    for (const link of document.querySelectorAll("#permalink, #puzzle-link")) text = text.replaceAll(link.textContent, "");
    const names = [...document.querySelectorAll("[aria-label]")].map((e) => e.getAttribute("aria-label"));
    return [document.title, text, ...names].join("\n");
  });

/** Fails when English is left on the page of `lang` at `stage`. */
async function noEnglish(page, lang, stage) {
  if (lang === "en") return;
  const words = await pageWords(page);
  const left = tellTales(lang).filter(({ pattern }) => pattern.test(words)).map(({ piece }) => piece);
  assert.deepEqual(left, [], `English on the ${lang} page (${stage})`);
  if (lang === "ru") {
    // Russian has no Latin words of its own: any left over is English, but for names and notation.
    // The language select names each language in itself.
    const names = new Set(["qttt", "MCTS", "Rust", "WebAssembly", "server", "Home", "End", "English", "Nederlands", "Dansk", "Deutsch"]);
    const latin = (words.match(/[A-Za-z]{3,}/g) ?? []).filter((w) => !names.has(w));
    assert.deepEqual(latin, [], `Latin words on the ru page (${stage})`);
  }
}

async function open(hash, { locale = "en-US", viewport = { width: 1200, height: 900 } } = {}) {
  const context = await browser.newContext({ locale, viewport });
  const page = await context.newPage();
  watch(page, errors, { responses: true });
  await page.goto(`${SITE}/${hash}`);
  await page.waitForSelector("body[data-ready]");
  return page;
}

const hashParam = (page, name) => page.evaluate((n) => new URLSearchParams(location.hash.slice(1)).get(n), name);

async function clickSquares(page, token) {
  for (const square of token) await page.click(`#board [data-square="${square}"]`);
}

for (const lang of LANGUAGES) {
  test(`a game in ${lang}: no English left on the page`, async () => {
    const page = await open(`#lang=${lang}`);
    assert.equal(await page.evaluate(() => document.documentElement.lang), lang);
    assert.equal(await page.inputValue("#language"), lang);
    assert.equal(await hashParam(page, "lang"), lang);
    await noEnglish(page, lang, "the empty board");

    await page.click('#board [data-square="5"]'); // the first square of a spooky move chosen
    await noEnglish(page, lang, "a square chosen");
    await page.click('#board [data-square="8"]');
    for (const token of GAME.slice(1)) await clickSquares(page, token);
    assert.equal(await hashParam(page, "record"), GAME.join(" "));
    await page.check("#hints");
    await page.waitForSelector("#hint-list li[data-action]");
    await page.waitForSelector("#choices:not([hidden])");
    await noEnglish(page, lang, "a collapse: its previews and the hints");
    await shot(page, `lang-${lang}.png`, { fullPage: true });
    await page.click('#choices button[data-steps="@6"]'); // the collapse step by step, before choosing
    await page.click("#steps-play"); // paused at the first step
    await noEnglish(page, lang, "a collapse's first step");
    await page.click("#steps-next");
    await noEnglish(page, lang, "a forced step");
    await page.keyboard.press("End"); // the panel has the focus: End steps to the last
    await noEnglish(page, lang, "a collapse's last step");

    await page.click('#choices button[data-action="@8"]');
    assert.equal(await hashParam(page, "record"), [...GAME, "@8"].join(" "));
    await noEnglish(page, lang, "the end: both lines");
    await page.click('#board [data-square="5"]'); // the game is over: nothing happens
    await noEnglish(page, lang, "a click after the end");

    await page.click("#review-game");
    await page.waitForSelector("#review-steps li");
    await noEnglish(page, lang, "the review's start");
    await page.click("#review-last");
    await noEnglish(page, lang, "the review's end");
    await page.click('#review-steps button[data-step="6"]'); // O6 closed the cycle
    await noEnglish(page, lang, "a step of the review");
    await shot(page, `lang-${lang}-review.png`);
    await page.click("#review-close");

    await page.click("#tour-start");
    for (let step = 1; step <= 5; step += 1) {
      await noEnglish(page, lang, `tour step ${step}`);
      if (step < 5) await page.click("#tour-next");
    }
    await page.click("#tour-close");

    await page.click("#puzzles-open");
    await page.waitForSelector("#puzzle[open]");
    await noEnglish(page, lang, "a puzzle");
    await page.click("#puzzle-hint");
    await noEnglish(page, lang, "a puzzle's first hint");
    await page.click("#puzzle-solution");
    await noEnglish(page, lang, "a puzzle's solution");
    await page.click("#puzzle-close");
    await page.waitForFunction(() => location.hash.startsWith("#record=")); // the dialog's close put the game's link back

    // A classical square refused, and a link whose record does not play (the engine's reason in words).
    await page.goto(`${SITE}/#record=15%2015%20%401&lang=${lang}`);
    await page.waitForFunction(() => document.querySelectorAll("#moves li").length === 3);
    await page.click('#board [data-square="1"]');
    assert.ok(await page.textContent("#message"));
    await noEnglish(page, lang, "a classical square clicked");
    await page.goto(`${SITE}/#record=15%2011&lang=${lang}`); // "11": one square twice
    await page.waitForFunction(() => document.querySelector("#message.error")?.textContent.includes("(")); // the bad link's
    await noEnglish(page, lang, "a bad link");
    await page.context().close();
  });
}

test("the language follows the browser's preference, unless the link names one", async () => {
  for (const [locale, lang] of [["ru-RU", "ru"], ["de-AT", "de"], ["da", "da"], ["nl-BE", "nl"], ["fr-FR", "en"]]) {
    const page = await open("", { locale });
    assert.equal(await page.evaluate(() => document.documentElement.lang), lang, locale);
    await page.context().close();
  }
  const page = await open("#lang=da", { locale: "ru-RU" });
  assert.equal(await page.inputValue("#language"), "da");
  await page.context().close();
});

test("the tables pages' offline page speaks the browser's language", async () => {
  for (const [locale, lang] of [["ru-RU", "ru"], ["nl-NL", "nl"], ["da-DK", "da"], ["de-DE", "de"]]) {
    const context = await browser.newContext({ locale });
    const page = await context.newPage();
    await page.goto(`${SITE}/offline.html`);
    await page.waitForSelector("body[data-ready]");
    assert.equal(await page.evaluate(() => document.documentElement.lang), lang);
    await noEnglish(page, lang, "the offline page");
    await context.close();
  }
});

test("the select switches the page's language, and the link carries it", async () => {
  const page = await open("#record=15%2026&lang=en");
  // The select offers every locale file's language, named in itself (written out by hand for today's five).
  const options = await page.$$eval("#language option", (all) => all.map((o) => [o.value, o.textContent]));
  assert.deepEqual(options.map(([tag]) => tag), LANGUAGES);
  const named = { en: "English", da: "Dansk", de: "Deutsch", nl: "Nederlands", ru: "Русский" };
  assert.deepEqual(options.filter(([tag]) => tag in named), Object.entries(named));
  await page.selectOption("#language", "de");
  await page.waitForFunction(() => document.documentElement.lang === "de");
  assert.equal(await hashParam(page, "lang"), "de");
  assert.equal(await hashParam(page, "record"), "15 26", "the game is kept");
  assert.match(await page.textContent("#status"), /^X ist am Zug/);
  assert.equal(await page.textContent("#new-game"), "Neue Partie");
  assert.equal(await page.getAttribute("#rules-link", "href"), "rules/de.html");
  const rules = await page.evaluate(async () => {
    const response = await fetch(document.getElementById("rules-link").href);
    return [response.status, /<html lang="de"/.test(await response.text())];
  });
  assert.deepEqual(rules, [200, true], "the German rules page is there");
  // The lesson on the project's documentation, in German, where the build
  // knows its address (web/build.sh: QTTT_DOCS_URL or GitHub Actions').
  const lesson = await page.$eval("#lesson-link", (a) => [a.dataset.docs, a.closest("#lesson").hidden, a.getAttribute("href"), a.textContent]);
  if (lesson[0]) assert.deepEqual(lesson.slice(1), [false, `${lesson[0]}lesson.de.md`, "Eine Unterrichtsstunde (45 Minuten)"]);
  else assert.equal(lesson[1], true, "no lesson link without the documentation's address");
  assert.match(await page.textContent("#permalink"), /lang=de/);
  await noEnglish(page, "de", "switched by the select");
  // The shared link opens the game in German elsewhere.
  const shared = await page.evaluate(() => location.href);
  const other = await open("", { locale: "en-US" });
  await other.goto(shared);
  await other.reload();
  await other.waitForSelector("body[data-ready]");
  assert.equal(await other.evaluate(() => document.documentElement.lang), "de");
  assert.equal(await hashParam(other, "record"), "15 26");
  await other.context().close();
  await page.context().close();
});

test("Russian hints: in words, the move the game ends at", async () => {
  // Hints at the collapse: @8 wins for X with 6 marks on the board (tests/js/api.test.mjs works it by hand).
  const page = await open(`#record=${encodeURIComponent(GAME.join(" "))}&lang=ru`);
  await page.check("#hints");
  await page.waitForSelector("#hint-list li[data-action]");
  assert.equal((await page.textContent("#hint-list li:first-child")).trim(), "@8 X побеждает; партия заканчивается на 6-м ходу");
  await page.context().close();
});

test("no console errors, no failed requests", () => {
  assert.deepEqual(errors, []);
});
