// The playground (web/) in a real browser: Debian's Chromium, driven by
// playwright-core. Plays a complete game by clicks, with a collapse choice
// and computer moves, checks the board and the record against the engine,
// opens a shared link, shows hints and the tour, and fails on any console
// error. Screenshots at desktop and phone width go to
// target/web-screenshots/ for a person to look at.
//   node --test tests/web/   (tests/web/run.sh serves the site and sets QTTT_SITE)
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { mkdirSync } from "node:fs";
import { chromium } from "playwright-core";
import { Game } from "../../target/npm/qttt/index.js";

const SITE = process.env.QTTT_SITE;
const SHOTS = new URL("../../target/web-screenshots/", import.meta.url);
let browser;
const errors = [];

before(async () => {
  assert.ok(SITE, "QTTT_SITE (the served playground's address) is not set");
  mkdirSync(SHOTS, { recursive: true });
  browser = await chromium.launch({
    executablePath: process.env.CHROMIUM ?? "/usr/bin/chromium",
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
    ],
  });
});

after(async () => {
  await browser?.close();
});

async function open(hash = "", viewport = { width: 1200, height: 900 }) {
  const page = await browser.newPage({ viewport });
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(`console: ${message.text()}`);
  });
  page.on("pageerror", (error) => errors.push(`page: ${error.message}`));
  page.on("requestfailed", (request) => errors.push(`request failed: ${request.url()}`));
  page.on("response", (response) => {
    if (response.status() >= 400) errors.push(`${response.status()}: ${response.url()}`);
  });
  page.on("request", (request) => {
    // Everything from the site's own folder (run.sh serves it under a sub-path).
    if (!request.url().startsWith(`${SITE}/`)) errors.push(`a request outside the site: ${request.url()}`);
  });
  await page.goto(`${SITE}/${hash}`);
  await page.waitForSelector("body[data-ready]");
  return page;
}

const record = (page) =>
  page.evaluate(() => new URLSearchParams(location.hash.slice(1)).get("record"));

/** What the page shows in each square, as the engine describes it. */
async function checkBoard(page, expected) {
  const view = expected.viewObject();
  for (let square = 1; square <= 9; square += 1) {
    const label = await page.getAttribute(`#board [data-square="${square}"]`, "aria-label");
    const classical = view.classical[String(square)];
    if (classical) assert.match(label, new RegExp(`^square ${square}: ${classical}, classical`), label);
    else {
      const spooky = Object.entries(view.spooky).filter(([, s]) => s.includes(square)).map(([m]) => m);
      const text = spooky.length ? `spooky ${spooky.join(", ")}` : "empty";
      assert.ok(label.startsWith(`square ${square}: ${text}`), `${label} / ${text}`);
    }
  }
  assert.equal(await record(page), expected.record);
  const moves = await page.locator("#moves li").count();
  assert.equal(moves, expected.record ? expected.record.split(" ").length : 0);
}

async function clickToken(page, token) {
  if (token.startsWith("@")) return page.click(`#choices button[data-action="${token}"]`);
  for (const square of token) await page.click(`#board [data-square="${square}"]`);
}

/** Waits until the page's record has `length` actions, and returns it. */
async function waitForActions(page, length) {
  await page.waitForFunction(
    (n) => (new URLSearchParams(location.hash.slice(1)).get("record") || "").split(" ").filter(Boolean).length >= n,
    length,
    { timeout: 60_000 },
  );
  return record(page);
}

test("a complete game by clicks: a collapse choice, computer moves, the board as the engine has it", async () => {
  const page = await open();
  // Two humans: X1 in 1 and 5, O2 in 1 and 5: a cycle; X chooses.
  await clickToken(page, "15");
  await clickToken(page, "15");
  let game = Game.fromRecord("15 15");
  await checkBoard(page, game);
  assert.equal(await page.isVisible("#choices"), true);
  assert.equal(await page.locator("#choice-boards .board").count(), 2); // both outcomes before the choice
  await page.screenshot({ path: new URL("desktop-collapse.png", SHOTS).pathname, fullPage: true });
  await clickToken(page, "@5");
  game = game.apply("@5");
  await checkBoard(page, game);
  // Now against the computer (random, playing O): X plays the first legal
  // action each turn by clicks, O answers from the worker.
  await page.check('input[name="mode"][value="computer"]');
  await page.selectOption("#computer-kind", "random");
  const length = (g) => (g.record ? g.record.split(" ").length : 0);
  while (!game.isOver) {
    if (game.toAct === "X") {
      const token = game.legalActions()[0];
      await clickToken(page, token);
      game = game.apply(token);
    }
    // The page's record: ours, then whatever the computer answered since.
    const now = (await waitForActions(page, length(game) + (game.toAct === "O" ? 1 : 0))).split(" ");
    assert.equal(now.slice(0, length(game)).join(" "), game.record);
    for (const answer of now.slice(length(game))) {
      assert.equal(game.toAct, "O", `an answer (${answer}) out of turn`);
      assert.ok(game.isLegal(answer), `the computer played ${answer}`);
      game = game.apply(answer);
    }
    if (game.isOver || game.toAct === "X") await checkBoard(page, game); // the page waits for the mouse
  }
  const status = await page.textContent("#status");
  const winner = game.outcome().winner;
  assert.ok(winner ? status.startsWith(`${winner} wins`) : status.startsWith("Draw"), status);
  await page.screenshot({ path: new URL("desktop-over.png", SHOTS).pathname, fullPage: true });

  // The shared link reproduces the position in a new page.
  const link = await page.getAttribute("#permalink", "href");
  const copy = await open(link);
  await checkBoard(copy, game);
  assert.equal(await copy.textContent("#status"), status);
  await copy.close();
  await page.close();
});

test("the perfect computer answers from a Web Worker while the page stays responsive", async () => {
  const page = await open("#record=&computer=perfect-O");
  await clickToken(page, "15");
  // While O solves, the page still answers (the solve runs in the worker).
  const responsive = await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => resolve(true))));
  assert.equal(responsive, true);
  const now = await waitForActions(page, 2);
  const answer = now.split(" ")[1];
  const solution = Game.fromRecord("15").solve();
  assert.ok(solution.optimal.includes(answer), `perfect O played ${answer}, optimal: ${solution.optimal}`);
  await page.close();
});

test("hints: every legal action's value under perfect play", async () => {
  const page = await open("#record=58%2047%2067%2059%2048%2068");
  await page.check("#hints");
  await page.waitForSelector("#hint-list li[data-action]");
  const first = await page.textContent("#hint-list li:first-child");
  assert.equal(first.trim(), "@8 X wins (6 marks)"); // worked by hand: see tests/js/api.test.mjs
  assert.equal(await page.locator("#hint-list li[data-action]").count(), 2);
  await page.close();
});

test("keyboard play, a bad link, the tour", async () => {
  const page = await open("#record=15%2099");
  assert.match(await page.textContent("#message"), /does not play/);
  await page.focus('#board [data-square="1"]');
  await page.keyboard.press("Enter");
  await page.keyboard.press("ArrowRight");
  await page.keyboard.press("Enter");
  assert.equal(await record(page), "12");
  await page.click("#tour-start");
  for (let step = 1; step <= 5; step += 1) {
    assert.match(await page.textContent("#tour-title"), new RegExp(`^${step}/5`));
    assert.ok((await page.textContent("#tour-text")).length > 40);
    if (step === 4) await page.screenshot({ path: new URL("desktop-tour.png", SHOTS).pathname });
    if (step < 5) await page.click("#tour-next");
  }
  await page.click("#tour-close");
  await page.close();
});

test("phone width: one column, the board fits", async () => {
  const page = await open("#record=15%2056%2016", { width: 390, height: 844 });
  const box = await page.locator("#board").boundingBox();
  assert.ok(box.x >= 0 && box.x + box.width <= 390, `the board spans ${box.x}..${box.x + box.width}`);
  assert.ok(box.width >= 300, `the board is ${box.width} px wide`);
  await page.screenshot({ path: new URL("phone-collapse.png", SHOTS).pathname, fullPage: true });
  await page.close();
});

test("opened from disk (file://), the page says to serve it instead of loading for ever", async () => {
  const page = await browser.newPage(); // not open(): the refused modules are console errors here
  await page.goto(new URL("../../target/web/index.html", import.meta.url).href);
  const status = await page.textContent("#status");
  assert.match(status, /cannot run from a file/);
  assert.match(status, /python3 -m http\.server 8000/);
  await page.screenshot({ path: new URL("file-url.png", SHOTS).pathname });
  await page.close();
});

test("no console errors, no failed requests, nothing from another host", () => {
  assert.deepEqual(errors, []);
});
