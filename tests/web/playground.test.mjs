// The playground (web/) in a real browser: Debian's Chromium, driven by
// playwright-core. Plays a complete game by clicks, with a collapse choice
// and computer moves, checks the board and the record against the engine,
// opens a shared link, shows hints, the tour and the classical ensemble, and fails on any console
// error. Screenshots at desktop and phone width go to
// target/web-screenshots/ for a person to look at.
//   node --test tests/web/   (tests/web/run.sh serves the site and sets QTTT_SITE)
import { test } from "node:test";
import assert from "node:assert/strict";
import { SITE, useBrowser, watch, shot } from "./browser.mjs";
import { Game } from "../../target/npm/qttt/index.js";

const browser = useBrowser();
const errors = [];

async function open(hash = "", viewport = { width: 1200, height: 900 }) {
  const page = await browser.newPage({ viewport });
  watch(page, errors, { responses: true });
  page.on("requestfailed", (request) => errors.push(`request failed: ${request.url()}`));
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
  await shot(page, "desktop-collapse.png", { fullPage: true });
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
  await shot(page, "desktop-over.png", { fullPage: true });

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
  assert.equal(first.trim(), "@8 X wins; the game ends at move 6"); // worked by hand: see tests/js/api.test.mjs
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
    if (step === 4) await shot(page, "desktop-tour.png");
    if (step < 5) await page.click("#tour-next");
  }
  await page.click("#tour-close");
  await page.close();
});

test("phone width: one column, the board fits, the collapse previews in view", async () => {
  const page = await open("#record=15%2056%2016", { width: 390, height: 844 });
  const box = await page.locator("#board").boundingBox();
  assert.ok(box.x >= 0 && box.x + box.width <= 390, `the board spans ${box.x}..${box.x + box.width}`);
  assert.ok(box.width >= 300, `the board is ${box.width} px wide`);
  // The collapse previews and their buttons in view without scrolling.
  const bottoms = await page.$$eval("#choice-boards .board, #choices button.choose", (list) =>
    list.map((el) => el.getBoundingClientRect().bottom),
  );
  assert.equal(bottoms.length, 4);
  for (const bottom of bottoms) assert.ok(bottom <= 844, `below the fold: ${bottom}`);
  await shot(page, "phone-collapse.png", { fullPage: true });
  await page.close();
});

/**
 * Every text on the page's boards, measured: font sizes, and whether each
 * mark lies inside its square and clear of the square's number.
 */
function measureBoards(page, selector) {
  return page.$$eval(selector, (boards) =>
    boards.map((board) => {
      const box = (el) => el.getBoundingClientRect();
      const inside = (a, b) => a.left >= b.left - 0.5 && a.right <= b.right + 0.5 && a.top >= b.top - 0.5 && a.bottom <= b.bottom + 0.5;
      const apart = (a, b) => a.right <= b.left || b.right <= a.left || a.bottom <= b.top || b.bottom <= a.top;
      const size = (el) => parseFloat(getComputedStyle(el).fontSize);
      const squares = [...board.querySelectorAll(".square")];
      const marks = squares.flatMap((sq) => [...sq.querySelectorAll(".spooky, .classical")].map((m) => ({ m, sq })));
      return {
        width: box(board).width,
        squares: squares.length,
        spooky: Math.min(...[...board.querySelectorAll(".spooky")].map(size)),
        classical: Math.min(...[...board.querySelectorAll(".classical")].map(size)),
        number: Math.min(...squares.map((sq) => size(sq.querySelector(".number")))),
        hiddenNumbers: squares.filter((sq) => getComputedStyle(sq.querySelector(".number")).display === "none").length,
        outside: marks.filter(({ m, sq }) => !inside(box(m), box(sq))).map(({ m }) => m.dataset.mark),
        onNumber: marks.filter(({ m, sq }) => !apart(box(m), box(sq.querySelector(".number")))).map(({ m }) => m.dataset.mark),
        overlapping: marks.filter(({ m }, i) => marks.some(({ m: o }, j) => j !== i && !apart(box(m), box(o)))).map(({ m }) => m.dataset.mark),
      };
    }),
  );
}

function assertReadable(boards, where) {
  assert.ok(boards.length > 0, `no boards: ${where}`);
  for (const b of boards) {
    const what = `${where}, a board ${Math.round(b.width)} px wide`;
    assert.equal(b.squares, 9, what);
    assert.equal(b.hiddenNumbers, 0, `${what}: square numbers hidden`);
    assert.ok(b.number >= 12, `${what}: square numbers at ${b.number} px`);
    if (Number.isFinite(b.spooky)) assert.ok(b.spooky >= 15, `${what}: spooky marks at ${b.spooky} px`);
    if (Number.isFinite(b.classical)) assert.ok(b.classical >= 28, `${what}: classical marks at ${b.classical} px`);
    assert.deepEqual(b.outside, [], `${what}: marks outside their square`);
    assert.deepEqual(b.onNumber, [], `${what}: marks on the square's number`);
    assert.deepEqual(b.overlapping, [], `${what}: marks on each other`);
  }
}

test("readable for a class on a 1024x768 projector: sizes, clipping, the words", async () => {
  // X9 in 4 and 9 closes a cycle among nine spooky marks; O chooses.
  const record = "15 26 37 48 59 16 27 38 49";
  const game = Game.fromRecord(record);
  assert.equal(game.collapsingMark(), "X9");
  const page = await open(`#record=${encodeURIComponent(record)}`, { width: 1024, height: 768 });
  assertReadable(await measureBoards(page, "#board"), "the board");
  assertReadable(await measureBoards(page, "#choice-boards .board"), "the collapse previews");
  // The buttons name the mark and the square; both previews and buttons are in view without scrolling.
  const buttons = await page.$$eval("#choices button.choose", (list) =>
    list.map((b) => ({ text: b.textContent, bottom: b.getBoundingClientRect().bottom })),
  );
  assert.deepEqual(buttons.map((b) => b.text), ["X9 lands in 4", "X9 lands in 9"]);
  const previews = await page.$$eval("#choice-boards .board", (list) => list.map((b) => b.getBoundingClientRect().bottom));
  for (const bottom of [...previews, ...buttons.map((b) => b.bottom)]) assert.ok(bottom <= 768, `below the fold: ${bottom}`);
  // The squares where the two outcomes differ are outlined, the same in both.
  const differs = await page.$$eval("#choice-boards .board", (list) =>
    list.map((b) => [...b.querySelectorAll(".square.differs")].map((s) => s.dataset.square).join(" ")),
  );
  assert.ok(differs[0].length > 0 && differs[0] === differs[1], differs.join(" / "));
  await shot(page, "projector-collapse.png");
  // The move list shows the move numbers, with no list numbers of its own.
  assert.equal(await page.textContent("#moves li:first-child"), "X1: 15");
  assert.equal(await page.$eval("#moves", (l) => getComputedStyle(l).listStyleType), "none");
  // Hints: every line whole, no list numbers to clip.
  await page.check("#hints");
  await page.waitForSelector("#hint-list li[data-action]");
  assert.equal(await page.$eval("#hint-list", (l) => getComputedStyle(l).listStyleType), "none");
  const clipped = await page.$$eval("#hint-list li", (list) => list.filter((li) => li.scrollWidth > li.clientWidth).length);
  assert.equal(clipped, 0);
  // Two players: the computer's controls are off; guidance is not shown as an error.
  assert.equal(await page.isDisabled("#computer-kind"), true);
  assert.equal(await page.isDisabled("#computer-side"), true);
  await page.click("#new-game");
  await page.click('#board [data-square="1"]');
  const message = await page.$eval("#message", (m) => ({ text: m.textContent, error: m.classList.contains("error") }));
  assert.match(message.text, /now the second square/);
  assert.equal(message.error, false);
  await page.check('input[name="mode"][value="computer"]');
  assert.equal(await page.isDisabled("#computer-kind"), false);
  // The tour's boards: numbers shown, marks readable.
  await page.click("#tour-start");
  for (let step = 1; step <= 5; step += 1) {
    assertReadable(await measureBoards(page, "#tour-board"), `tour step ${step}`);
    if (step < 5) await page.click("#tour-next");
  }
  await page.close();
});

test("the end of a game names the line and the collapse that made it", async () => {
  // O6 (in 6 and 8) closed a cycle; X's @8 puts O6 in 8, so X5 (48) in 4,
  // X1 (58) in 5, O4 (59) in 9, O2 (47) in 7, X3 (67) in 6: X's row 4-5-6
  // (newest X5) and O's 7-8-9 (newest O6) at once, and X's came first.
  const page = await open("#record=58%2047%2067%2059%2048%2068%20%408");
  const status = await page.textContent("#status");
  assert.match(status, /^X wins\. Both players got a line, made by the collapse @8 \(O6 landed in 8\)/);
  assert.match(status, /X's 4–5–6 \(X5, X1, X3\) came first: its newest mark, X5, is older than O6 in O's 7–8–9 \(O2, O6, O4\)\.$/);
  await shot(page, "desktop-end.png");
  await page.close();
});

test("the classical ensemble: the count by hand, the boards, and the shrinking at a collapse", async () => {
  const page = await open();
  const count = () => page.textContent("#ensemble-count");
  const drawn = () => page.locator("#ensemble-boards .ensemble-board").count();
  assert.equal(await count(), "Every mark is classical: 1 board, the one above."); // the empty board
  // X1 1-2, O2 2-3: the path 1-2-3 (3 boards, one per empty square);
  // X3 5-6: a tree of 2 squares. 3 * 2 = 6, all drawn (at most 12).
  for (const token of ["12", "23", "56"]) await clickToken(page, token);
  assert.equal(await count(), "These 6 classical boards are still possible.");
  assert.equal(await drawn(), 6);
  // O4 1-3 closes the cycle 1-2-3: its component has 2 ways, the two
  // choices, times 2 for X3: 4. Of the 6 boards, the 2 leaving square 2
  // empty (X1 1, O2 3, with X3 in 5 or 6) are ruled out.
  await clickToken(page, "13");
  assert.equal(await count(), "These 4 classical boards are still possible.");
  assert.equal(await page.textContent("#ensemble-change"), "The new mark ruled out 2 of the 6 boards the earlier marks could make.");
  // @1: O4 lands in 1, X1 in 2, O2 in 3; only X3 stays spooky: 2 boards.
  // An observer records what the panel drew (the struck boards are only
  // shown for a moment, so the test does not race them).
  await page.evaluate(() => {
    window.ensembleSeen = [];
    const list = document.getElementById("ensemble-boards");
    new MutationObserver(() =>
      window.ensembleSeen.push([list.children.length, list.querySelectorAll(".struck").length]),
    ).observe(list, { childList: true });
  });
  await clickToken(page, "@1");
  assert.equal(await count(), "These 2 classical boards are still possible.");
  assert.equal(await page.textContent("#ensemble-change"), "The collapse kept 2 of the 4 boards.");
  assert.equal(await page.locator("#ensemble.shrunk").count(), 1); // the change highlighted
  await shot(page, "desktop-ensemble-collapse.png", { fullPage: true });
  await page.waitForFunction(() => document.querySelectorAll("#ensemble-boards .ensemble-board").length === 2);
  // First the 4 boards with the 2 ruled out struck, then the 2 kept.
  assert.deepEqual(await page.evaluate(() => window.ensembleSeen), [[4, 2], [2, 0]]);
  assert.equal(await page.getAttribute("#ensemble-boards .ensemble-board", "aria-label"), "Board 1: O4 in 1, X1 in 2, O2 in 3, X3 in 5");
  // Three rows, each a path of three squares: 27 boards, counted but not drawn.
  const rows = await open("#record=12%2023%2045%2056%2078%2089");
  assert.equal(await rows.textContent("#ensemble-count"), "These 27 classical boards are still possible.");
  assert.equal(await rows.locator("#ensemble-boards .ensemble-board").count(), 0);
  await rows.close();
  await page.close();
});

test("opened from disk (file://), the page says to serve it instead of loading for ever", async () => {
  const page = await browser.newPage(); // not open(): the refused modules are console errors here
  await page.goto(new URL("../../target/web/index.html", import.meta.url).href);
  const status = await page.textContent("#status");
  assert.match(status, /cannot run from a file/);
  assert.match(status, /python3 -m http\.server 8000/);
  await shot(page, "file-url.png");
  await page.close();
  // In the link's language, else the browser's (web/localize.mjs wrote every
  // language's message into the page; the page's modules cannot load here).
  const german = await browser.newPage();
  await german.goto(`${new URL("../../target/web/index.html", import.meta.url).href}#lang=de`);
  assert.match(await german.textContent("#status"), /^Diese Seite läuft nicht aus einer Datei .*python3 -m http\.server 8000/);
  await german.close();
  const context = await browser.newContext({ locale: "ru-RU" });
  const russian = await context.newPage();
  await russian.goto(new URL("../../target/web/index.html", import.meta.url).href);
  assert.match(await russian.textContent("#status"), /^Эта страница не работает из файла на диске/);
  await shot(russian, "file-url-ru.png");
  await context.close();
});

test("no console errors, no failed requests, nothing from another host", () => {
  assert.deepEqual(errors, []);
});
