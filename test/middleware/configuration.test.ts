// A deployment without PUBLIC_BASE_URL or EMAIL_FROM (or with an unusable one) answers every
// request 503 `misconfigured`, names the variable in the log and never in the body; local
// development and tests (ENVIRONMENT=development|test) run without them.
import { env } from "cloudflare:workers";
import { afterEach, describe, expect, it, vi } from "vitest";
import { UNREACHABLE_PROVIDER } from "../fakes/unreachable";
import { api, createOrg, expectError, type TestOrg } from "../helpers/api";
import { createInvoice } from "../helpers/factories";

const VALID = {
  ENVIRONMENT: undefined,
  PUBLIC_BASE_URL: "https://billing.example.com",
  EMAIL_FROM: "Acme Billing <billing@acme.example>",
};

/**
 * Runs the worker with these variables (it shares this isolate's env), restored after the test.
 * The Peppol provider's origin is the deployment's default (the tests' loopback one is not https).
 */
function configure(vars: Record<string, string | undefined>) {
  Object.assign(env, { RECOMMAND_API_BASE: undefined, ...vars });
}

afterEach(() => {
  vi.restoreAllMocks();
  Object.assign(env, {
    ENVIRONMENT: "test",
    PUBLIC_BASE_URL: undefined,
    EMAIL_FROM: undefined,
    RECOMMAND_API_BASE: UNREACHABLE_PROVIDER,
  });
});

/** The JSON log lines the worker wrote with console.error while `run` ran. */
async function errorLogs(run: () => Promise<void>): Promise<Array<Record<string, unknown>>> {
  const spy = vi.spyOn(console, "error").mockImplementation(() => {});
  await run();
  return spy.mock.calls.flatMap(([line]) => {
    try {
      return [JSON.parse(String(line)) as Record<string, unknown>];
    } catch {
      return [];
    }
  });
}

let org: TestOrg;
async function readyOrg() {
  org ??= await createOrg();
  return org;
}

describe("configuration outside local development and tests", () => {
  it.each([
    ["PUBLIC_BASE_URL", "missing", { PUBLIC_BASE_URL: undefined }],
    ["PUBLIC_BASE_URL", "empty", { PUBLIC_BASE_URL: "  " }],
    ["PUBLIC_BASE_URL", "not https", { PUBLIC_BASE_URL: "http://billing.example.com" }],
    ["PUBLIC_BASE_URL", "with a path", { PUBLIC_BASE_URL: "https://billing.example.com/invoices" }],
    ["PUBLIC_BASE_URL", "with a query", { PUBLIC_BASE_URL: "https://billing.example.com/?a=1" }],
    ["PUBLIC_BASE_URL", "not a URL", { PUBLIC_BASE_URL: "billing.example.com" }],
    ["PUBLIC_BASE_URL", "the placeholder origin", { PUBLIC_BASE_URL: "https://invoicing.invalid" }],
    ["PUBLIC_BASE_URL", "localhost", { PUBLIC_BASE_URL: "https://localhost:8787" }],
    ["EMAIL_FROM", "missing", { EMAIL_FROM: undefined }],
    ["EMAIL_FROM", "not an address", { EMAIL_FROM: "billing" }],
    ["EMAIL_FROM", "the placeholder sender", { EMAIL_FROM: "invoices@invoicing.invalid" }],
    ["EMAIL_FROM", "a header injection", { EMAIL_FROM: "billing@acme.example\r\nBcc: x@evil.example" }],
  ])("answers 503 misconfigured when %s is %s, naming it in the log only", async (variable, _what, vars) => {
    const { owner } = await readyOrg();
    configure({ ...VALID, ...vars });
    let res: Awaited<ReturnType<typeof api>> | undefined;
    const logs = await errorLogs(async () => {
      res = await api("GET", "/v1/customers", { token: owner.key });
    });
    const error = expectError(res!, 503, "misconfigured");
    expect(error.message).toMatch(/not configured/);
    expect(JSON.stringify(res!.body)).not.toContain(variable);
    expect(JSON.stringify(res!.body)).not.toMatch(/PUBLIC_BASE_URL|EMAIL_FROM/);
    expect(res!.headers.get("X-Request-Id")).toBeTruthy();
    const logged = logs.find((line) => String(line.msg).startsWith("configuration invalid"));
    expect(logged?.variables).toEqual([variable]);
    expect(logged?.request_id).toBe(res!.headers.get("X-Request-Id"));
  });

  it("names both variables in the log when both are missing; no route answers, public ones and writes included", async () => {
    const { owner } = await readyOrg();
    const invoice = await createInvoice(org);
    configure({ ENVIRONMENT: "production", PUBLIC_BASE_URL: undefined, EMAIL_FROM: undefined });
    const logs = await errorLogs(async () => {
      for (const [method, path, token] of [
        ["GET", "/health", undefined],
        ["GET", "/openapi.json", undefined],
        ["GET", "/v1/me", undefined],
        ["POST", `/v1/invoices/${invoice.id}/send`, owner.key],
      ] as const) {
        const res = await api(method, path, { token });
        expectError(res, 503, "misconfigured");
      }
    });
    expect(
      logs.filter((line) => String(line.msg).startsWith("configuration invalid")).at(-1)?.variables,
    ).toEqual(["PUBLIC_BASE_URL", "EMAIL_FROM"]);
    // The send was refused before it did anything: the invoice is still a draft, nothing e-mailed.
    configure({ ENVIRONMENT: "test" });
    const read = await api("GET", `/v1/invoices/${invoice.id}`, { token: owner.key });
    expect(read.body.status).toBe("draft");
    const emails = await api("GET", `/v1/invoices/${invoice.id}/emails`, { token: owner.key });
    expect(emails.body.data).toEqual([]);
  });

  it("serves as usual once both are set, linking hosted pages under PUBLIC_BASE_URL", async () => {
    const { owner } = await readyOrg();
    const invoice = await createInvoice(org);
    configure({ ...VALID, PUBLIC_BASE_URL: "https://billing.example.com/" });
    expect((await api("GET", "/health")).status).toBe(200);
    const sent = await api("POST", `/v1/invoices/${invoice.id}/send`, { token: owner.key });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    expect(sent.body.hosted_url).toMatch(/^https:\/\/billing\.example\.com\/i\/[A-Za-z0-9_-]{43}$/);
    const emails = await api("GET", `/v1/invoices/${invoice.id}/emails`, { token: owner.key });
    expect(emails.body.data[0].from).toBe("Acme Billing <billing@acme.example>");
  });

  it.each(["development", "test"])("runs without either when ENVIRONMENT is %s", async (environment) => {
    configure({ ENVIRONMENT: environment, PUBLIC_BASE_URL: undefined, EMAIL_FROM: undefined });
    expect((await api("GET", "/health")).status).toBe(200);
  });

  it.each(["production", "staging", "Development", ""])(
    "checks them when ENVIRONMENT is %j",
    async (environment) => {
      configure({ ENVIRONMENT: environment, PUBLIC_BASE_URL: undefined, EMAIL_FROM: undefined });
      expectError(await api("GET", "/health"), 503, "misconfigured");
    },
  );
});
