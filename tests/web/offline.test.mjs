// The playground offline, in a real browser (Debian's Chromium through
// playwright-core): this test serves the build (target/web) under a
// sub-folder itself, visits once, waits for the service worker, then stops
// its server and takes the context's network away, reloads, and plays a
// game to its end by clicks (two players) and moves against the perfect
// computer (the worker). It checks the web app manifest as Chromium reads
// it (installable, addresses relative to the folder), that the PNG icons
// are the SVG's drawing, the tables pages' offline message, and an update:
// a new build is offered, and taking it replaces the cache. Screenshots go
// to target/web-screenshots/offline-*.png.
//   node --test tests/web/offline.test.mjs   (after bash web/build.sh)
import { test } from "node:test";
import assert from "node:assert/strict";
import { createServer } from "node:http";
import { readFileSync } from "node:fs";
import { extname } from "node:path";
import { useBrowser, shot } from "./browser.mjs";
import { Game } from "../../target/npm/qttt/index.js";

const BUILD = new URL("../../target/web/", import.meta.url);
const FOLDER = "/class/qttt/"; // as a static host serves a project: not the site's root
const TYPES = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".wasm": "application/wasm",
  ".webmanifest": "application/manifest+json",
  ".svg": "image/svg+xml",
  ".png": "image/png",
};
const browser = useBrowser({ site: false });

/**
 * Serves the build under FOLDER on a free port of 127.0.0.1 until `stop()`.
 * `change(file, edit)` serves `file` as `edit` changes it from then on;
 * `pages` are pages that are not in the build (as the tables server's).
 */
async function serve(pages = {}) {
  const edits = {};
  const server = createServer((request, response) => {
    const path = new URL(request.url, "http://host").pathname;
    let file = path.startsWith(FOLDER) ? decodeURIComponent(path.slice(FOLDER.length)) : null;
    if (file === "") file = "index.html";
    let body = pages[file] ?? null;
    try {
      body ??= file === null || file.includes("..") ? null : readFileSync(new URL(file, BUILD));
    } catch {
      body = null;
    }
    if (body === null) {
      response.writeHead(404).end("not found\n");
      return;
    }
    if (edits[file]) body = edits[file](body.toString());
    response.writeHead(200, { "content-type": TYPES[extname(file)] ?? "application/octet-stream" }).end(body);
  });
  await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    site: `http://127.0.0.1:${server.address().port}${FOLDER}`,
    change: (file, edit) => (edits[file] = edit),
    stop: () => {
      server.closeAllConnections();
      return new Promise((resolve) => server.close(resolve));
    },
  };
}

/** A page in a context of its own, its errors collected in `errors`. */
async function visit(site, errors) {
  const context = await browser.newContext({ viewport: { width: 1200, height: 900 } });
  const page = await context.newPage();
  page.on("console", (message) => {
    if (message.type() === "error" || message.type() === "warning") errors.push(`console: ${message.text()}`);
  });
  page.on("pageerror", (error) => errors.push(`page: ${error.message}`));
  page.on("requestfailed", (request) => errors.push(`request failed: ${request.url()}`));
  await page.goto(site);
  await page.waitForSelector("body[data-ready]");
  // The service worker installs (caching every file) and takes the page over.
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: 60_000 });
  return { context, page };
}

const record = (page) => page.evaluate(() => new URLSearchParams(location.hash.slice(1)).get("record") ?? "");

async function clickToken(page, token) {
  if (token.startsWith("@")) return page.click(`#choices button[data-action="${token}"]`);
  for (const square of token) await page.click(`#board [data-square="${square}"]`);
}

test("after one visit the page loads and plays with no network", async () => {
  const server = await serve();
  const errors = [];
  const { context, page } = await visit(server.site, errors);

  // Installable, as Chromium judges it (but for the test's own browser
  // profile, which is incognito-like), with the manifest's addresses
  // relative to the folder.
  const cdp = await context.newCDPSession(page);
  const { installabilityErrors } = await cdp.send("Page.getInstallabilityErrors");
  assert.deepEqual(installabilityErrors.map((e) => e.errorId).filter((id) => id !== "in-incognito"), []);
  const manifest = await cdp.send("Page.getAppManifest");
  assert.deepEqual(manifest.errors, []);
  assert.equal(manifest.url, `${server.site}manifest.webmanifest`);
  const data = JSON.parse(manifest.data);
  assert.equal(new URL(data.start_url, manifest.url).href, server.site);
  assert.equal(new URL(data.scope, manifest.url).href, server.site);
  assert.deepEqual(
    data.icons.map((icon) => icon.sizes).sort(),
    ["192x192", "512x512", "512x512", "any"],
  );
  assert.equal(data.name, "Quantum tic-tac-toe: the qttt playground");
  assert.equal(data.short_name, "Quantum TTT");
  assert.equal(data.lang, "en");
  // In German, the page links the German manifest (web/localize.mjs), whose
  // words are de.ftl's and whose icons and addresses are the same.
  const dePage = await context.newPage();
  await dePage.goto(`${server.site}#lang=de`);
  await dePage.waitForSelector("body[data-ready]");
  const german = await (await context.newCDPSession(dePage)).send("Page.getAppManifest");
  assert.deepEqual(german.errors, []);
  assert.equal(german.url, `${server.site}manifest.de.webmanifest`);
  const deData = JSON.parse(german.data);
  assert.equal(deData.name, "Quanten-Tic-Tac-Toe: der qttt-Spielplatz");
  assert.equal(deData.short_name, "Quanten-TTT");
  assert.equal(deData.lang, "de");
  assert.deepEqual(deData.icons, data.icons);
  assert.equal(new URL(deData.start_url, german.url).href, server.site);
  await dePage.close();

  // The network goes away: the server stops, and the browser is offline.
  await server.stop();
  await context.setOffline(true);
  await page.reload();
  await page.waitForSelector("body[data-ready]");

  // Two players, a whole game by clicks: the worked example of RULES.md.
  // X1 58, O2 47, X3 67, O4 59, X5 48, O6 68 closes the cycle 8-4-7-6;
  // X lets O6 land in 8: X's 4-5-6 and O's 7-8-9, X's first.
  const example = "58 47 67 59 48 68 @8".split(" ");
  for (const [i, token] of example.entries()) {
    await clickToken(page, token);
    assert.equal(await record(page), example.slice(0, i + 1).join(" "));
  }
  assert.match(await page.textContent("#status"), /^X wins\. Both players got a line/);
  await shot(page, "offline-two-players.png", { fullPage: true });

  // Against the perfect computer (the worker, offline too): X plays the
  // first legal action by clicks, until O has answered three times from
  // the worker, each answer optimal.
  await page.click("#new-game");
  await page.check('input[name="mode"][value="computer"]');
  await page.selectOption("#computer-kind", "perfect");
  let game = new Game();
  for (let answers = 0; answers < 3 && !game.isOver; ) {
    if (game.toAct === "X") {
      const token = game.legalActions()[0];
      await clickToken(page, token);
      game = game.apply(token);
      continue;
    }
    const length = game.record.split(" ").length;
    await page.waitForFunction(
      (n) => (new URLSearchParams(location.hash.slice(1)).get("record") ?? "").split(" ").length > n,
      length,
      { timeout: 60_000 },
    );
    const answer = (await record(page)).split(" ")[length];
    assert.ok(game.solve().optimal.includes(answer), `perfect O played ${answer} after ${game.record}`);
    game = game.apply(answer);
    answers += 1;
  }
  assert.equal(await record(page), game.record);
  await shot(page, "offline-computer.png", { fullPage: true });

  // A page the service worker does not keep (the tables server's) says it
  // needs the network, and leads back to the playground.
  await page.goto(`${server.site}online.html`);
  // Its words come in with a module's top-level await, after the load event.
  await page.waitForSelector("body[data-ready]");
  assert.equal(await page.textContent("h1"), "This page needs the network");
  await shot(page, "offline-tables.png");
  await page.click("#playground");
  await page.waitForSelector("body[data-ready]");
  assert.equal(page.url().split("#")[0], server.site);

  assert.deepEqual(errors, []);
  await context.close();
});

test("a new build is offered, and taking it reloads every tab and replaces the cache; the games stay", async () => {
  const server = await serve();
  const errors = [];
  const { context, page } = await visit(server.site, errors);
  const cacheNames = () => page.evaluate(() => caches.keys());
  const [first] = await cacheNames();
  assert.equal((await cacheNames()).length, 1);
  await clickToken(page, "15");
  // A second tab of the playground, marked so that a reload shows.
  const other = await context.newPage();
  await other.goto(`${server.site}#record=26`);
  await other.waitForSelector("body[data-ready]");
  await other.evaluate(() => (window.before = true));

  // Another build: another VERSION in sw.js.
  server.change("sw.js", (text) => text.replace(/^const VERSION = "(\w+)";/, 'const VERSION = "$1next";'));
  await page.evaluate(() => navigator.serviceWorker.getRegistration().then((r) => r.update()));
  await page.waitForSelector("#update:not([hidden]) button");
  assert.equal(await page.textContent("#update span"), "A new version of the playground is ready.");
  await shot(page, "offline-update.png");
  await Promise.all([page.waitForEvent("load"), page.click("#update button")]);
  await page.waitForSelector("body[data-ready]");
  assert.equal(await page.isHidden("#update"), true);
  assert.equal(await record(page), "15");
  // The other tab reloads too (no tab runs old scripts over the new files), its game kept.
  await other.waitForFunction(() => window.before === undefined && document.body.dataset.ready === "");
  assert.equal(await record(other), "26");
  const now = await cacheNames();
  assert.deepEqual(now, [first.replace(/ (\w+)$/, " $1next")]);

  await server.stop();
  assert.deepEqual(errors, []);
  await context.close();
});

test("a page the worker does not keep loads the files it shares from the network", async () => {
  // As a tables page does: strings.js and its locale file, which the playground keeps too.
  const tables =
    '<!doctype html><link rel="icon" href="data:,"><script type="module">import { text } from "./strings.js"; ' +
    'import { setLanguage } from "./i18n.js"; await setLanguage("en"); document.body.dataset.word = text.updateReload;</script>';
  const server = await serve({ "tables.html": tables });
  const errors = [];
  const { context, page } = await visit(server.site, errors);
  server.change("locales/en.ftl", (text) => text.replace("update-reload = Reload\n", "update-reload = Reload, changed\n"));
  await page.goto(`${server.site}tables.html`);
  await page.waitForSelector("body[data-word]", { state: "attached" });
  assert.equal(await page.getAttribute("body", "data-word"), "Reload, changed");
  // The playground keeps its own version until it takes an update.
  await page.goto(server.site);
  await page.waitForSelector("body[data-ready]");
  assert.equal(await page.evaluate(() => import("./strings.js").then((m) => m.text.updateReload)), "Reload"); // (the page loaded English)
  await server.stop();
  assert.deepEqual(errors, []);
  await context.close();
});

test("the PNG icons are the SVG's drawing", async () => {
  const server = await serve();
  const page = await browser.newPage();
  await page.goto(`${server.site}offline.html`);
  for (const size of [192, 512]) {
    // Mean difference per colour channel (0-255) between the PNG and the
    // SVG drawn at its size: edges smooth a little differently; a changed
    // drawing differs by far more.
    const difference = await page.evaluate(async (size) => {
      const pixels = async (src) => {
        const image = new Image(size, size);
        image.src = src;
        await image.decode();
        const canvas = new OffscreenCanvas(size, size);
        const context = canvas.getContext("2d");
        context.drawImage(image, 0, 0, size, size);
        return context.getImageData(0, 0, size, size).data;
      };
      const [png, svg] = await Promise.all([pixels(`icons/icon-${size}.png`), pixels("icons/icon.svg")]);
      let sum = 0;
      for (let i = 0; i < png.length; i += 1) sum += Math.abs(png[i] - svg[i]);
      return sum / png.length;
    }, size);
    assert.ok(difference < 2, `icon-${size}.png differs from icon.svg by ${difference} per channel: run web/icons/render.sh`);
  }
  await page.close();
  await server.stop();
});
