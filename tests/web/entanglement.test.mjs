// The entanglement drawn and a collapse step by step, in the playground
// (web/board.js, web/steps.js) in Debian's Chromium: plays by clicks into a
// cycle, counts the lines (one per spooky mark, the cycle's marked), steps
// through the collapse back and forth checking each caption against the
// order worked out by hand, and switches the lines off and on (remembered
// across a reload); and measures where the labels sit (inside a square, off
// the grid lines and the numbers). Screenshots go to target/web-screenshots/.
//   node --test tests/web/   (tests/web/run.sh serves the site and sets QTTT_SITE)
import { test, after } from "node:test";
import assert from "node:assert/strict";
import { SITE, useBrowser, watch, shot } from "./browser.mjs";

const browser = useBrowser();
const errors = [];

after(() => assert.deepEqual(errors, []));

async function open(options = {}) {
  const page = await browser.newPage({ viewport: { width: 1200, height: 1000 }, ...options });
  watch(page, errors);
  await page.goto(`${SITE}/`);
  await page.waitForSelector("body[data-ready]");
  return page;
}

async function clickMove(page, token) {
  for (const square of token) await page.click(`#board [data-square="${square}"]`);
}

const fullShot = (page, name) => shot(page, name, { fullPage: true });
const caption = (page) => page.textContent("#steps-caption");

// X1 58, O2 47, X3 67, O4 59, X5 48; O6 68 closes the cycle 6-7-4-8 of
// O6, X3 (67), O2 (47) and X5 (48); X1 (58) and O4 (59) hang off it.
const RECORD = ["58", "47", "67", "59", "48", "68"];
// X lets O6 land in 8: X1 and X5 are forced out of 8 (to 5 and to 4, in
// move-number order); then from 5, X1 forces O4 to 9; from 4, X5 forces
// O2 to 7; from 7, O2 forces X3 to 6. Worked by hand (docs/API.md's order).
const CAPTIONS = [
  "Before the collapse: the cycle O2, X3, X5, O6. O6 lands in 8 first; 6 steps in all.",
  "Step 1 of 6: O6 lands in 8, the chooser's square.",
  "Step 2 of 6: O6 landed in 8, so X1 leaves 8 for its other square, 5.",
  "Step 3 of 6: O6 landed in 8, so X5 leaves 8 for its other square, 4.",
  "Step 4 of 6: X1 landed in 5, so O4 leaves 5 for its other square, 9.",
  "Step 5 of 6: X5 landed in 4, so O2 leaves 4 for its other square, 7.",
  "Step 6 of 6: O2 landed in 7, so X3 leaves 7 for its other square, 6. Every mark tied to the cycle is classical now.",
];
// The square each step lands in, and its mark.
const LANDINGS = [
  [8, "O6"],
  [5, "X1"],
  [4, "X5"],
  [9, "O4"],
  [7, "O2"],
  [6, "X3"],
];

test("lines for the spooky marks, the cycle marked, the collapse step by step", async () => {
  const page = await open();
  for (const token of RECORD.slice(0, 3)) await clickMove(page, token);
  // Three spooky marks, three lines, each labelled with its mark; no cycle yet.
  assert.deepEqual(await page.$$eval("#board .entanglement .pair", (ps) => ps.map((p) => p.dataset.mark)), ["X1", "O2", "X3"]);
  assert.deepEqual(await page.$$eval("#board .entanglement .label", (ls) => ls.map((l) => l.textContent)), ["X1", "O2", "X3"]);
  assert.equal(await page.locator("#board .entanglement .cycle").count(), 0);
  await fullShot(page, "entanglement-lines.png");

  for (const token of RECORD.slice(3)) await clickMove(page, token);
  assert.equal(await page.locator("#board .entanglement .pair").count(), 6);
  assert.deepEqual(await page.$$eval("#board .entanglement .pair.cycle", (ps) => ps.map((p) => p.dataset.mark)), ["O2", "X3", "X5", "O6"]);
  assert.equal(
    await page.textContent("#status"),
    "A cycle! X chooses where O6 lands: square 6 or 8. The cycle: O2, X3, X5, O6 (their lines drawn thick).",
  );
  await fullShot(page, "entanglement-cycle.png");

  // A preview stepped through before choosing: O6 in 6. The panel takes the focus.
  await page.click('#choices button[data-steps="@6"]');
  assert.equal(await page.evaluate(() => document.activeElement.id), "steps-play");
  assert.equal(await page.textContent("#steps-title"), "If O6 lands in 6: the collapse, step by step");
  await page.click("#steps-play"); // pause
  assert.equal(await caption(page), "Step 1 of 6: O6 lands in 6, the chooser's square.");

  // The choice: @8. The panel plays by itself to the last step.
  await page.click('#choices button[data-action="@8"]');
  assert.equal(await page.textContent("#steps-title"), "The collapse, step by step: O6 landed in 8");
  assert.equal(await page.getAttribute("#steps-play", "aria-pressed"), "true");
  await page.waitForFunction((last) => document.getElementById("steps-caption").textContent === last, CAPTIONS[6], {
    timeout: 30_000,
  });
  assert.equal(await page.getAttribute("#steps-play", "aria-pressed"), "false");
  assert.equal(await page.isDisabled("#steps-next"), true);

  // Back to the start, one step at a time, then forward again by the keyboard.
  const check = async (k) => {
    assert.equal(await caption(page), CAPTIONS[k]);
    assert.equal(await page.locator("#steps-board .entanglement .pair").count(), 6 - k, `lines at step ${k}`);
    for (const [i, [square, mark]] of LANDINGS.entries()) {
      const label = await page.getAttribute(`#steps-board [data-square="${square}"]`, "aria-label");
      if (i < k) assert.equal(label, `square ${square}: ${mark}, classical`, `step ${k}`);
      else assert.match(label, /spooky/, `step ${k}: ${label}`);
    }
  };
  await check(6);
  for (let k = 5; k >= 0; k -= 1) {
    await page.click("#steps-previous");
    await check(k);
  }
  assert.equal(await page.isDisabled("#steps-previous"), true);
  for (let k = 1; k <= 6; k += 1) {
    await page.keyboard.press("ArrowRight");
    await check(k);
    if (k === 3) {
      await page.waitForTimeout(700); // the flight's end, for the picture only
      await fullShot(page, "entanglement-mid-collapse.png");
    }
  }
  await page.keyboard.press("Home");
  await check(0);
  await page.keyboard.press("End");
  await check(6);
  await page.close();
});

test("the switch turns the lines off and on, and is remembered", async () => {
  const page = await open();
  await clickMove(page, "15");
  assert.equal(await page.locator("#board .entanglement .pair").count(), 1);
  await page.uncheck("#entanglement");
  assert.equal(await page.locator("#board .entanglement").count(), 0);
  await clickMove(page, "15"); // a cycle, named without a word about lines
  assert.equal(await page.textContent("#status"), "A cycle! X chooses where O2 lands: square 1 or 5. The cycle: X1, O2.");
  await page.click("#undo");
  await page.reload();
  await page.waitForSelector("body[data-ready]");
  assert.equal(await page.isChecked("#entanglement"), false);
  assert.equal(await page.locator("#board .entanglement").count(), 0);
  await page.check("#entanglement");
  await page.reload();
  await page.waitForSelector("body[data-ready]");
  assert.equal(await page.isChecked("#entanglement"), true);
  assert.equal(await page.locator("#board .entanglement .pair").count(), 1); // the link kept the game
  await page.close();
});

test("with reduced motion nothing flies and nothing plays by itself", async () => {
  const page = await open({ reducedMotion: "reduce" });
  for (const token of RECORD) await clickMove(page, token);
  await page.click('#choices button[data-action="@8"]');
  assert.equal(await caption(page), CAPTIONS[1]);
  assert.equal(await page.getAttribute("#steps-play", "aria-pressed"), "false");
  await page.click("#steps-next");
  assert.equal(await caption(page), CAPTIONS[2]);
  assert.equal(await page.locator("#steps-board .landing").count(), 1);
  assert.equal(await page.locator("#steps-board .landing.animate").count(), 0);
  await page.close();
});

test("the labels sit inside a square, off the grid lines and the squares' numbers", async () => {
  // Every mark in two neighbouring squares (each curve's middle on a grid
  // line), marks crossing the centre, two marks in the same squares, a cycle.
  for (const record of ["12 45 78 23 56 89 14 47", "15 26 37 48 59 16 27 38", "13 13", "12 23 31"]) {
    const page = await browser.newPage({ viewport: { width: 1200, height: 1000 } });
    watch(page, errors);
    await page.goto(`${SITE}/#record=${encodeURIComponent(record)}`);
    await page.waitForSelector("body[data-ready]");
    const found = await page.$$eval("#board .entanglement .label", (labels) => {
      const squares = [...document.querySelectorAll("#board .square")].map((square) => ({
        n: square.dataset.square,
        box: square.getBoundingClientRect(),
        number: square.querySelector(".number").getBoundingClientRect(),
      }));
      const meets = (a, b) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
      return labels.map((label) => {
        const box = label.getBoundingClientRect();
        // Inside one square, clear of its 1 px border (the grid line).
        const home = squares.find(
          (s) => box.left > s.box.left + 1 && box.right < s.box.right - 1 && box.top > s.box.top + 1 && box.bottom < s.box.bottom - 1,
        );
        return { mark: label.textContent, square: home?.n ?? null, onNumber: squares.some((s) => meets(box, s.number)) };
      });
    });
    assert.equal(found.length, record.split(" ").length, record); // a label for every spooky mark
    for (const { mark, square, onNumber } of found) {
      assert.ok(square, `${record}: ${mark}'s label is on a grid line`);
      assert.equal(onNumber, false, `${record}: ${mark}'s label is on a square's number`);
    }
    if (record === "12 45 78 23 56 89 14 47") await shot(page, "entanglement-labels.png");
    await page.close();
  }
});
