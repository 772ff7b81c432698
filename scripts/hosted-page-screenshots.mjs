// Takes the hosted page's screenshots in docs/img/ (docs/hosted-page.md): the sample invoice of
// scripts/hosted-page-preview.tsx in English and German, on a phone (390 px) and a desktop
// (1280 px), whole pages, with headless Chromium driven by puppeteer-core (as the browser test).
//   node scripts/hosted-page-screenshots.mjs        (CHROMIUM_PATH, else /usr/bin/chromium)
import { execFileSync } from "node:child_process";
import { mkdirSync } from "node:fs";
import { join, resolve } from "node:path";
import puppeteer from "puppeteer-core";

const ROOT = resolve(import.meta.dirname, "..");
const OUT = join(ROOT, "docs/img");
mkdirSync(OUT, { recursive: true });

const browser = await puppeteer.launch({
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  headless: true,
  args: ["--no-sandbox", "--disable-gpu", "--hide-scrollbars"],
});
try {
  const tab = await browser.newPage();
  for (const locale of ["en", "de"]) {
    const html = execFileSync(
      join(ROOT, "node_modules/.bin/tsx"),
      ["scripts/hosted-page-preview.tsx", locale],
      {
        cwd: ROOT,
        encoding: "utf8",
      },
    );
    for (const width of [390, 1280]) {
      await tab.setViewport({ width, height: 800 });
      await tab.setContent(html, { waitUntil: "load" });
      const path = join(OUT, `hosted-page-${locale}-${width}.png`);
      await tab.screenshot({ path, fullPage: true });
      console.log(path);
    }
  }
} finally {
  await browser.close();
}
