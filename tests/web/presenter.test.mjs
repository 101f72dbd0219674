// The presenter layout (docs/classroom.md), for a class at a projector of
// 1280x720: switched on by its checkbox or by present=1 in the link (which
// the page's own links then carry, the language staying last in the hash).
// Measured in the browser: nothing to scroll, the board, the status and
// every ensemble board inside the viewport, the ensemble's boards one size
// and at least MIN_ENSEMBLE px with marks of at least MIN_MARK px, with 7,
// 10 and 12 boards, with hints on and at a collapse. The screenshots
// (target/web-screenshots/presenter-*.png) are for a person to look at.
//   node --test tests/web/   (tests/web/run.sh serves the site and sets QTTT_SITE)
import { test } from "node:test";
import assert from "node:assert/strict";
import { SITE, useBrowser, watch, shot } from "./browser.mjs";

const browser = useBrowser();
const errors = [];

const VIEWPORT = { width: 1280, height: 720 };
/** The least the layout promises at 1280x720 (style.css): twelve ensemble boards of 110 px, marks of 24 px. */
const MIN_ENSEMBLE = 110;
const MIN_MARK = 24;
/** The main board: large for the room, at least 400 px. */
const MIN_BOARD = 400;

// Ensembles counted by hand (docs/ensemble.md): a chain of k spooky marks
// joining k + 1 squares, no cycle, has k + 1 classical boards (the squares
// left empty: any one of them); separate chains multiply.
const TWELVE = "12 23 45 67"; // 3 (1-2-3) x 2 (4-5) x 2 (6-7)
const TEN = "12 23 34 45 67"; // 5 (1-2-3-4-5) x 2 (6-7)
const SEVEN = "12 23 34 45 56 67"; // 7 (1-2-...-7)

async function open(hash) {
  const page = await browser.newPage({ viewport: VIEWPORT });
  watch(page, errors, { responses: true });
  await page.goto(`${SITE}/${hash}`);
  await page.waitForSelector("body[data-ready]");
  return page;
}

const link = (record, extra = "") => `#record=${encodeURIComponent(record)}${extra}`;
/** The hash as the page writes it (URLSearchParams: a space is "+"). */
const written = (record, extra) => `#record=${record.replaceAll(" ", "+")}${extra}`;

/** The boxes the layout must keep in view, and the ensemble boards' sizes and marks, as the browser lays them out. */
function measure(page) {
  return page.evaluate(() => {
    const box = (element) => {
      const { left, top, right, bottom, width, height } = element.getBoundingClientRect();
      return { left, top, right, bottom, width, height };
    };
    const $ = (selector) => document.querySelector(selector);
    return {
      present: document.body.classList.contains("present"),
      scroll: { width: document.documentElement.scrollWidth, height: document.documentElement.scrollHeight },
      view: { width: innerWidth, height: innerHeight },
      boxes: {
        board: box($("#board")),
        status: box($("#status")),
        ensemble: box($("#ensemble")),
        side: box($(".side")),
        ...(!$("#choices").hidden && { choices: box($("#choices")) }),
      },
      ensemble: [...document.querySelectorAll("#ensemble-boards .ensemble-board")].map((board) => ({
        ...box(board),
        marks: [...board.querySelectorAll("span.X, span.O")].map((mark) => ({
          size: parseFloat(getComputedStyle(mark).fontSize),
          clipped: mark.scrollWidth > mark.clientWidth,
        })),
      })),
    };
  });
}

/** Everything in view, nothing to scroll, `count` ensemble boards of one size above the minimum. */
function assertFits(m, count, where) {
  assert.ok(m.present, `${where}: the presenter layout is not on`);
  assert.deepEqual(m.view, VIEWPORT);
  assert.ok(m.scroll.height <= VIEWPORT.height, `${where}: the page scrolls (${m.scroll.height} px high)`);
  assert.ok(m.scroll.width <= VIEWPORT.width, `${where}: the page scrolls sideways (${m.scroll.width} px wide)`);
  const inside = (b, name) =>
    assert.ok(
      b.left >= 0 && b.top >= 0 && b.right <= VIEWPORT.width && b.bottom <= VIEWPORT.height && b.width > 0,
      `${where}: ${name} not in view: ${JSON.stringify(b)}`,
    );
  for (const [name, b] of Object.entries(m.boxes)) inside(b, name);
  assert.ok(m.boxes.board.width >= MIN_BOARD, `${where}: the board is ${m.boxes.board.width} px`);
  assert.equal(m.ensemble.length, count, `${where}: ensemble boards`);
  const size = m.ensemble[0].width;
  m.ensemble.forEach((b, i) => {
    const which = `${where}: ensemble board ${i + 1}`;
    inside(b, which);
    // Inside the ensemble's panel, clear of the board.
    assert.ok(b.left >= m.boxes.board.right && b.bottom <= m.boxes.ensemble.bottom + 0.5, `${which} outside its panel`);
    assert.ok(b.width >= MIN_ENSEMBLE, `${which} is ${b.width} px`);
    assert.ok(Math.abs(b.width - size) < 0.5 && Math.abs(b.height - b.width) < 0.5, `${which}: ${b.width}x${b.height}, not ${size} square`);
    for (const mark of b.marks) {
      assert.ok(mark.size >= MIN_MARK, `${which}: a mark at ${mark.size} px`);
      assert.equal(mark.clipped, false, `${which}: a mark clipped`);
    }
  });
}

test("the switch turns it on and the link carries it, the language last", async () => {
  const page = await open(link(TWELVE, "&lang=en"));
  assert.equal(await page.isChecked("#present"), false);
  assert.equal(await page.evaluate(() => document.body.classList.contains("present")), false);
  await page.check("#present");
  assert.equal(await page.evaluate(() => location.hash), written(TWELVE, "&present=1&lang=en"));
  assert.equal(await page.getAttribute("#permalink", "href"), written(TWELVE, "&present=1&lang=en"));
  assertFits(await measure(page), 12, "12 boards, switched on");
  await shot(page, "presenter-12.png");
  await page.uncheck("#present");
  assert.equal(await page.evaluate(() => location.hash), written(TWELVE, "&lang=en"));
  await page.close();

  // A link with present=1 opens in it, in the link's language; present=0 turns it off.
  const linked = await open(link(TWELVE, "&present=1&lang=de"));
  assert.equal(await linked.isChecked("#present"), true);
  assert.equal(await linked.getAttribute("html", "lang"), "de");
  assertFits(await measure(linked), 12, "12 boards, from the link, in German");
  await shot(linked, "presenter-12-de.png");
  // A link that does not say (a lesson's link followed in the page) leaves the layout on.
  await linked.evaluate((hash) => (location.hash = hash), link(SEVEN, "&lang=de"));
  await linked.waitForFunction(() => document.querySelectorAll("#ensemble-boards .ensemble-board").length === 7);
  assert.equal(await linked.isChecked("#present"), true);
  assert.equal(await linked.evaluate(() => location.hash), written(SEVEN, "&present=1&lang=de"));
  await linked.evaluate((hash) => (location.hash = hash), link(SEVEN, "&present=0&lang=de"));
  await linked.waitForFunction(() => !document.body.classList.contains("present"));
  assert.equal(await linked.isChecked("#present"), false);
  await linked.close();
});

test("7, 10 and 12 ensemble boards fit, one size, shrinking evenly", async () => {
  const sizes = [];
  for (const [record, count] of [
    [SEVEN, 7],
    [TEN, 10],
    [TWELVE, 12],
  ]) {
    const page = await open(link(record, "&present=1&lang=en"));
    const m = await measure(page);
    assertFits(m, count, `${count} boards`);
    sizes.push(m.ensemble[0].width);
    if (count === 10) await shot(page, "presenter-10.png");
    await page.close();
  }
  // More boards, smaller boards (or the same, where the rows are as many).
  assert.ok(sizes[0] >= sizes[1] && sizes[1] >= sizes[2], `sizes ${sizes}`);
});

test("with hints on, and at a collapse, the board and its ensemble stay in view", async () => {
  const page = await open(link(SEVEN, "&present=1&lang=en"));
  await page.check("#hints");
  await page.waitForSelector("#hint-list li[data-action]", { timeout: 60_000 });
  assert.ok((await page.locator("#hint-list li[data-action]").count()) > 10);
  assertFits(await measure(page), 7, "7 boards, hints on");
  await shot(page, "presenter-hints.png");
  await page.close();

  // X7 (in 7 and 1) closes the chain 1-2-3-4-5-6-7 into a cycle: the
  // previews show, and the ensemble keeps the cycle's two ways round.
  const collapse = await open(link(`${SEVEN} 17`, "&present=1&lang=en"));
  assert.equal(await collapse.isVisible("#choices"), true);
  assertFits(await measure(collapse), 2, "a collapse"); // the previews in view too, at the side column's top
  await collapse.check("#hints"); // which scrolls the side column, not the page, to the switch
  await collapse.waitForSelector("#hint-list li[data-action]", { timeout: 60_000 });
  await collapse.evaluate(() => (document.querySelector(".side").scrollTop = 0));
  assertFits(await measure(collapse), 2, "a collapse, hints on");
  await shot(collapse, "presenter-collapse.png");
  await collapse.close();
});

test("no console errors, no failed requests", () => {
  assert.deepEqual(errors, []);
});
