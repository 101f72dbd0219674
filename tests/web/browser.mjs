// What every test of tests/web/ shares: the browser (Debian's Chromium
// through playwright-core, headless, with the flags this machine's closed
// network needs: no background connections, no updates, no sync), started
// before a file's tests and closed after them; the playground's address;
// the screenshot folder; and the page errors a test collects.
import { before, after } from "node:test";
import assert from "node:assert/strict";
import { mkdirSync } from "node:fs";
import { chromium } from "playwright-core";

/** The served playground's address (tests/web/run.sh sets QTTT_SITE). */
export const SITE = process.env.QTTT_SITE;

/** Where screenshots go, for a person to look at. */
export const SHOTS = new URL("../../target/web-screenshots/", import.meta.url);

/** Starts Chromium (`CHROMIUM` names another binary), with `extra` flags. */
export function launch(extra = []) {
  return chromium.launch({
    executablePath: process.env.CHROMIUM ?? "/usr/bin/chromium",
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      ...extra,
    ],
  });
}

/**
 * One browser for the calling test file: launched before its tests (after
 * checking that QTTT_SITE is set, unless `site` is false; not at all when
 * `skip` is true), with the `args` flags besides the usual ones, closed
 * after them. The value returned opens pages and contexts in it.
 */
export function useBrowser({ site = true, skip = false, args = [] } = {}) {
  let browser;
  before(async () => {
    if (skip) return;
    if (site) assert.ok(SITE, "QTTT_SITE (the served playground's address) is not set");
    mkdirSync(SHOTS, { recursive: true });
    browser = await launch(args);
  });
  after(async () => {
    await browser?.close();
  });
  return {
    newPage: (options) => browser.newPage(options),
    newContext: (options) => browser.newContext(options),
  };
}

/**
 * Collects a page's console errors and uncaught exceptions in `errors`,
 * and with `responses` every answer of status 400 or more.
 */
export function watch(page, errors, { responses = false } = {}) {
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(`console: ${message.text()}`);
  });
  page.on("pageerror", (error) => errors.push(`page: ${error.message}`));
  if (responses) {
    page.on("response", (response) => {
      if (response.status() >= 400) errors.push(`${response.status()}: ${response.url()}`);
    });
  }
}

/** Saves a screenshot of `page` as `name` in SHOTS (`options` as Playwright's). */
export function shot(page, name, options = {}) {
  return page.screenshot({ path: new URL(name, SHOTS).pathname, ...options });
}
