// "Play online" (web/online.html, web/class.html) in a real browser
// against a running qttt-server: two isolated contexts play a whole game by
// clicks, a collapse choice included; a third watches; one player reloads
// mid-game and keeps its seat; a fourth opening the shared link can only
// watch; the class page shows the live board. Screenshots go to
// target/web-screenshots/online-*.png for a person to look at.
//   tests/server/run.sh starts the server and sets QTTT_SERVER.
import { test } from "node:test";
import assert from "node:assert/strict";
import { SHOTS, useBrowser } from "./browser.mjs";

const SERVER = process.env.QTTT_SERVER;
const skip = SERVER ? false : "QTTT_SERVER is not set (tests/server/run.sh sets it)";
const browser = useBrowser({ site: false, skip });
const errors = [];

/** A page in a context of its own (its own local storage: its own seat). */
async function person(path) {
  const context = await browser.newContext({ viewport: { width: 1100, height: 800 } });
  const page = await context.newPage();
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(`console: ${message.text()}`);
  });
  page.on("pageerror", (error) => errors.push(`page: ${error.message}`));
  await page.goto(`${SERVER}${path}`);
  return page;
}

const status = (page) => page.textContent("#status");
const waitStatus = (page, text) =>
  page.waitForFunction((t) => document.getElementById("status").textContent.includes(t), text);
const waitRecord = (page, record) =>
  page.waitForFunction((r) => document.getElementById("moves").textContent === (r ? `Record: ${r}` : ""), record);

test("two people play a whole game online, watched, with a reload", { skip }, async () => {
  const created = await fetch(`${SERVER}/api/classes`, { method: "POST" });
  const { class: classCode } = await created.json();

  // X creates a table in the class and gets its link.
  const x = await person(`/online.html?class=${classCode}`);
  await x.click("#create button[type=submit]");
  await x.waitForURL(/\/t\/[0-9A-Z]{6}$/);
  await waitStatus(x, "You play X");
  const code = new URL(x.url()).pathname.slice(3);
  assert.equal(await x.textContent("#link"), `${SERVER}/t/${code}`);

  // O opens the link and takes the free seat; a spectator watches.
  const o = await person(`/t/${code}`);
  await waitStatus(o, "You play O");
  await x.waitForFunction(() => document.querySelector('#seats [data-side="O"]').textContent.includes("connected"));
  const watcher = await person(`/t/${code}?watch`);
  await waitStatus(watcher, "You are watching");

  // A fourth person opening the shared link finds both seats taken.
  const fourth = await person(`/t/${code}`);
  await waitStatus(fourth, "You are watching");

  // The worked example: 58 47 67 59 48 68, then X chooses @8.
  const moves = ["58", "47", "67", "59", "48", "68"];
  const played = [];
  for (const [i, move] of moves.entries()) {
    const mover = i % 2 === 0 ? x : o;
    await mover.click(`#board [data-square="${move[0]}"]`);
    await mover.click(`#board [data-square="${move[1]}"]`);
    played.push(move);
    for (const page of [x, o, watcher]) await waitRecord(page, played.join(" "));
    if (i === 2) {
      // O reloads mid-game and is back in its seat.
      await o.reload();
      await waitStatus(o, "You play O");
      await waitRecord(o, played.join(" "));
      assert.match(await status(o), /Your move/);
    }
  }
  // The spectator and the fourth person have no buttons to press.
  assert.equal(await fourth.locator("#board button.square").count(), 0);
  assert.equal(await watcher.locator("#board button.square").count(), 0);
  assert.equal(await fourth.locator("#resign").isVisible(), false);

  // The collapse choice.
  await waitStatus(x, "Choose where the newest mark lands: 6 or 8");
  await x.screenshot({ path: new URL("online-collapse.png", SHOTS).pathname });
  await x.click('#board [data-square="8"]');
  for (const page of [x, o, watcher, fourth]) await waitStatus(page, "X wins with a line.");
  assert.equal(await x.locator("#rematch").isVisible(), true);

  // The class page shows the board.
  const teacher = await person(`/class/${classCode}`);
  await teacher.waitForSelector(`.board.small[data-table="${code}"]`);
  assert.match(await teacher.textContent("#boards"), new RegExp(`${code}: X – O, X won \\(line\\)`));

  await x.screenshot({ path: new URL("online-x.png", SHOTS).pathname });
  await o.screenshot({ path: new URL("online-o.png", SHOTS).pathname });
  await watcher.screenshot({ path: new URL("online-watcher.png", SHOTS).pathname });
  await teacher.screenshot({ path: new URL("online-class.png", SHOTS).pathname });
  assert.deepEqual(errors, []);
});
