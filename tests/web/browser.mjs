// The browser every test of tests/web/ drives: Debian's Chromium through
// playwright-core, headless, with the flags this machine's closed network
// needs (no background connections, no updates, no sync).
import { chromium } from "playwright-core";

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
