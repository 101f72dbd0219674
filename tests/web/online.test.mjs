// "Play online" (web/online.html, web/class.html) in a real browser
// against a running qttt-server: two isolated contexts play a whole game by
// clicks, a collapse choice included; a third watches; one player reloads
// mid-game and keeps its seat; a fourth opening the shared link can only
// watch; the class page shows the live board. A German class: the class
// page's student link, a table created from it, a partner joining by the
// code, the whole game and its review link, all in German. A watcher takes
// a free seat. Players give their names (kept in the browser, shown as
// text at the table and on the class page). The class page with 12 tables
// fits a 1280×720 projector, warns when opened as localhost, and says so
// when the server is gone.
// Screenshots go to target/web-screenshots/online-*.png for a person to
// look at.
//   tests/server/run.sh starts the server and sets QTTT_SERVER.
import { test } from "node:test";
import assert from "node:assert/strict";
import { SHOTS, useBrowser } from "./browser.mjs";

const SERVER = process.env.QTTT_SERVER;
const skip = SERVER ? false : "QTTT_SERVER is not set (tests/server/run.sh sets it)";
// class.school: this server under a name that is not localhost, as a school network's would be.
const browser = useBrowser({ site: false, skip, args: ["--host-resolver-rules=MAP class.school 127.0.0.1"] });
const errors = [];

/** A page in a context of its own (its own local storage: its own seat). */
async function person(path, { viewport = { width: 1100, height: 800 }, locale = "en-US", server = SERVER } = {}) {
  const context = await browser.newContext({ viewport, locale });
  const page = await context.newPage();
  // Waits are for conditions; this only bounds them (a hang guard, generous
  // for a loaded machine).
  page.setDefaultTimeout(120_000);
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(`console: ${message.text()}`);
  });
  page.on("pageerror", (error) => errors.push(`page: ${error.message}`));
  await page.goto(`${server}${path}`);
  return page;
}

const status = (page) => page.textContent("#status");
const waitStatus = (page, text) =>
  page.waitForFunction((t) => document.getElementById("status").textContent.includes(t), text);
const waitRecord = (page, record, label = "Record") =>
  page.waitForFunction(([r, l]) => document.getElementById("moves").textContent === (r ? `${l}: ${r}` : ""), [record, label]);

test("two people play a whole game online, watched, with a reload", { skip }, async () => {
  const created = await fetch(`${SERVER}/api/classes`, { method: "POST" });
  const { class: classCode } = await created.json();

  // X creates a table in the class and gets its link.
  const x = await person(`/online.html?class=${classCode}`);
  await x.click("#create button[type=submit]");
  await x.waitForURL(/\/t\/[0-9A-Z]{6}\?lang=en$/);
  await waitStatus(x, "You play X");
  const code = new URL(x.url()).pathname.slice(3);
  assert.equal(await x.textContent("#link"), `${SERVER}/t/${code}?lang=en`);

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
  // Both made a line in the collapse: @8 puts O6 in 8, X5 in 4, O2 in 7,
  // X3 in 6, X1 in 5, O4 in 9; X's 4-5-6 (newest X5) came before O's 7-8-9 (newest O6).
  const result = "Game 1: X wins: both players made a line, and X's 4-5-6 came first (its newest mark is X5, older than O6 in O's 7-8-9).";
  for (const page of [x, o, watcher, fourth]) await waitStatus(page, result);
  assert.equal(await status(x), result);
  assert.equal(await x.locator("#rematch").isVisible(), true);

  // The class page shows the board.
  const teacher = await person(`/class/${classCode}`);
  await teacher.waitForSelector(`.board.small[data-table="${code}"]`);
  // Both made a line: the caption says whose came first (docs/RULES.md).
  assert.equal(await teacher.innerText(`li:has([data-table="${code}"]) figcaption`), `${code} X – O\nX won: both made a line, X's first`);

  await x.screenshot({ path: new URL("online-x.png", SHOTS).pathname });
  await o.screenshot({ path: new URL("online-o.png", SHOTS).pathname });
  await watcher.screenshot({ path: new URL("online-watcher.png", SHOTS).pathname });
  await teacher.screenshot({ path: new URL("online-class.png", SHOTS).pathname });
  assert.deepEqual(errors, []);
});

/** Plays `actions` at `table` over two WebSockets opened by `page` (the two seats), as a class's students would. */
function playAt(page, table, actions) {
  return page.evaluate(async ({ table, actions }) => {
    const seat = () => new Promise((resolve) => {
      const socket = new WebSocket(`ws://${location.host}/ws`);
      const frames = [];
      let wake = () => {};
      socket.onmessage = (event) => { frames.push(JSON.parse(event.data)); wake(); };
      const client = {
        socket,
        async until(test) {
          for (;;) {
            const i = frames.findIndex(test);
            if (i >= 0) return frames.splice(0, i + 1)[i];
            // A refusal fails the test by what it says instead of leaving it waiting.
            const refused = frames.find((frame) => frame.type === "error");
            if (refused) throw new Error(`refused: ${JSON.stringify(refused)}`);
            await new Promise((r) => { wake = r; });
          }
        },
      };
      // Seated once welcomed: the second seat's join must not overtake the first's (it would take X).
      socket.onopen = () => {
        socket.send(JSON.stringify({ type: "join", table, take: true }));
        client.until((frame) => frame.type === "welcome").then(() => resolve(client));
      };
    });
    const x = await seat();
    const o = await seat();
    const plies = (frame) => (frame.view.record ? frame.view.record.split(" ").length : 0);
    for (const [ply, action] of actions.entries()) {
      const mover = ply % 2 === 0 ? x : o; // no collapses in these records: X and O alternate
      mover.socket.send(JSON.stringify({ type: "act", action, ply }));
      // Both seats hear of it before the next: through nginx the seats may be
      // on different instances, and the next mover's must know this action
      // (by the database's notice) before it is sent the next one.
      for (const seat of [x, o]) await seat.until((f) => f.type === "update" && plies(f) === ply + 1);
    }
    x.socket.close();
    o.socket.close();
  }, { table, actions });
}

async function newClass() {
  const response = await fetch(`${SERVER}/api/classes`, { method: "POST" });
  return (await response.json()).class;
}

async function newTable(body) {
  const response = await fetch(`${SERVER}/api/tables`, { method: "POST", body: JSON.stringify(body) });
  return (await response.json()).table;
}

test("a German class: the student link, a table, joining by code, a whole game and its review", { skip }, async () => {
  const classCode = await newClass();
  const teacher = await person(`/class/${classCode}?lang=de`);
  await teacher.waitForFunction(() => document.getElementById("status").textContent === "Noch keine Tische.");
  assert.equal(await teacher.getAttribute("html", "lang"), "de");
  assert.equal(await teacher.textContent("h1"), "Quanten-Tic-Tac-Toe: eine Klasse");
  assert.equal(await teacher.inputValue("#language"), "de");
  const studentLink = await teacher.getAttribute("#new-table", "href");
  assert.equal(studentLink, `/online.html?class=${classCode}&lang=de`);

  // A student with an English browser follows the link: the page is German.
  const x = await person(studentLink);
  await waitStatus(x, "Legen Sie einen Tisch an und teilen Sie dann seinen Link.");
  assert.equal(await x.inputValue("#create [name=class]"), classCode);
  assert.equal(await x.textContent("#create button[type=submit]"), "Tisch anlegen");
  await x.click("#create button[type=submit]");
  await x.waitForURL(/\/t\/[0-9A-Z]{6}\?lang=de$/);
  const code = new URL(x.url()).pathname.slice(3);
  await waitStatus(x, "Sie spielen X. Sie sind am Zug.");
  assert.equal(await x.textContent("#table-heading"), `Tisch ${code}`);
  assert.equal(await x.textContent("#link"), `${SERVER}/t/${code}?lang=de`);
  assert.equal(await x.textContent('#seats [data-side="O"]'), "O: eine Person — Platz frei: Link teilen");

  // The partner, whose browser prefers German, types the code (in lower case, with a space).
  const o = await person("/online.html", { locale: "de-DE" });
  await waitStatus(o, "Legen Sie einen Tisch an");
  assert.equal(await o.textContent("#join legend"), "An einen Tisch setzen");
  await o.fill("#join [name=code]", ` ${code.slice(0, 3).toLowerCase()} ${code.slice(3)}`);
  await o.click("#join button[type=submit]");
  await o.waitForURL(`${SERVER}/t/${code}?lang=de`);
  await waitStatus(o, "Sie spielen O. Warten auf X.");

  const moves = ["58", "47", "67", "59", "48", "68"];
  for (const [i, move] of moves.entries()) {
    const mover = i % 2 === 0 ? x : o;
    await mover.click(`#board [data-square="${move[0]}"]`);
    await mover.click(`#board [data-square="${move[1]}"]`);
    await waitRecord(x, moves.slice(0, i + 1).join(" "), "Partie");
  }
  await waitStatus(x, "Sie spielen X. Wählen Sie, wo sich das neueste Zeichen festsetzt: 6 oder 8.");
  await x.click('#board [data-square="8"]');
  const result = "Partie 1: X gewinnt: Beide Spieler haben eine Reihe, und die Reihe 4-5-6 von X war zuerst fertig (ihr neuestes Zeichen X5 ist älter als O6 in der Reihe 7-8-9 von O).";
  for (const page of [x, o]) await waitStatus(page, result);
  assert.equal(await x.textContent("#rematch"), "Revanche");
  assert.equal(await x.textContent("#moves"), "Partie: 58 47 67 59 48 68 @8");
  // The review: the playground opens the game from its link, in German.
  assert.equal(await x.textContent("#review-link"), "Diese Partie im Spielplatz analysieren");
  assert.equal(await x.getAttribute("#review-link", "href"), "/#record=58+47+67+59+48+68+%408&lang=de");
  assert.equal(await x.getAttribute("#class-link", "href"), `/class/${classCode}?lang=de`);
  await x.screenshot({ path: new URL("online-de-table.png", SHOTS).pathname });

  // The class page: the board in German, its link keeps the language.
  await teacher.waitForFunction((c) => document.querySelector(`li:has([data-table="${c}"]) figcaption`)?.innerText.endsWith("fertig"), code);
  assert.equal(await teacher.innerText(`li:has([data-table="${code}"]) figcaption`), `${code} X – O\nX gewann: beide haben eine Reihe, die von X war zuerst fertig`);
  assert.equal(await teacher.getAttribute(`li:has([data-table="${code}"]) a`, "href"), `/t/${code}?watch=&lang=de`);
  // The language select switches the page and its address.
  await teacher.selectOption("#language", "nl");
  await teacher.waitForFunction(() => document.getElementById("status").textContent === "1 tafel");
  assert.match(teacher.url(), /\?lang=nl$/);
  assert.equal(await teacher.getAttribute("#new-table", "href"), `/online.html?class=${classCode}&lang=nl`);
  assert.deepEqual(errors, []);
});

test("a watcher of a waiting table takes the free seat", { skip }, async () => {
  const code = await newTable({});
  const watcher = await person(`/t/${code}?watch`);
  await waitStatus(watcher, "You are watching. X to move.");
  assert.equal(await watcher.locator("#board button.square").count(), 0);
  assert.equal(await watcher.textContent("#take-seat"), "Take the free seat: play X");
  await watcher.click("#take-seat");
  await waitStatus(watcher, "You play X. Your move.");
  assert.equal(await watcher.locator("#take-seat").isVisible(), false);
  assert.doesNotMatch(watcher.url(), /watch/);
  // A second watcher sees X taken and can take O.
  const second = await person(`/t/${code}?watch`);
  await second.waitForFunction(() => document.getElementById("take-seat").textContent === "Take the free seat: play O");
  await second.click("#take-seat");
  await waitStatus(second, "You play O. Waiting for X.");
  await watcher.waitForFunction(() => document.querySelector('#seats [data-side="O"]').textContent === "O: a person — connected");
  assert.deepEqual(errors, []);
});

test("players give their names: kept in the browser, shown as text at the table and on the class page", { skip }, async () => {
  const classCode = await newClass();
  const x = await person(`/online.html?class=${classCode}`);
  assert.equal(await x.textContent("#name-form label span"), "Your name");
  // Markup in a name is only text; the spaces around it go.
  await x.fill("#name", "  <b>Ana</b> ");
  await x.press("#name", "Enter");
  assert.equal(await x.inputValue("#name"), "<b>Ana</b>");
  await x.click("#create button[type=submit]");
  await x.waitForURL(/\/t\/[0-9A-Z]{6}\?lang=en$/);
  const code = new URL(x.url()).pathname.slice(3);
  await waitStatus(x, "You play X");
  await x.waitForFunction(() => document.querySelector('#seats [data-side="X"]').textContent === "X: you (<b>Ana</b>) — connected");
  assert.equal(await x.textContent('#seats [data-side="X"] bdi'), "<b>Ana</b>");
  assert.equal(await x.locator("#seats b").count(), 0);
  // Kept in this browser: the table page fills the field, a reload keeps the name.
  assert.equal(await x.inputValue("#name"), "<b>Ana</b>");

  // O sits down without a name, then gives one written right to left: the seat is renamed for everyone.
  const o = await person(`/t/${code}`);
  await waitStatus(o, "You play O");
  await x.waitForFunction(() => document.querySelector('#seats [data-side="O"]').textContent === "O: a person — connected");
  await o.fill("#name", "سارة");
  await o.press("#name", "Enter");
  await x.waitForFunction(() => document.querySelector('#seats [data-side="O"]').textContent === "O: سارة — connected");
  await waitStatus(o, "You play O");
  assert.equal(await o.textContent('#seats [data-side="O"]'), "O: you (سارة) — connected");
  // A name the server would refuse is not sent; the page says why, and the seat keeps its name.
  await o.fill("#name", "x".repeat(25));
  await o.press("#name", "Enter");
  await o.waitForFunction(() => document.getElementById("message").textContent.startsWith("A name has 1 to 24 characters"));
  assert.equal(await x.textContent('#seats [data-side="O"]'), "O: سارة — connected");
  await x.reload();
  await waitStatus(x, "You play X");
  assert.equal(await x.inputValue("#name"), "<b>Ana</b>");
  await x.waitForFunction(() => document.querySelector('#seats [data-side="X"]').textContent === "X: you (<b>Ana</b>) — connected");

  // The class page: "name (X) – name (O)", each name in a <bdi>, as text.
  const teacher = await person(`/class/${classCode}`);
  const caption = `li:has([data-table="${code}"]) figcaption`;
  await teacher.waitForSelector(caption);
  assert.equal(await teacher.innerText(caption), `${code} <b>Ana</b> (X) – سارة (O)\nX to act, move 1`);
  assert.deepEqual(await teacher.$$eval(`${caption} bdi`, (names) => names.map((n) => n.textContent)), ["<b>Ana</b>", "سارة"]);
  assert.equal(await teacher.locator(`${caption} b`).count(), 0);
  await teacher.screenshot({ path: new URL("online-class-names.png", SHOTS).pathname });
  assert.deepEqual(errors, []);
});

test("the class page with 12 tables fits a 1280×720 projector, and says when the server is gone", { skip }, async () => {
  const classCode = await newClass();
  const records = [[], ["15"], ["15", "59"], ["12", "34", "56", "78"], ["19", "28", "37"], ["15", "26", "37", "48", "59"]];
  const codes = [];
  for (let i = 0; i < 12; i += 1) codes.push(await newTable({ class: classCode, ...(i === 11 ? { o: "random" } : {}) }));
  const teacher = await person(`/class/${classCode}`, { viewport: { width: 1280, height: 720 }, server: SERVER.replace("127.0.0.1", "class.school") });
  for (const [i, code] of codes.slice(0, 10).entries()) await playAt(teacher, code, records[i % records.length]);
  await teacher.waitForFunction(() => document.querySelectorAll("#boards .board").length === 12
    && document.getElementById("status").textContent === "12 tables");
  // The page polls: wait for the boards after the plays, every spooky mark in its two squares
  // (no record above closes a cycle): 2 × (0 + 1 + 2 + 4 + 3 + 5 + 0 + 1 + 2 + 4) = 44.
  const played = codes.slice(0, 10).reduce((sum, _, i) => sum + 2 * records[i % records.length].length, 0);
  assert.equal(played, 44);
  await teacher.waitForFunction((n) => document.querySelectorAll("#boards .slot").length === n, played);
  await teacher.waitForFunction(() => document.getElementById("qr").complete && document.getElementById("qr").naturalWidth > 0);

  const boxes = await teacher.$$eval("#boards .board", (boards) => boards.map((b) => b.getBoundingClientRect().toJSON()));
  const page = await teacher.evaluate(() => ({
    scrollHeight: document.documentElement.scrollHeight,
    scrollWidth: document.documentElement.scrollWidth,
    grid: document.getElementById("boards").dataset.grid,
    code: parseFloat(getComputedStyle(document.getElementById("code")).fontSize),
    address: parseFloat(getComputedStyle(document.getElementById("new-table")).fontSize),
    qr: document.getElementById("qr").getBoundingClientRect().toJSON(),
    captions: [...document.querySelectorAll("#boards figcaption")].map((c) => c.getBoundingClientRect().bottom),
  }));
  // No scrolling; one size for every board, large enough to read from the back (over 150 px); 4 by 3.
  assert.ok(page.scrollHeight <= 720 && page.scrollWidth <= 1280, JSON.stringify(page));
  assert.equal(new Set(boxes.map((b) => Math.round(b.width))).size, 1, JSON.stringify(boxes));
  assert.ok(boxes.every((b) => Math.abs(b.width - b.height) < 1 && b.width > 150), JSON.stringify(boxes));
  assert.ok(boxes.every((b) => b.right <= 1280 && b.bottom <= 720));
  assert.ok(page.captions.every((bottom) => bottom <= 720));
  assert.equal(page.grid, "4x3");
  assert.ok(page.code >= 48 && page.address >= 20, JSON.stringify(page));
  assert.ok(page.qr.width >= 150 && page.qr.bottom <= 720, JSON.stringify(page.qr));
  assert.equal(await teacher.locator("#localhost").isVisible(), false);
  const port = new URL(SERVER).port;
  assert.equal(await teacher.textContent("#new-table"), `class.school${port ? `:${port}` : ""}/online.html?class=${classCode}&lang=en`);
  await teacher.screenshot({ path: new URL("online-class-12.png", SHOTS).pathname });

  // The server goes away (every request to it fails): the page says so, keeps the boards greyed, throws nothing.
  await teacher.route("**/api/classes/**", (route) => route.abort("connectionrefused"));
  await teacher.waitForFunction(() => document.getElementById("status").classList.contains("server-gone"));
  assert.match(await status(teacher), /^The server does not answer \(since .+\): these boards may be old\. Trying again every 3 s\.$/);
  assert.equal(await teacher.locator("#boards .board").count(), 12);
  await teacher.screenshot({ path: new URL("online-class-gone.png", SHOTS).pathname });
  // It asks less and less often: 3 s, then 6 s.
  await teacher.waitForFunction(() => document.getElementById("status").textContent.endsWith("every 6 s."), null, { timeout: 10000 });
  await teacher.unroute("**/api/classes/**");
  await teacher.waitForFunction(() => document.getElementById("status").textContent === "12 tables", null, { timeout: 15000 });
  assert.equal(await teacher.evaluate(() => document.body.classList.contains("gone")), false);

  // Opened as localhost (the address the students would copy), it warns.
  const local = await person(`/class/${classCode}`, { viewport: { width: 1280, height: 720 }, server: SERVER.replace("127.0.0.1", "localhost") });
  await local.waitForSelector("#localhost:not([hidden])");
  assert.match(await local.textContent("#localhost"), /^This page is open as localhost(:\d+)?: students cannot reach that address\./);
  // Only the failed requests of the aborted routes are console errors ("Failed to load resource"), none thrown.
  assert.deepEqual(errors.filter((e) => !e.includes("Failed to load resource")), []);
});
