import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { api, createOrg, expectError } from "../helpers/api";
import { createProduct } from "../helpers/factories";

describe("products", () => {
  it("creates, reads, lists, patches and deletes a product", async () => {
    const org = await createOrg();
    const created = await api("POST", "/v1/products", {
      token: org.owner.key,
      body: { name: "Consulting", description: "Senior", price: 150.5, currency: "EUR", unit: "hour" },
    });
    expect(created.status).toBe(201);
    expect(created.body).toEqual({
      id: expect.stringMatching(/^prod_/),
      name: "Consulting",
      description: "Senior",
      price: 150.5,
      currency: "EUR",
      unit: "hour",
      created_at: expect.any(String),
      updated_at: expect.any(String),
    });
    const id = created.body.id;
    expect((await api("GET", `/v1/products/${id}`, { token: org.owner.key })).body).toEqual(created.body);

    const list = await api("GET", "/v1/products", { token: org.owner.key });
    expect(list.status).toBe(200);
    expect(list.body).toEqual({ data: [created.body], meta: { total: 1, limit: 20, offset: 0 } });

    const patched = await api("PATCH", `/v1/products/${id}`, { token: org.owner.key, body: { price: 160 } });
    expect(patched.status).toBe(200);
    expect(patched.body).toMatchObject({ name: "Consulting", price: 160, currency: "EUR", unit: "hour" });

    expect((await api("DELETE", `/v1/products/${id}`, { token: org.owner.key })).status).toBe(204);
    expectError(await api("GET", `/v1/products/${id}`, { token: org.owner.key }), 404, "not_found");
  });

  it("defaults the currency to the organization's", async () => {
    const org = await createOrg({ currency: "JPY" });
    const res = await api("POST", "/v1/products", {
      token: org.owner.key,
      body: { name: "Tea", price: 500, unit: "cup" },
    });
    expect(res.body).toMatchObject({ price: 500, currency: "JPY" });
  });

  it.each([
    [{ price: 1.999, currency: "USD" }, "price"],
    [{ price: 1.5, currency: "JPY" }, "price"],
    [{ price: 1.0001, currency: "KWD" }, "price"],
    [{ price: -1 }, "price"],
    [{ currency: "usd" }, "currency"],
    [{ currency: "XYZ" }, "currency"],
    [{ unit: "" }, "unit"],
    [{ unit: "x".repeat(33) }, "unit"],
    [{ total: 5 }, "total"],
  ])("answers 422 for %o on %s", async (override, field) => {
    const org = await createOrg();
    const res = await api("POST", "/v1/products", {
      token: org.owner.key,
      body: { name: "P", price: 1, currency: "USD", unit: "piece", ...override },
    });
    expect(expectError(res, 422, "validation_error").details).toHaveProperty(field);
  });

  it("keeps prices exact at the currency's minor unit (JPY 0, KWD 3 decimals)", async () => {
    const org = await createOrg();
    expect((await createProduct(org, { price: 1234, currency: "JPY" })).price).toBe(1234);
    expect((await createProduct(org, { price: 1.234, currency: "KWD" })).price).toBe(1.234);
    expect((await createProduct(org, { price: 0, currency: "USD" })).price).toBe(0);
  });

  it("re-checks the price when only the currency changes", async () => {
    const org = await createOrg();
    const product = await createProduct(org, { price: 19.99, currency: "USD" });
    const res = await api("PATCH", `/v1/products/${product.id}`, {
      token: org.owner.key,
      body: { currency: "JPY" },
    });
    expect(expectError(res, 422, "validation_error").details).toHaveProperty("currency");
    const ok = await api("PATCH", `/v1/products/${product.id}`, {
      token: org.owner.key,
      body: { currency: "KWD" },
    });
    expect(ok.body).toMatchObject({ price: 19.99, currency: "KWD" });
  });

  it("caps prices at 999,999,999,999,999 minor units, also after a currency change", async () => {
    const org = await createOrg();
    expect((await createProduct(org, { price: 9999999999999.99, currency: "USD" })).price).toBe(
      9999999999999.99,
    );
    const over = await api("POST", "/v1/products", {
      token: org.owner.key,
      body: { name: "P", price: 10000000000000, currency: "USD", unit: "piece" },
    });
    expect(expectError(over, 422, "validation_error").details).toHaveProperty("price");
    const yen = await createProduct(org, { price: 999999999999999, currency: "JPY" });
    const rescaled = await api("PATCH", `/v1/products/${yen.id}`, {
      token: org.owner.key,
      body: { currency: "USD" },
    });
    expect(expectError(rescaled, 422, "validation_error").details).toHaveProperty("currency");
  });

  it("uses ISO 4217 minor units (HUF 2, IQD 3, CLF 4) and refuses unknown codes", async () => {
    const org = await createOrg();
    expect((await createProduct(org, { price: 12.34, currency: "HUF" })).price).toBe(12.34);
    expect((await createProduct(org, { price: 1.234, currency: "IQD" })).price).toBe(1.234);
    expect((await createProduct(org, { price: 1.2345, currency: "CLF" })).price).toBe(1.2345);
    const unknown = await api("POST", "/v1/products", {
      token: org.owner.key,
      body: { name: "P", price: 1, currency: "ABC", unit: "piece" },
    });
    expect(expectError(unknown, 422, "validation_error").details).toHaveProperty("currency");
  });

  it("hides another organization's product", async () => {
    const org = await createOrg();
    const other = await createOrg();
    const product = await createProduct(org);
    const key = other.owner.key;
    expectError(await api("GET", `/v1/products/${product.id}`, { token: key }), 404, "not_found");
    expectError(
      await api("PATCH", `/v1/products/${product.id}`, { token: key, body: { name: "x" } }),
      404,
      "not_found",
    );
    expectError(await api("DELETE", `/v1/products/${product.id}`, { token: key }), 404, "not_found");
    expect((await api("GET", "/v1/products", { token: key })).body.data).toEqual([]);
  });

  it("records product events in the outbox", async () => {
    const org = await createOrg();
    const product = await createProduct(org);
    await api("PATCH", `/v1/products/${product.id}`, { token: org.owner.key, body: { name: "Renamed" } });
    await api("DELETE", `/v1/products/${product.id}`, { token: org.owner.key });
    const { results } = await env.DB.prepare(
      "SELECT type FROM webhook_events WHERE organization_id = ? ORDER BY created_at, rowid",
    )
      .bind(org.organizationId)
      .all<{ type: string }>();
    expect(results.map((r) => r.type)).toEqual(["product.created", "product.updated", "product.deleted"]);
  });
});

describe("product search", () => {
  it("matches name or description, case-insensitively, % and _ literally", async () => {
    const org = await createOrg();
    const audit = await createProduct(org, { name: "Security AUDIT", description: null });
    const design = await createProduct(org, { name: "Design", description: "Logo and 100% brand_kit" });
    await createProduct(org, { name: "Hosting" });
    const search = async (term: string) => {
      const res = await api("GET", `/v1/products?search=${encodeURIComponent(term)}`, {
        token: org.owner.key,
      });
      expect(res.status).toBe(200);
      return res.body.data.map((p: { id: string }) => p.id);
    };
    expect(await search("audit")).toEqual([audit.id]);
    expect(await search("BRAND")).toEqual([design.id]);
    expect(await search("100%")).toEqual([design.id]);
    expect(await search("_kit")).toEqual([design.id]);
    expect(await search("%")).toEqual([design.id]);
    expect(await search("nothing")).toEqual([]);
    const all = await api("GET", "/v1/products", { token: org.owner.key });
    expect(all.body.meta.total).toBe(3);
  });
});
