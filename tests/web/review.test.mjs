// The playground's review and puzzle modes in a real browser (Debian's
// Chromium through playwright-core, as playground.test.mjs): a game played
// to its end, its review stepped through with the values worked out by
// hand, a puzzle solved by clicks after a wrong click is refused, and the
// progress kept over a reload. Screenshots at 1024x768 and at phone width
// go to target/web-screenshots/.
//   node --test tests/web/   (tests/web/run.sh serves the site and sets QTTT_SITE)
import { test } from "node:test";
import assert from "node:assert/strict";
import { SITE, useBrowser, watch, shot } from "./browser.mjs";

const PROJECTOR = { width: 1024, height: 768 };
const PHONE = { width: 390, height: 844 };
const browser = useBrowser();
const errors = [];

async function open(hash, viewport = PROJECTOR) {
  const page = await browser.newPage({ viewport });
  watch(page, errors, { responses: true });
  await page.goto(`${SITE}/${hash}`);
  await page.waitForSelector("body[data-ready]");
  return page;
}

const label = (page, board, square) => page.getAttribute(`#${board} [data-square="${square}"]`, "aria-label");

// X1 12, O2 12 (a cycle), X lets O2 land in 2 (X1 in 1); likewise O4 in 5
// (X3 in 3) and O6 in 6 (X5 in 4): X holds 1 3 4, O 2 5 6, X7 to play. Worked
// by hand: 78 wins for X (every O8 loses: 78 lets X choose X7 in 7, line
// 1-4-7 with X7 older than O8; 79 or 89, and X9 78 closes a cycle whose
// both outcomes give X the line 1-4-7 and O none); 79 gives the win away to
// a draw (docs/reviews.md). Then O8 78, X9 89 (a cycle 7-9-8), O lets X9
// land in 8: O8 in 7, X7 in 9; X 1 3 4 8 9, O 2 5 6 7: no line, a draw.
const GAME = "12 12 @2 35 35 @5 46 46 @6 79 78 89 @8";

test("a finished game's review: step by step, the values in words, the mistake marked", async () => {
  const page = await open(`#record=${encodeURIComponent(GAME)}`);
  assert.equal(await page.textContent("#status"), "Draw: nobody has a line.");
  await page.click("#review-game");
  await page.waitForSelector("#review-steps li");
  assert.equal(await page.textContent("#review-title"), "Review: step 0 of 13");
  assert.match(await page.textContent("#review-text"), /^The start\./);
  assert.equal(await page.isDisabled("#review-previous"), true);
  // By keys: Home, then the right arrow nine times: after O6 lands in 6.
  await page.keyboard.press("Home");
  for (let i = 0; i < 9; i += 1) await page.keyboard.press("ArrowRight");
  assert.equal(await page.textContent("#review-title"), "Review: step 9 of 13");
  assert.match(await page.textContent("#review-text"), /^X: @6 \(X lets O6 land in 6\): .* before, X wins after/);
  assert.match(await label(page, "review-board", 4), /^square 4: X5, classical/);
  assert.match(await label(page, "review-board", 6), /^square 6: O6, classical/);
  // By the button: X7 79, the mistake.
  await page.click("#review-next");
  assert.equal(await page.textContent("#review-title"), "Review: step 10 of 13");
  assert.equal(
    await page.textContent("#review-text"),
    "X7: 79 (X7 in 7 and 9): X wins before, a draw after: gave the win away (now a draw). A mistake (?).",
  );
  const best = await page.textContent("#review-best");
  assert.match(best, /^Best: 78 \(the only one\)\. Best line: 78 /);
  assert.match(await label(page, "review-board", 7), /^square 7: spooky X7/);
  assert.match(await label(page, "review-board", 9), /^square 9: spooky X7/);
  assert.match(await label(page, "review-board", 1), /^square 1: X1, classical/);
  // The list marks it, and shows it as the current step.
  const item = page.locator('#review-steps button[data-step="10"]');
  assert.equal(await item.textContent(), "X7: 79?");
  assert.equal(await item.getAttribute("aria-current"), "step");
  assert.equal(await item.evaluate((b) => b.parentElement.classList.contains("mistake")), true);
  await shot(page, "projector-review.png");
  // O8 78 kept the draw (X could not win after 79).
  await page.keyboard.press("ArrowRight");
  assert.match(await page.textContent("#review-text"), /^O8: 78 \(O8 in 7 and 8\): a draw before, a draw after: kept the draw\.$/);
  assert.equal(await page.isVisible("#review-best"), false);
  // The end: a draw, the board as the game ended.
  await page.click("#review-last");
  assert.equal(await page.textContent("#review-title"), "Review: step 13 of 13");
  assert.match(await page.textContent("#review-text"), /^O: @8 \(O lets X9 land in 8\): a draw before, a draw after: kept the draw\. The end: a draw\./);
  assert.match(await label(page, "review-board", 7), /^square 7: O8, classical/);
  assert.match(await label(page, "review-board", 9), /^square 9: X7, classical/);
  assert.equal(await page.isDisabled("#review-next"), true);
  // A click on an action of the list shows it.
  await page.click('#review-steps button[data-step="3"]');
  assert.equal(await page.textContent("#review-title"), "Review: step 3 of 13");
  await page.click("#review-close");
  await page.close();
});

test("the review at phone width", async () => {
  const page = await open(`#record=${encodeURIComponent(GAME)}`, PHONE);
  await page.click("#review-game");
  await page.waitForSelector("#review-steps li");
  await page.click('#review-steps button[data-step="10"]');
  const box = await page.locator("#review-board").boundingBox();
  assert.ok(box.x >= 0 && box.x + box.width <= PHONE.width, `the board spans ${box.x}..${box.x + box.width}`);
  await shot(page, "phone-review.png", { fullPage: true });
  await page.close();
});

// Puzzle 1 of the shipped set: 46 45 46 @6 38 17 27. X5 (17) in 1 and 7,
// O6 in 2 and 7: X7 17 closes a cycle with X5; either choice of O puts X5
// or X7 in 7 and 1, and O6 in 2: X's line 1-4-7. Any other action does not
// win (the set is proven unique); 39 is one.
test("a puzzle: a wrong click refused, the hint, solved by clicks, the progress over a reload", async () => {
  const page = await open("#puzzle=1");
  assert.equal(await page.isVisible("#puzzle"), true);
  assert.equal(await page.textContent("#puzzle-title"), "Puzzle 1 of 330");
  assert.equal(await page.textContent("#puzzle-grade"), "Depth 1: win in 1. Teaches: forcing a cycle.");
  assert.equal(await page.textContent("#puzzle-task"), "X to act and win in 1.");
  assert.match(await page.textContent("#puzzle-progress"), /^Solved so far: 0 of 330/);
  await page.click('#puzzle-board [data-square="3"]');
  await page.click('#puzzle-board [data-square="9"]');
  assert.equal(await page.textContent("#puzzle-message"), "39 does not win: try again.");
  assert.match(await label(page, "puzzle-board", 3), /^square 3: spooky O4$/);
  assert.match(await label(page, "puzzle-board", 9), /^square 9: empty$/);
  await page.click("#puzzle-hint");
  assert.equal(await page.textContent("#puzzle-message"), "Hint: think of forcing a cycle.");
  await page.click("#puzzle-hint");
  assert.match(await page.textContent("#puzzle-message"), /square 1/);
  assert.equal(await page.$eval('#puzzle-board [data-square="1"]', (s) => s.classList.contains("differs")), true);
  await shot(page, "projector-puzzle.png");
  await page.click('#puzzle-board [data-square="7"]');
  await page.click('#puzzle-board [data-square="1"]');
  assert.equal(await page.textContent("#puzzle-message"), "Solved: 17 (X7 in 1 and 7), @1 (O lets X7 land in 1).");
  assert.match(await label(page, "puzzle-board", 1), /^square 1: X7, classical/);
  assert.match(await label(page, "puzzle-board", 7), /^square 7: X5, classical/);
  assert.match(await label(page, "puzzle-board", 2), /^square 2: O6, classical/);
  assert.match(await page.textContent("#puzzle-progress"), /^Solved so far: 1 of 330/);
  await shot(page, "projector-puzzle-solved.png");
  // The progress survives a reload; the puzzle link opens it again.
  await page.reload();
  await page.waitForSelector("body[data-ready]");
  assert.equal(await page.textContent("#puzzle-title"), "Puzzle 1 of 330");
  assert.equal(await page.textContent("#puzzle-progress"), "Solved so far: 1 of 330 (kept in this browser). You solved this one before.");
  // Solved again by keyboard: Enter on 7, the up arrow twice to 1, Enter.
  await page.focus('#puzzle-board [data-square="7"]');
  await page.keyboard.press("Enter");
  await page.keyboard.press("ArrowUp");
  await page.keyboard.press("ArrowUp");
  await page.keyboard.press("Enter");
  assert.equal(await page.textContent("#puzzle-message"), "Solved: 17 (X7 in 1 and 7), @1 (O lets X7 land in 1).");
  assert.match(await page.textContent("#puzzle-progress"), /^Solved so far: 1 of 330/);
  await page.click("#puzzle-next");
  assert.equal(await page.textContent("#puzzle-title"), "Puzzle 2 of 330");
  assert.equal(await page.evaluate(() => location.hash), "#puzzle=2&lang=en");
  assert.match(await page.getAttribute("#puzzle-link", "href"), /#puzzle=2&lang=en$/);
  // Closed, the game's address is back; "Puzzles" opens the first one not solved.
  await page.click("#puzzle-close");
  await page.waitForFunction(() => location.hash.startsWith("#record="));
  await page.click("#puzzles-open");
  assert.equal(await page.textContent("#puzzle-title"), "Puzzle 2 of 330");
  await page.close();
});

// Puzzle 118: 29 56 56 @6 27 38 19 79 @9. Worked by hand: X1 in 2, O2 in 5,
// X3 in 6, O4 in 7, O6 in 1, X7 in 9; X5 spooky in 3 and 8; O8 to act.
// The solution: O8 34, X9 34 (a cycle of X9 and O8 closed by X, so O
// chooses), @3 (X9 in 3, O8 in 4, X5 in 8: X's 3-6-9 and O's 1-4-7, O's
// newest mark O8 older than X9: O wins). Off the solution's line, @4 wins
// as soon (X9 in 4, O8 in 3, X5 in 8: O's 3-5-7, X no line): right too.
test("a puzzle solved by another line that wins as soon as the solution's", async () => {
  const page = await open("#puzzle=118");
  assert.equal(await page.textContent("#puzzle-task"), "O to act and win in 2.");
  await page.click('#puzzle-board [data-square="3"]');
  await page.click('#puzzle-board [data-square="4"]');
  assert.equal(
    await page.textContent("#puzzle-message"),
    "O8 in 3 and 4: right. The reply: X9 in 3 and 4. Your turn again.",
  );
  await page.click('#puzzle-board [data-square="4"]'); // @4: X9 lands in 4
  await page.waitForFunction(() => document.querySelector("#puzzle-message").textContent.startsWith("Solved"));
  assert.equal(await page.textContent("#puzzle-message"), "Solved, by another line that wins as soon as the solution's.");
  assert.match(await label(page, "puzzle-board", 3), /^square 3: O8, classical/);
  assert.match(await label(page, "puzzle-board", 4), /^square 4: X9, classical/);
  assert.match(await label(page, "puzzle-board", 8), /^square 8: X5, classical/);
  assert.match(await page.textContent("#puzzle-progress"), /^Solved so far: 1 of 330/);
  await page.close();
});

test("a puzzle at phone width, and its solution shown", async () => {
  const page = await open("#puzzle=201", PHONE);
  assert.equal(await page.textContent("#puzzle-title"), "Puzzle 201 of 330");
  await page.click("#puzzle-solution");
  // Puzzle 201 (79 58 26 37 18 59 68 23): O8 in 2 and 3 closes the cycle
  // 2-6-8-5-9-7-3; X chooses, then X9 takes the last square, 4, classical.
  assert.equal(
    await page.textContent("#puzzle-message"),
    "The solution: @2 (X lets O8 land in 2), 4 (X9 in 4, classical).",
  );
  const box = await page.locator("#puzzle-board").boundingBox();
  assert.ok(box.x >= 0 && box.x + box.width <= PHONE.width, `the board spans ${box.x}..${box.x + box.width}`);
  await shot(page, "phone-puzzle.png", { fullPage: true });
  await page.close();
});

// A link followed in the instant the puzzle dialog closes (its close event
// comes after the new address) is kept: the game of the link is on the board.
test("a link followed as the puzzle dialog closes is not lost", async () => {
  const page = await open("#puzzle=1");
  await page.evaluate(() => {
    document.getElementById("puzzle").close();
    location.hash = "#record=19&lang=en";
  });
  await page.waitForFunction(() => document.getElementById("permalink").href.includes("record=19"), null, { timeout: 5000 });
  assert.equal(new URL(page.url()).hash, "#record=19&lang=en");
  assert.match(await label(page, "board", 9), /^square 9: spooky X1$/);
  await page.close();
});

test("no console errors, no failed requests", () => {
  assert.deepEqual(errors, []);
});
