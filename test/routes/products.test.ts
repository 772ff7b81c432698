import { describe, expect, it } from "vitest";
import { api, createOrg } from "../helpers/api";
import { client, expectApiError, expectStatus, invalid } from "../helpers/client";
import { d1Of } from "../helpers/db";
import { createProduct } from "../helpers/factories";

describe("products", () => {
  it("creates, reads, lists, patches and deletes a product", async () => {
    const org = await createOrg();
    const owner = client(org.owner.key);
    const created = expectStatus(
      await owner.POST("/v1/products", {
        body: { name: "Consulting", description: "Senior", price: 150.5, currency: "EUR", unit: "hour" },
      }),
      201,
    );
    expect(created).toEqual({
      id: expect.stringMatching(/^prod_/),
      name: "Consulting",
      description: "Senior",
      price: 150.5,
      currency: "EUR",
      unit: "hour",
      unit_code: "C62",
      metadata: {},
      created_at: expect.any(String),
      updated_at: expect.any(String),
    });
    const path = { params: { path: { id: created.id } } };
    expect((await owner.GET("/v1/products/{id}", path)).data).toEqual(created);

    const list = expectStatus(await owner.GET("/v1/products"), 200);
    expect(list).toEqual({ data: [created], meta: { total: 1, limit: 20, offset: 0 } });

    const patched = expectStatus(
      await owner.PATCH("/v1/products/{id}", { ...path, body: { price: 160 } }),
      200,
    );
    expect(patched).toMatchObject({ name: "Consulting", price: 160, currency: "EUR", unit: "hour" });

    expectStatus(await owner.DELETE("/v1/products/{id}", path), 204);
    expectApiError(await owner.GET("/v1/products/{id}", path), 404, "not_found");
  });

  it("defaults the currency to the organization's", async () => {
    const org = await createOrg({ currency: "JPY" });
    const res = await client(org.owner.key).POST("/v1/products", {
      body: { name: "Tea", price: 500, unit: "cup" },
    });
    expect(res.data).toMatchObject({ price: 500, currency: "JPY" });
  });

  it.each([
    // A price is the net price of the lines it fills (BT-146): up to 6 decimals in any currency.
    [{ price: 1.9999999, currency: "USD" }, "price"],
    [{ price: 1.0000005, currency: "JPY" }, "price"],
    [{ price: 1.0000001, currency: "KWD" }, "price"],
    [{ price: -1 }, "price"],
    [{ currency: "usd" }, "currency"],
    [{ currency: "XYZ" }, "currency"],
    [{ unit: "" }, "unit"],
    [{ unit: "x".repeat(33) }, "unit"],
    [{ total: 5 }, "total"],
  ])("answers 422 for %o on %s", async (override, field) => {
    const org = await createOrg();
    const res = await client(org.owner.key).POST("/v1/products", {
      body: invalid({ name: "P", price: 1, currency: "USD", unit: "piece", ...override }),
    });
    expect(expectApiError(res, 422, "validation_error").details).toHaveProperty(field);
  });

  it("keeps prices exact at the currency's minor unit (JPY 0, KWD 3 decimals)", async () => {
    const org = await createOrg();
    expect((await createProduct(org, { price: 1234, currency: "JPY" })).price).toBe(1234);
    expect((await createProduct(org, { price: 1.234, currency: "KWD" })).price).toBe(1.234);
    expect((await createProduct(org, { price: 0, currency: "USD" })).price).toBe(0);
  });

  it("re-checks the price when only the currency changes", async () => {
    const org = await createOrg();
    const owner = client(org.owner.key);
    const product = await createProduct(org, { price: 19.99, currency: "USD" });
    const path = { params: { path: { id: product.id } } };
    const res = await owner.PATCH("/v1/products/{id}", { ...path, body: { currency: "JPY" } });
    expect(expectApiError(res, 422, "validation_error").details).toHaveProperty("currency");
    const ok = await owner.PATCH("/v1/products/{id}", { ...path, body: { currency: "KWD" } });
    expect(ok.data).toMatchObject({ price: 19.99, currency: "KWD" });
  });

  it("caps prices at 999,999,999,999,999 minor units, also after a currency change", async () => {
    const org = await createOrg();
    const owner = client(org.owner.key);
    expect((await createProduct(org, { price: 9999999999999.99, currency: "USD" })).price).toBe(
      9999999999999.99,
    );
    const over = await owner.POST("/v1/products", {
      body: { name: "P", price: 10000000000000, currency: "USD", unit: "piece" },
    });
    expect(expectApiError(over, 422, "validation_error").details).toHaveProperty("price");
    const yen = await createProduct(org, { price: 999999999999999, currency: "JPY" });
    const rescaled = await owner.PATCH("/v1/products/{id}", {
      params: { path: { id: yen.id } },
      body: { currency: "USD" },
    });
    expect(expectApiError(rescaled, 422, "validation_error").details).toHaveProperty("currency");
  });

  it("uses ISO 4217 minor units (HUF 2, IQD 3, CLF 4) and refuses unknown codes", async () => {
    const org = await createOrg();
    expect((await createProduct(org, { price: 12.34, currency: "HUF" })).price).toBe(12.34);
    expect((await createProduct(org, { price: 1.234, currency: "IQD" })).price).toBe(1.234);
    expect((await createProduct(org, { price: 1.2345, currency: "CLF" })).price).toBe(1.2345);
    const unknown = await client(org.owner.key).POST("/v1/products", {
      body: { name: "P", price: 1, currency: "ABC", unit: "piece" },
    });
    expect(expectApiError(unknown, 422, "validation_error").details).toHaveProperty("currency");
  });

  it("hides another organization's product", async () => {
    const org = await createOrg();
    const other = client((await createOrg()).owner.key);
    const product = await createProduct(org);
    const path = { params: { path: { id: product.id } } };
    expectApiError(await other.GET("/v1/products/{id}", path), 404, "not_found");
    expectApiError(
      await other.PATCH("/v1/products/{id}", { ...path, body: { name: "x" } }),
      404,
      "not_found",
    );
    expectApiError(await other.DELETE("/v1/products/{id}", path), 404, "not_found");
    expect((await other.GET("/v1/products")).data?.data).toEqual([]);
  });

  it("records product events in the outbox", async () => {
    const org = await createOrg();
    const owner = client(org.owner.key);
    const product = await createProduct(org);
    const path = { params: { path: { id: product.id } } };
    await owner.PATCH("/v1/products/{id}", { ...path, body: { name: "Renamed" } });
    await owner.DELETE("/v1/products/{id}", path);
    const { results } = await (await d1Of(org.organizationId))
      .prepare("SELECT type FROM webhook_events WHERE organization_id = ? ORDER BY created_at, rowid")
      .bind(org.organizationId)
      .all<{ type: string }>();
    expect(results.map((r) => r.type)).toEqual(["product.created", "product.updated", "product.deleted"]);
  });
});

describe("product unit codes", () => {
  it("stores and returns unit_code, and changes it by PATCH", async () => {
    const org = await createOrg();
    const owner = client(org.owner.key);
    const created = expectStatus(
      await owner.POST("/v1/products", {
        body: { name: "Consulting", price: 120, currency: "EUR", unit: "hour", unit_code: "HUR" },
      }),
      201,
    );
    expect(created.unit_code).toBe("HUR");
    const path = { params: { path: { id: created.id } } };
    expect(expectStatus(await owner.GET("/v1/products/{id}", path), 200).unit_code).toBe("HUR");
    const stored = await (await d1Of(org.organizationId))
      .prepare("SELECT unit_code FROM products WHERE id = ?")
      .bind(created.id)
      .first<{ unit_code: string }>();
    expect(stored).toEqual({ unit_code: "HUR" });

    const patched = expectStatus(
      await owner.PATCH("/v1/products/{id}", { ...path, body: { unit_code: "DAY" } }),
      200,
    );
    expect(patched).toMatchObject({ unit: "hour", unit_code: "DAY" });
    expect(
      expectStatus(await owner.PATCH("/v1/products/{id}", { ...path, body: { price: 1 } }), 200).unit_code,
    ).toBe("DAY");
  });

  it.each([
    ["HOURS", "Unknown unit code"],
    ["QQQ", "Unknown unit code"],
    ["hur", "Unit codes are upper-case: use HUR"],
    ["", "Unknown unit code"],
  ])("answers 422 naming unit_code for %j, and stores nothing", async (code, message) => {
    const org = await createOrg();
    const owner = client(org.owner.key);
    const res = await owner.POST("/v1/products", {
      body: { name: "P", price: 1, currency: "USD", unit: "piece", unit_code: code },
    });
    expect(expectApiError(res, 422, "validation_error").details?.unit_code).toContain(message);
    expect(expectStatus(await owner.GET("/v1/products"), 200).meta.total).toBe(0);

    const product = await createProduct(org, { unit_code: "KGM" });
    const patch = await owner.PATCH("/v1/products/{id}", {
      params: { path: { id: product.id } },
      body: { unit_code: code },
    });
    expect(expectApiError(patch, 422, "validation_error").details).toHaveProperty("unit_code");
    const read = await owner.GET("/v1/products/{id}", { params: { path: { id: product.id } } });
    expect(expectStatus(read, 200).unit_code).toBe("KGM");
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
