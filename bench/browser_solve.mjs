// The empty-board solve in headless Chromium (Debian's, through the
// playwright-core of tests/web): serves target/web (web/build.sh), loads
// the package in a page and times the search of the empty board (a Solver
// with the opening book off) three times, each in a fresh page (a cold
// table), printing each time and the median; then the answer from the book.
import { spawn } from "node:child_process";
import { chromium } from "../tests/web/node_modules/playwright-core/index.mjs";

const port = 8000 + Math.floor(Math.random() * 1000);
const server = spawn("python3", ["-m", "http.server", "--bind", "127.0.0.1", "--directory", "target/web", String(port)], {
  stdio: "ignore",
});
await new Promise((resolve) => setTimeout(resolve, 700));
const browser = await chromium.launch({
  executablePath: "/usr/bin/chromium",
  args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update"],
});
const times = [];
try {
  for (let run = 0; run < 3; run += 1) {
    const page = await browser.newPage();
    await page.goto(`http://127.0.0.1:${port}/`);
    const result = await page.evaluate(async () => {
      const { Game, Solver } = await import("./qttt/index.js");
      const started = performance.now();
      const solution = new Solver("single", 0, false).solve(new Game());
      const searched = performance.now() - started;
      const again = performance.now();
      new Game().solve();
      return {
        ms: searched,
        book: performance.now() - again,
        value: solution.value,
        optimal: solution.optimal.length,
      };
    });
    times.push(result.ms);
    console.log(
      `empty board searched in ${(result.ms / 1000).toFixed(2)} s (value ${result.value}, ` +
        `${result.optimal} optimal first moves); from the opening book in ${result.book.toFixed(1)} ms`,
    );
    await page.close();
  }
} finally {
  await browser.close();
  server.kill();
}
times.sort((a, b) => a - b);
console.log(`median ${(times[1] / 1000).toFixed(2)} s`);
