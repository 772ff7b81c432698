// Every e-mail kind, in English and German, laid out by headless Chromium at a phone's width (390
// px) and a desktop's (1280 px, the e-mail's 600 px column): no horizontal overflow, and the total,
// the due date (or the figure that stands for it) and the link to the invoice are inside the
// viewport. Each e-mail sits in an iframe of that width (a headless window is at least 500 px
// wide); a script in the page measures it and writes the result into the DOM. Both widths are
// measured in one page, in a context of its own in the run's one browser.
import type { BrowserContext } from "puppeteer-core";
import { beforeAll, describe, expect, it } from "vitest";
import { EMAIL_KINDS, type SampleKind, sampleEmails } from "../../scripts/email-samples";
import { browserForTests, sharedBrowser } from "./shared-worker";

const CHROMIUM = browserForTests();
const WIDTHS = [390, 1280] as const;

/** What must be visible in each kind, per locale (the sample invoice's figures, scripts/email-samples.ts). */
const VISIBLE: Record<"en" | "de", Record<SampleKind, string[]>> = {
  en: {
    invoice: ["€508.02", "November 16, 2026", "View the invoice online"],
    recurring: ["€508.02", "November 16, 2026", "View the invoice online"],
    "reminder-friendly": ["€260.42", "November 16, 2026", "View the invoice online"],
    "reminder-firm": ["€260.42", "November 16, 2026", "View the invoice online"],
    "reminder-final": ["€260.42", "November 16, 2026", "View the invoice online"],
    "credit-note": ["€47.60", "INV-000042 (November 2, 2026)"],
    quote: ["€508.02", "December 1, 2026"],
    receipt: ["€200.00", "€260.42", "View the invoice online"],
  },
  de: {
    invoice: ["508,02 €", "16. November 2026", "Rechnung online ansehen"],
    recurring: ["508,02 €", "16. November 2026", "Rechnung online ansehen"],
    "reminder-friendly": ["260,42 €", "16. November 2026", "Rechnung online ansehen"],
    "reminder-firm": ["260,42 €", "16. November 2026", "Rechnung online ansehen"],
    "reminder-final": ["260,42 €", "16. November 2026", "Rechnung online ansehen"],
    "credit-note": ["47,60 €", "INV-000042 (2. November 2026)"],
    quote: ["508,02 €", "1. Dezember 2026"],
    receipt: ["200,00 €", "260,42 €", "Rechnung online ansehen"],
  },
};

const escapeAttribute = (text: string) =>
  text.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

/** Measures each iframe once the page (with every iframe) has loaded: its overflow and where each wanted text sits. */
const MEASURE = `
window.addEventListener("load", () => {
  const results = {};
  for (const frame of document.querySelectorAll("iframe")) {
    const doc = frame.contentDocument;
    const width = frame.contentWindow.innerWidth;
    const wanted = JSON.parse(frame.dataset.wanted);
    const leaves = [...doc.body.querySelectorAll("*")].filter((el) => el.children.length === 0);
    const found = {};
    for (const text of wanted) {
      const el = leaves.find((leaf) => leaf.textContent.replace(/\u00a0/g, " ").trim() === text);
      const rect = el && el.getBoundingClientRect();
      found[text] = Boolean(rect && rect.width > 0 && rect.height > 0 && rect.left >= 0 && rect.right <= width + 0.5);
    }
    results[frame.id] = { scrollWidth: doc.documentElement.scrollWidth, width, found };
  }
  document.body.setAttribute("data-results", JSON.stringify(results));
});`;

type Measured = Record<string, { scrollWidth: number; width: number; found: Record<string, boolean> }>;

/** Every kind in both locales at every width, measured in one page: results keyed `<width>-<locale>-<kind>`. */
async function measure(): Promise<Measured> {
  const frames: string[] = [];
  const wanted: Record<string, string[]> = {};
  const emails = { en: sampleEmails("en"), de: sampleEmails("de") };
  for (const width of WIDTHS)
    for (const locale of ["en", "de"] as const) {
      for (const kind of EMAIL_KINDS) {
        const id = `${width}-${locale}-${kind}`;
        // The wanted texts as the e-mail writes them (Intl puts no-break spaces in amounts and dates).
        wanted[id] = VISIBLE[locale][kind].map((text) => text.replace(/\u00a0/g, " "));
        const { html } = await emails[locale][kind];
        frames.push(
          `<iframe id="${id}" data-wanted="${escapeAttribute(JSON.stringify(wanted[id]))}" ` +
            `style="width:${width}px;height:2600px;border:0;display:block" srcdoc="${escapeAttribute(html)}"></iframe>`,
        );
      }
    }
  const browser = await sharedBrowser();
  let context: BrowserContext | undefined;
  try {
    context = await browser.createBrowserContext();
    const tab = await context.newPage();
    await tab.setViewport({ width: Math.max(...WIDTHS), height: 1000 });
    await tab.setContent(
      `<!doctype html><html><body style="margin:0">${frames.join("")}<script>${MEASURE}</script></body></html>`,
      { waitUntil: "load" },
    );
    // The page's own script writes the results once every iframe has loaded.
    const results = await tab.waitForFunction('document.body.getAttribute("data-results")', {
      timeout: 30_000,
    });
    return JSON.parse((await results.jsonValue()) as string) as Measured;
  } finally {
    await context?.close();
    await browser.disconnect();
  }
}

describe.skipIf(!CHROMIUM)("the e-mails in headless Chromium", () => {
  let results: Measured;
  beforeAll(async () => {
    results = await measure();
  }, 120_000);

  for (const width of WIDTHS) {
    it(`at ${width} px: no horizontal overflow; total, due date and link visible (every kind, en and de)`, () => {
      const atWidth = Object.entries(results).filter(([id]) => id.startsWith(`${width}-`));
      expect(atWidth).toHaveLength(EMAIL_KINDS.length * 2);
      for (const [id, result] of atWidth) {
        expect(result.width, id).toBe(width);
        expect(result.scrollWidth, `${id} overflows`).toBeLessThanOrEqual(width);
        for (const [text, visible] of Object.entries(result.found)) {
          expect(visible, `${id}: "${text}" visible`).toBe(true);
        }
      }
    });
  }
});
