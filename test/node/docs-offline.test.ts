// /docs renders with the network off: headless Chromium (the run's one browser, in a context of
// this file's) opens the page of the shared Worker with every request sent through a proxy on
// loopback (test/node/shared-worker.ts, docs/testing.md).
// The proxy forwards what goes to the Worker and refuses everything else, and records it all:
// the reference UI must come from the Worker itself and render the operations of /openapi.json.
// Without a browser the tests are skipped with a printed hint, except under CI=true, where they fail.
import { createServer, request, type Server } from "node:http";
import type { Browser, BrowserContext } from "puppeteer-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { browserForTests, sharedBrowser, sharedWorker } from "./shared-worker";

const chromium = browserForTests();

interface Seen {
  target: string;
  forwarded: boolean;
}

/** An HTTP proxy on loopback that forwards only to `allowed` (host:port) and refuses the rest. */
async function refusingProxy(allowed: string): Promise<{ server: Server; port: number; seen: Seen[] }> {
  const seen: Seen[] = [];
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? "/");
    const forwarded = url.host === allowed;
    seen.push({ target: `${url.host}${url.pathname}`, forwarded });
    if (!forwarded) {
      res.writeHead(403).end("refused by the test's proxy");
      return;
    }
    const upstream = request(
      {
        host: url.hostname,
        port: url.port,
        path: url.pathname + url.search,
        method: req.method,
        headers: req.headers,
      },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on("error", () => res.destroy());
    // A browser that goes away mid-request resets its connection: not the test's failure.
    req.on("error", () => upstream.destroy());
    req.pipe(upstream);
  });
  // HTTPS goes through CONNECT: nothing is tunnelled.
  server.on("connect", (req, socket) => {
    seen.push({ target: req.url ?? "", forwarded: false });
    // Chromium may reset the connection (when it exits); without a listener the reset would be
    // an uncaught ECONNRESET that fails the whole run.
    socket.on("error", () => {});
    socket.end("HTTP/1.1 403 Forbidden\r\n\r\n");
  });
  await new Promise<void>((done) => server.listen(0, "127.0.0.1", done));
  return { server, port: (server.address() as { port: number }).port, seen };
}

// Chromium's own services (updates, accounts, time): it calls them whatever the page does.
const BROWSER_SERVICES = /(^|\.)(google\.com|googleapis\.com|gvt1\.com)(:\d+)?(\/|$)/;

describe.skipIf(!chromium)("/docs offline, in a headless browser", () => {
  let base: string;
  let proxy: Awaited<ReturnType<typeof refusingProxy>>;
  let browser: Browser;
  let context: BrowserContext;

  /** The page's DOM once `url` has loaded and the network stayed idle (the reference renders after its fetch). */
  async function dumpDom(url: string, ready?: string): Promise<string> {
    const tab = await context.newPage();
    try {
      await tab.goto(url, { waitUntil: "networkidle0", timeout: 60_000 });
      if (ready) await tab.waitForSelector(ready, { timeout: 30_000 });
      return await tab.content();
    } finally {
      await tab.close();
    }
  }

  beforeAll(async () => {
    base = await sharedWorker();
    proxy = await refusingProxy(new URL(base).host);
    browser = await sharedBrowser();
    // Every request of this context, loopback included (`<-loopback>`), goes through the proxy.
    context = await browser.createBrowserContext({
      proxyServer: `http://127.0.0.1:${proxy.port}`,
      proxyBypassList: ["<-loopback>"],
    });
  }, 180_000);

  afterAll(async () => {
    await context?.close();
    await browser?.disconnect();
    proxy?.server.close();
  });

  it("renders the reference with its operations, every other request refused", async () => {
    proxy.seen.length = 0;
    // One load of a deep link: the page, its sidebar and the linked group's operations.
    const page = await dumpDom(
      `${base}/docs#tag/invoices/POST/v1/invoices`,
      '[id="api-1/tag/invoices/POST/v1/invoices/{id}/send"]',
    );
    // The sidebar lists the tags.
    for (const tag of ["Invoices", "Customers", "Documents", "Webhooks"]) expect(page).toContain(`>${tag}<`);
    expect(page).not.toContain("No internet");

    // The page, its bundle and the document came through the proxy from the Worker; the page
    // asked for nothing else (what Chromium itself calls was refused too).
    const host = new URL(base).host;
    const forwarded = proxy.seen.filter((s) => s.forwarded).map((s) => s.target);
    expect(forwarded).toContain(`${host}/docs`);
    expect(forwarded).toContain(`${host}/openapi.json`);
    expect(proxy.seen.filter((s) => !s.forwarded && !BROWSER_SERVICES.test(s.target))).toEqual([]);
    expect(proxy.seen.filter((s) => s.forwarded).every((s) => s.target.startsWith(`${host}/`))).toBe(true);

    // The deep link renders the invoices' operations with their summaries.
    expect(page).toContain("Create a draft invoice");
    expect(page).toContain('id="api-1/tag/invoices/GET/v1/invoices"');
    expect(page).toContain('id="api-1/tag/invoices/POST/v1/invoices/{id}/send"');
  });

  it("blocks the network (control: pages from other origins do not load, and the proxy saw them)", async () => {
    proxy.seen.length = 0;
    // One page that asks two other origins for a script, over HTTPS and over HTTP.
    const page = encodeURIComponent(
      '<script src="https://cdn.jsdelivr.net/npm/@scalar/api-reference"></script>' +
        '<script src="http://example.com/reference.js"></script>' +
        '<p id="loaded"></p><script>document.getElementById("loaded").textContent = typeof Scalar;</script>',
    );
    const dom = await dumpDom(`data:text/html,${page}`);
    expect(dom).toContain('<p id="loaded">undefined</p>');
    expect(proxy.seen).toContainEqual({ target: "cdn.jsdelivr.net:443", forwarded: false });
    expect(proxy.seen).toContainEqual({ target: "example.com/reference.js", forwarded: false });
    expect(proxy.seen.filter((s) => s.forwarded)).toEqual([]);
  });
});
