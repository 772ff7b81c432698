// Every response under /i/: the page, its PDF and XML downloads, HEAD and
// the answers for an unknown token carry one header set: no indexing, no referrer, no framing,
// the page's Content-Security-Policy, never cached.
import { describe, expect, it } from "vitest";
import { api, createOrg } from "../helpers/api";
import { createCustomer, SELLER } from "../helpers/factories";
import { draft, send, standardRate } from "./billing/helpers";

async function hostedToken() {
  const org = await createOrg({ currency: "EUR" });
  expect((await api("PATCH", "/v1/organization", { token: org.owner.key, body: SELLER })).status).toBe(200);
  const rate = await standardRate(org, 19);
  const customer = await createCustomer(org, {
    buyer_reference: "REF-1",
    electronic_address: { scheme: "0060", id: "123456789" },
  });
  const created = await draft(org, {
    customer_id: customer.id,
    items: [{ description: "Beratung", quantity: 1, unit_price: 100, tax_rate_id: rate.id }],
  });
  const url = String((await send(org, created.id)).hosted_url);
  return url.slice(url.lastIndexOf("/") + 1);
}

function expectHostedHeaders(res: { status: number; headers: Headers }, what: string) {
  expect(res.headers.get("X-Robots-Tag"), what).toBe("noindex, nofollow");
  expect(res.headers.get("Referrer-Policy"), what).toBe("no-referrer");
  expect(res.headers.get("X-Frame-Options"), what).toBe("DENY");
  expect(res.headers.get("X-Content-Type-Options"), what).toBe("nosniff");
  expect(res.headers.get("Cache-Control"), what).toMatch(/no-store/);
  const policy = res.headers.get("Content-Security-Policy") ?? "";
  expect(policy, what).toContain("default-src 'none'");
  expect(policy, what).toContain("frame-ancestors 'none'");
}

describe("headers under /i/", () => {
  it("are the same on the page, HEAD, the PDF and XML downloads and an unknown token", async () => {
    const token = await hostedToken();
    const page = await api("GET", `/i/${token}`);
    expect(page.status).toBe(200);
    const policy = page.headers.get("Content-Security-Policy");
    const cases = [
      ["GET page", page],
      ["HEAD page", await api("HEAD", `/i/${token}`)],
      ["GET pdf", await api("GET", `/i/${token}/pdf`)],
      ["HEAD pdf", await api("HEAD", `/i/${token}/pdf`)],
      ["GET xml", await api("GET", `/i/${token}/xml`)],
      ["GET cii", await api("GET", `/i/${token}/xml?syntax=cii`)],
      ["GET logo (none: 404)", await api("GET", `/i/${token}/logo`)],
      ["unknown token", await api("GET", `/i/${"x".repeat(43)}`)],
      ["unknown token pdf", await api("GET", `/i/${"x".repeat(43)}/pdf`)],
    ] as const;
    for (const [what, res] of cases) {
      expect(res.status, what).toBe(what.startsWith("unknown") || what.includes("404") ? 404 : 200);
      expectHostedHeaders(res, what);
      expect(res.headers.get("Content-Security-Policy"), what).toBe(policy);
    }
  });
});
