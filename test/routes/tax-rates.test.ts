import { describe, expect, it } from "vitest";
import { setClockForTests } from "../../src/lib/clock";
import { prefixedId } from "../../src/lib/ids";
import { addMember, api, createOrg, expectError, type TestOrg } from "../helpers/api";
import { d1Of } from "../helpers/db";
import { createInvoice } from "../helpers/factories";

async function createRate(org: TestOrg, body: Record<string, unknown> = {}) {
  const res = await api("POST", "/v1/tax-rates", {
    token: org.owner.key,
    body: { display_name: "VAT 19%", percentage: 19, ...body },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as Record<string, any> & { id: string };
}

/** An invoice line priced with the rate, written straight into D1 (as invoice pricing will). */
async function useRateOnAnInvoiceLine(org: TestOrg, taxRateId: string) {
  const invoice = await createInvoice(org);
  await (await d1Of(org.organizationId))
    .prepare(
      `INSERT INTO invoice_items (id, invoice_id, organization_id, position, description, quantity,
       unit_price_minor, amount_minor, tax_rate_id)
     VALUES (?, ?, ?, 99, 'Taxed work', 10000, 1000, 1000, ?)`,
    )
    .bind(prefixedId("item"), invoice.id, org.organizationId, taxRateId)
    .run();
}

const patchRate = (org: TestOrg, id: string, body: unknown) =>
  api("PATCH", `/v1/tax-rates/${id}`, { token: org.owner.key, body });

describe("tax rates", () => {
  it("creates, reads and lists a rate with its defaults", async () => {
    const org = await createOrg();
    const created = await api("POST", "/v1/tax-rates", {
      token: org.owner.key,
      body: { display_name: "VAT 19%", percentage: 19 },
    });
    expect(created.status).toBe(201);
    expect(created.body).toEqual({
      id: expect.stringMatching(/^txr_[0-9a-z]{24}$/),
      display_name: "VAT 19%",
      percentage: 19,
      inclusive: false,
      category: "S",
      exemption_reason: null,
      exemption_reason_code: null,
      archived: false,
      created_at: expect.any(String),
      updated_at: expect.any(String),
    });
    const member = await addMember(org, "member");
    const read = await api("GET", `/v1/tax-rates/${created.body.id}`, { token: member.key });
    expect(read.status).toBe(200);
    expect(read.body).toEqual(created.body);
    const list = await api("GET", "/v1/tax-rates", { token: member.key });
    expect(list.body).toEqual({ data: [created.body], meta: { total: 1, limit: 20, offset: 0 } });
    const [row] = (
      await (
        await d1Of(org.organizationId)
      )
        .prepare("SELECT percent_scaled FROM tax_rates WHERE id = ?")
        .bind(created.body.id)
        .all<{ percent_scaled: number }>()
    ).results;
    expect(row?.percent_scaled).toBe(190_000);
  });

  it.each([
    [7.25, 7.25, 72_500],
    ["19.5", 19.5, 195_000],
    ["5.1234", 5.1234, 51_234],
    [100, 100, 1_000_000],
    ["8.50000", 8.5, 85_000],
  ])("takes the percentage %j exactly (answers %d, stores %d)", async (given, answered, stored) => {
    const org = await createOrg();
    const rate = await createRate(org, { percentage: given });
    expect(rate.percentage).toBe(answered);
    const [row] = (
      await (
        await d1Of(org.organizationId)
      )
        .prepare("SELECT percent_scaled FROM tax_rates WHERE id = ?")
        .bind(rate.id)
        .all<{ percent_scaled: number }>()
    ).results;
    expect(row?.percent_scaled).toBe(stored);
  });

  it("creates inclusive, reverse-charge, exempt and outside-scope rates", async () => {
    const org = await createOrg();
    expect(await createRate(org, { display_name: "Gross 19%", inclusive: true })).toMatchObject({
      inclusive: true,
      category: "S",
    });
    expect(
      await createRate(org, {
        display_name: "Reverse charge",
        percentage: 0,
        category: "AE",
        exemption_reason_code: "vatex-eu-ae",
      }),
    ).toMatchObject({
      percentage: 0,
      category: "AE",
      exemption_reason_code: "VATEX-EU-AE",
      exemption_reason: null,
    });
    expect(
      await createRate(org, {
        display_name: "Exempt",
        percentage: "0",
        category: "E",
        exemption_reason: "Exempt under §4 UStG",
      }),
    ).toMatchObject({ category: "E", exemption_reason: "Exempt under §4 UStG" });
    expect(
      await createRate(org, {
        display_name: "Not in scope",
        percentage: 0,
        category: "O",
        exemption_reason: "Not subject to VAT",
        exemption_reason_code: "VATEX-EU-O",
      }),
    ).toMatchObject({ category: "O" });
    expect(await createRate(org, { display_name: "Zero", percentage: 0, category: "Z" })).toMatchObject({
      category: "Z",
      percentage: 0,
    });
    expect(await createRate(org, { display_name: "IGIC", percentage: 7, category: "L" })).toMatchObject({
      category: "L",
    });
  });

  it("creates a split payment rate (category B, Italy) charging VAT", async () => {
    const org = await createOrg();
    expect(
      await createRate(org, { display_name: "IVA 22% scissione", percentage: 22, category: "B" }),
    ).toMatchObject({ category: "B", percentage: 22, exemption_reason: null, exemption_reason_code: null });
  });

  it.each([
    ["display_name", { display_name: "" }],
    ["display_name", { display_name: "x".repeat(101) }],
    ["percentage", { percentage: -1 }],
    ["percentage", { percentage: 100.0001 }],
    ["percentage", { percentage: 19.12345 }],
    ["percentage", { percentage: "19,5" }],
    ["percentage", { percentage: "abc" }],
    ["percentage", { percentage: 1e-7 }],
    ["percentage", { percentage: true }],
    ["category", { category: "X" }],
    ["inclusive", { inclusive: "yes" }],
    ["exemption_reason_code", { category: "E", percentage: 0, exemption_reason_code: "EU-AE" }],
    ["exemption_reason", { category: "E", percentage: 0, exemption_reason: "x".repeat(501) }],
    ["percentage", { category: "S", percentage: 0 }],
    ["percentage", { category: "Z", percentage: 5, display_name: "Zero" }],
    ["percentage", { category: "AE", percentage: 19, exemption_reason_code: "VATEX-EU-AE" }],
    ["percentage", { category: "O", percentage: 1, exemption_reason: "Out of scope" }],
    ["exemption_reason", { category: "E", percentage: 0 }],
    ["exemption_reason", { category: "AE", percentage: 0 }],
    ["exemption_reason", { category: "K", percentage: 0 }],
    ["exemption_reason", { category: "G", percentage: 0 }],
    ["exemption_reason", { category: "O", percentage: 0 }],
    ["exemption_reason", { category: "S", exemption_reason: "Why not" }],
    ["exemption_reason_code", { category: "Z", percentage: 0, exemption_reason_code: "VATEX-EU-G" }],
    ["percentage", { category: "B", percentage: 0 }],
    ["exemption_reason", { category: "B", percentage: 22, exemption_reason: "Scissione dei pagamenti" }],
    ["id", { id: "txr_mine" }],
  ])("answers 422 naming %s", async (field, body) => {
    const org = await createOrg();
    const res = await api("POST", "/v1/tax-rates", {
      token: org.owner.key,
      body: { display_name: "Rate", percentage: 19, ...body },
    });
    const error = expectError(res, 422, "validation_error");
    expect(Object.keys(error.details ?? {}), JSON.stringify(error.details)).toContain(field);
    expect((await api("GET", "/v1/tax-rates", { token: org.owner.key })).body.meta.total).toBe(0);
  });

  it("refuses members creating or changing rates (403), and lets an admin", async () => {
    const org = await createOrg();
    const rate = await createRate(org);
    const member = await addMember(org, "member");
    const admin = await addMember(org, "admin");
    expectError(
      await api("POST", "/v1/tax-rates", { token: member.key, body: { display_name: "x", percentage: 7 } }),
      403,
      "access_denied",
    );
    expectError(
      await api("PATCH", `/v1/tax-rates/${rate.id}`, { token: member.key, body: { archived: true } }),
      403,
      "access_denied",
    );
    const byAdmin = await api("POST", "/v1/tax-rates", {
      token: admin.key,
      body: { display_name: "Reduced", percentage: 7 },
    });
    expect(byAdmin.status).toBe(201);
  });

  it("patches the terms of an unused rate, checking them together", async () => {
    const org = await createOrg();
    const rate = await createRate(org);
    const res = await patchRate(org, rate.id, {
      percentage: "7.7",
      inclusive: true,
      display_name: "VAT 7.7%",
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ percentage: 7.7, inclusive: true, display_name: "VAT 7.7%" });
    const incoherent = await patchRate(org, rate.id, { category: "AE" });
    expect(expectError(incoherent, 422, "validation_error").details).toHaveProperty("percentage");
    const toReverse = await patchRate(org, rate.id, {
      category: "AE",
      percentage: 0,
      exemption_reason: "Reverse charge",
    });
    expect(toReverse.status).toBe(200);
    const backToStandard = await patchRate(org, rate.id, { category: "S", percentage: 19 });
    expect(expectError(backToStandard, 422, "validation_error").details).toHaveProperty("exemption_reason");
    const cleared = await patchRate(org, rate.id, { category: "S", percentage: 19, exemption_reason: null });
    expect(cleared.status).toBe(200);
    expect(cleared.body).toMatchObject({ category: "S", percentage: 19, exemption_reason: null });
  });

  it("answers 409 tax_rate_in_use when changing the terms of a rate an invoice line uses", async () => {
    const org = await createOrg();
    const rate = await createRate(org);
    await useRateOnAnInvoiceLine(org, rate.id);
    for (const body of [
      { percentage: 16 },
      { inclusive: true },
      { category: "Z", percentage: 0 },
      { category: "E", percentage: 0, exemption_reason: "Exempt" },
    ]) {
      const error = expectError(await patchRate(org, rate.id, body), 409, "conflict");
      expect(error.details).toEqual({ reason: "tax_rate_in_use" });
      expect(error.message).toMatch(/create a new rate/);
    }
    const read = await api("GET", `/v1/tax-rates/${rate.id}`, { token: org.owner.key });
    expect(read.body).toEqual(rate);
    // Renaming, repeating the same terms and archiving stay possible.
    const renamed = await patchRate(org, rate.id, { display_name: "VAT 19% (old)", percentage: 19 });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toMatchObject({ display_name: "VAT 19% (old)", percentage: 19 });
    const archived = await patchRate(org, rate.id, { archived: true });
    expect(archived.status).toBe(200);
    expect(archived.body.archived).toBe(true);
  });

  it("archives with PATCH archived: true; an archived rate stays readable and can be filtered", async () => {
    const org = await createOrg();
    const start = Date.now();
    setClockForTests(() => new Date(start));
    const old = await createRate(org, { display_name: "VAT 16%", percentage: 16 });
    setClockForTests(() => new Date(start + 1000));
    const current = await createRate(org, { display_name: "VAT 19%" });
    const archived = await patchRate(org, old.id, { archived: true });
    expect(archived.status).toBe(200);
    expect(archived.body).toMatchObject({ id: old.id, archived: true, percentage: 16 });
    const read = await api("GET", `/v1/tax-rates/${old.id}`, { token: org.owner.key });
    expect(read.status).toBe(200);
    expect(read.body).toEqual(archived.body);
    const ids = async (query: string) =>
      (await api("GET", `/v1/tax-rates${query}`, { token: org.owner.key })).body.data.map(
        (r: { id: string }) => r.id,
      );
    expect(await ids("")).toEqual([current.id, old.id]);
    expect(await ids("?archived=true")).toEqual([old.id]);
    expect(await ids("?archived=false")).toEqual([current.id]);
    expectError(
      await api("GET", "/v1/tax-rates?archived=yes", { token: org.owner.key }),
      400,
      "invalid_request",
    );
    const restored = await patchRate(org, old.id, { archived: false });
    expect(restored.body.archived).toBe(false);
  });

  it("pages newest first with limit and offset", async () => {
    const org = await createOrg();
    const rates = [];
    const start = Date.now();
    for (const [i, percentage] of [5, 7, 19].entries()) {
      // Distinct creation times, so "newest first" has one answer.
      setClockForTests(() => new Date(start + i * 1000));
      rates.push(await createRate(org, { percentage }));
    }
    const page = await api("GET", "/v1/tax-rates?limit=2&offset=1", { token: org.owner.key });
    expect(page.body.meta).toEqual({ total: 3, limit: 2, offset: 1 });
    expect(page.body.data.map((r: { id: string }) => r.id)).toEqual([rates[1]!.id, rates[0]!.id]);
  });

  it("hides another organization's rate: 404 on read and update, absent from lists", async () => {
    const org = await createOrg();
    const other = await createOrg();
    const rate = await createRate(org);
    expectError(await api("GET", `/v1/tax-rates/${rate.id}`, { token: other.owner.key }), 404, "not_found");
    expectError(
      await api("PATCH", `/v1/tax-rates/${rate.id}`, { token: other.owner.key, body: { archived: true } }),
      404,
      "not_found",
    );
    expect((await api("GET", "/v1/tax-rates", { token: other.owner.key })).body.meta.total).toBe(0);
    expect((await api("GET", `/v1/tax-rates/${rate.id}`, { token: org.owner.key })).body.archived).toBe(
      false,
    );
  });

  it("records tax_rate.created and tax_rate.updated events", async () => {
    const org = await createOrg();
    const rate = await createRate(org);
    await patchRate(org, rate.id, { archived: true });
    const { results } = await (await d1Of(org.organizationId))
      .prepare(
        "SELECT type, payload FROM webhook_events WHERE organization_id = ? ORDER BY created_at, rowid",
      )
      .bind(org.organizationId)
      .all<{ type: string; payload: string }>();
    expect(results.map((r) => r.type)).toEqual(["tax_rate.created", "tax_rate.updated"]);
    expect(JSON.parse(results[0]!.payload).data.object).toEqual(rate);
    expect(JSON.parse(results[1]!.payload).data.object).toMatchObject({ id: rate.id, archived: true });
  });
});
