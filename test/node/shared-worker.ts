// What Node-side tests share (docs/testing.md): the Workers that test/node/global-setup.ts runs
// (the built Worker in workerd, through Miniflare) for the whole `node` project (one per test
// thread: a file talks to its thread's), and the headless browser (one for the run).
//
//   const base = await sharedWorker();              // "http://127.0.0.1:<port>", once it is up
//   const res = await fetch(`${base}/v1/customers`, { headers: { Authorization: ... } });
//
// A Worker's D1 is shared by the node test files of its thread: make your own organization (with
// `createOrganization` below) and assert on what it owns, never on whole tables.
import { accessSync, constants, cpSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { delimiter, join } from "node:path";
import puppeteer, { type Browser } from "puppeteer-core";
import { inject } from "vitest";
import { documentDay } from "./document-day";

declare module "vitest" {
  export interface ProvidedContext {
    /** One origin per test thread of the project (VITEST_POOL_ID 1, 2, ...). */
    sharedWorkerUrls: string[];
    /** wrangler's local state directory with a D1 every migration was applied to, never used. */
    migratedState: string;
    /** The Worker as `wrangler deploy` uploads it (`--dry-run --outdir`), which the shared Workers run. */
    workerBuild: string;
    chromium: string | null;
    /** The DevTools origin of the browser the global setup started (null without a browser). */
    browserUrl: string | null;
  }
}

export const ADMIN_TOKEN = "test-admin-token";

/** The shared Worker's vars: the workers project's fixed test secrets, no rate limits. */
export const TEST_VARS = {
  MASTER_KEY: "3q2+7wABAgMEBQYHCAkKCwwNDg8QERITFBUWFxgZGhs=",
  JWT_SECRET: "test-jwt-secret-0123456789abcdef0123456789abcdef",
  ADMIN_TOKEN,
  WEBHOOK_ALLOW_PRIVATE: "false",
  EMAIL_TRANSPORT: "outbox",
  RATE_LIMIT_ENABLED: "false",
  // Local: PUBLIC_BASE_URL and EMAIL_FROM may be missing (src/lib/deployment-config.ts).
  ENVIRONMENT: "test",
  // Organizations receive bills at bills+<token>@ this domain (test/node/inbound-email.test.ts).
  INBOUND_EMAIL_DOMAIN: "bills.example.test",
};

const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));
let ready: Promise<string> | undefined;

/** This test thread's shared Worker: VITEST_POOL_ID counts the project's threads from 1. */
function threadWorkerUrl(): string {
  const urls = inject("sharedWorkerUrls");
  const thread = Math.max(1, Number(process.env.VITEST_POOL_ID) || 1);
  return urls[(thread - 1) % urls.length]!;
}

/** The shared Worker's origin, once it answers /health (it starts with the run). */
export function sharedWorker(timeoutMs = 150_000): Promise<string> {
  ready ??= (async () => {
    const base = threadWorkerUrl();
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
      const res = await fetch(`${base}/health`).catch(() => undefined);
      if (res?.ok) return base;
      await sleep(200);
    }
    throw new Error(
      `The shared Worker at ${base} did not answer /health (see the global setup's output above)`,
    );
  })();
  return ready;
}

/**
 * A new local state directory for `wrangler dev --persist-to`, its D1 migrated: a copy of the
 * database global-setup.ts migrated for the shared Worker, as it was before that Worker used it.
 * The caller removes it.
 */
export async function migratedState(): Promise<string> {
  await sharedWorker(); // started after the migration
  const dir = mkdtempSync(join(tmpdir(), "migrated-state-"));
  cpSync(inject("migratedState"), dir, { recursive: true });
  return dir;
}

let orgCounter = 0;

/** A new organization on the shared Worker (through the admin API): its owner's API key. */
export async function createOrganization(body: Record<string, unknown> = {}): Promise<{ key: string }> {
  const base = await sharedWorker();
  const n = ++orgCounter;
  const res = await fetch(`${base}/v1/admin/organizations`, {
    method: "POST",
    headers: { Authorization: `Bearer ${ADMIN_TOKEN}`, "Content-Type": "application/json" },
    body: JSON.stringify({
      name: `Org ${n}`,
      tier: "business",
      default_currency: "USD",
      owner: { email: `owner-${Date.now()}-${process.pid}-${n}@example.com`, name: "Owner" },
      ...body,
    }),
  });
  const text = await res.text();
  if (res.status !== 201) throw new Error(`POST /v1/admin/organizations answered ${res.status}: ${text}`);
  return { key: JSON.parse(text).api_key };
}

/** Moves a test organization's clock (`test_mode: true`) to `day` (document-day.ts); answers the day. */
export async function toDocumentDay(key: string, day = documentDay()): Promise<string> {
  const base = await sharedWorker();
  const res = await fetch(`${base}/v1/test-clock/advance`, {
    method: "POST",
    headers: { Authorization: `Bearer ${key}`, "Content-Type": "application/json" },
    body: JSON.stringify({ to: day }),
  });
  if (res.status !== 200)
    throw new Error(`POST /v1/test-clock/advance answered ${res.status}: ${await res.text()}`);
  return day;
}

export const BROWSER_HINT =
  "Browser tests skipped: no Chromium found. Install Debian's `chromium` package " +
  "(apt-get install chromium) or set CHROMIUM_PATH to a Chromium or Chrome binary.";

function executable(path: string): boolean {
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/** CHROMIUM_PATH when set, else `chromium` (or `chromium-browser`) on PATH; null when none. */
export function findChromium(): string | null {
  const configured = process.env.CHROMIUM_PATH;
  if (configured) return configured;
  for (const dir of (process.env.PATH ?? "").split(delimiter).filter(Boolean)) {
    for (const name of ["chromium", "chromium-browser"]) {
      if (executable(join(dir, name))) return join(dir, name);
    }
  }
  return null;
}

/**
 * A connection to the run's one browser (test/node/global-setup.ts), once it answers. A file
 * opens its pages in a context of its own (`browser.createBrowserContext()`), closes it and
 * disconnects when it is done; the browser stays up for the other files.
 */
export async function sharedBrowser(timeoutMs = 60_000): Promise<Browser> {
  const browserURL = inject("browserUrl");
  if (!browserURL) throw new Error("The run started no browser (see the global setup's output).");
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      return await puppeteer.connect({ browserURL, defaultViewport: null });
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await sleep(200);
    }
  }
}

/** The browser for a browser test: null (skip) on a developer's machine without one; under CI
 * a missing browser is an error, so the run fails. */
export function browserForTests(): string | null {
  const path = inject("chromium");
  if (path) return path;
  if (process.env.CI === "true")
    throw new Error(`CI=true but ${BROWSER_HINT.replace("skipped", "cannot run")}`);
  return null;
}
