// /docs renders with the network off: wrangler runs the Worker locally and Debian's Chromium,
// headless, opens the page with every non-loopback request blocked (all traffic goes through a
// proxy on the discard port, and every host name but 127.0.0.1 fails to resolve). The reference
// UI must come from the Worker itself and render the operations of /openapi.json.
// Without Chromium the test fails, unless SKIP_BROWSER_TESTS=1.
import { execFile } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Unstable_DevWorker, unstable_dev } from "wrangler";

const ROOT = resolve(import.meta.dirname, "../..");
const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const skip = process.env.SKIP_BROWSER_TESTS === "1";

/** Chromium flags that leave it only the loopback address. */
export const OFFLINE_FLAGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--proxy-server=127.0.0.1:9",
  // Only 127.0.0.1 bypasses the dead proxy (`<-loopback>` would send it through the proxy too).
  "--proxy-bypass-list=127.0.0.1",
  "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
];

let worker: Unstable_DevWorker;
let profile: string;

async function dumpDom(url: string): Promise<string> {
  const { stdout } = await promisify(execFile)(
    CHROMIUM,
    [...OFFLINE_FLAGS, `--user-data-dir=${profile}`, "--virtual-time-budget=20000", "--dump-dom", url],
    { timeout: 120_000, maxBuffer: 64 * 1024 * 1024 },
  );
  return stdout;
}

describe.skipIf(skip)("/docs offline, in a headless browser", () => {
  beforeAll(async () => {
    if (!existsSync(CHROMIUM)) {
      throw new Error(
        `Chromium is not installed at ${CHROMIUM} (apt-get install chromium, or set CHROMIUM_PATH); ` +
          "set SKIP_BROWSER_TESTS=1 to skip the browser tests",
      );
    }
    profile = mkdtempSync(join(tmpdir(), "docs-chromium-"));
    worker = await unstable_dev(join(ROOT, "src/index.ts"), {
      config: join(ROOT, "wrangler.toml"),
      ip: "127.0.0.1",
      logLevel: "error",
      vars: {
        ADMIN_TOKEN: "test-admin-token",
        JWT_SECRET: "test-jwt-secret-0123456789abcdef0123456789abcdef",
      },
      experimental: { disableExperimentalWarning: true, disableDevRegistry: true },
    });
  }, 120_000);

  afterAll(async () => {
    await worker?.stop();
    if (profile) rmSync(profile, { recursive: true, force: true });
  });

  it("renders the reference with its operations", async () => {
    const base = `http://127.0.0.1:${worker.port}`;
    const page = await dumpDom(`${base}/docs`);
    // The sidebar lists the tags, the first group's operations are rendered.
    for (const tag of ["Invoices", "Customers", "Documents", "Webhooks"]) expect(page).toContain(`>${tag}<`);
    expect(page).toContain("api-1/tag/admin/POST/v1/admin/organizations");
    expect(page).not.toContain("No internet");

    // A deep link renders the invoices' operations with their summaries.
    const invoices = await dumpDom(`${base}/docs#tag/invoices/POST/v1/invoices`);
    expect(invoices).toContain("Create a draft invoice");
    expect(invoices).toContain('id="api-1/tag/invoices/GET/v1/invoices"');
    expect(invoices).toContain('id="api-1/tag/invoices/POST/v1/invoices/{id}/send"');
  });

  it("blocks the network (control: a page from another origin does not load)", async () => {
    const page = await dumpDom("https://cdn.jsdelivr.net/npm/@scalar/api-reference");
    expect(page).not.toContain("createApiReference");
    expect(page).toMatch(/ERR_(PROXY_CONNECTION_FAILED|NAME_NOT_RESOLVED)/);
  });
});
