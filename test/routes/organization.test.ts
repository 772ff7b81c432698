import { describe, expect, it } from "vitest";
import { setClockForTests } from "../../src/lib/clock";
import { addMember, api, createOrg, expectError } from "../helpers/api";
import { d1Of } from "../helpers/db";
import { createInvoice } from "../helpers/factories";

const EMPTY_PROFILE = {
  legal_name: null,
  trading_name: null,
  address: null,
  vat_id: null,
  tax_registration_id: null,
  company_id: null,
  company_id_scheme: null,
  seller_identifier: null,
  additional_seller_identifiers: [],
  tax_representative: null,
  email: null,
  phone: null,
  iban: null,
  bic: null,
  account_holder: null,
  payment_terms_days: 30,
  invoice_footer: null,
  locale: "en",
  electronic_address: null,
  email_attachment: "pdf",
  brand_color: null,
  reminder_schedule: [],
  payment_reference_format: "rf",
  cash_rounding: null,
  accounting_currency: null,
  // Every organization receives bills by e-mail (test/routes/inbound-email.test.ts).
  inbound_email: expect.stringMatching(/^bills\+[0-9a-z]{24}@bills\.example\.test$/),
};

/** The numbering settings (organization columns, beside the profile) as a new organization has them. */
const NUMBERING_DEFAULTS = { invoice_numbering: "on_create", number_prefix: "INV-", number_padding: 6 };

const patchOrg = (key: string, body: unknown) => api("PATCH", "/v1/organization", { token: key, body });

describe("GET /v1/organization", () => {
  it("answers the organization with an empty profile and the defaults, to any member", async () => {
    const org = await createOrg({ name: "Acme", currency: "EUR" });
    const member = await addMember(org, "member");
    const res = await api("GET", "/v1/organization", { token: member.key });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      id: org.organizationId,
      name: "Acme",
      tier: "business",
      default_currency: "EUR",
      test_mode: false,
      ...EMPTY_PROFILE,
      ...NUMBERING_DEFAULTS,
      created_at: expect.any(String),
      updated_at: expect.any(String),
    });
  });
});

describe("PATCH /v1/organization", () => {
  it("stores a full billing profile in normalised form and answers it on GET", async () => {
    const org = await createOrg();
    const at = new Date(Date.now() + 60_000);
    setClockForTests(() => at);
    const res = await patchOrg(org.owner.key, {
      name: "Acme Software",
      default_currency: "EUR",
      legal_name: "Acme Software GmbH",
      trading_name: "Acme",
      address: { line1: "Friedrichstraße 1", city: "Berlin", postal_code: "10117", country: "de" },
      vat_id: "de 123.456.789",
      tax_registration_id: "30/123/45678",
      company_id: "HRB 12345 B",
      email: "billing@acme.example",
      phone: "+49 30 1234567",
      iban: "de89 3704 0044 0532 0130 00",
      bic: "cobadeffxxx",
      account_holder: "Acme Software GmbH",
      payment_terms_days: 14,
      invoice_footer: "Managing director: Ada Lovelace",
      locale: "de",
      electronic_address: { scheme: "9930", id: "DE123456789" },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toEqual({
      id: org.organizationId,
      name: "Acme Software",
      tier: "business",
      default_currency: "EUR",
      test_mode: false,
      legal_name: "Acme Software GmbH",
      trading_name: "Acme",
      address: {
        line1: "Friedrichstraße 1",
        line2: null,
        city: "Berlin",
        postal_code: "10117",
        region: null,
        country: "DE",
      },
      vat_id: "DE123456789",
      tax_registration_id: "30/123/45678",
      company_id: "HRB 12345 B",
      company_id_scheme: null,
      seller_identifier: null,
      additional_seller_identifiers: [],
      tax_representative: null,
      email: "billing@acme.example",
      phone: "+49 30 1234567",
      iban: "DE89370400440532013000",
      bic: "COBADEFFXXX",
      account_holder: "Acme Software GmbH",
      payment_terms_days: 14,
      invoice_footer: "Managing director: Ada Lovelace",
      locale: "de",
      electronic_address: { scheme: "9930", id: "DE123456789" },
      ...NUMBERING_DEFAULTS,
      email_attachment: "pdf",
      brand_color: null,
      reminder_schedule: [],
      payment_reference_format: "rf",
      cash_rounding: null,
      accounting_currency: null,
      inbound_email: EMPTY_PROFILE.inbound_email,
      created_at: expect.any(String),
      updated_at: at.toISOString(),
    });
    const read = await api("GET", "/v1/organization", { token: org.owner.key });
    expect(read.body).toEqual(res.body);
    const me = await api("GET", "/v1/me", { token: org.owner.key });
    expect(me.body.organization).toMatchObject({ name: "Acme Software", default_currency: "EUR" });
  });

  it("merges the address part by part, and null clears a field, a part or the whole address", async () => {
    const org = await createOrg();
    await patchOrg(org.owner.key, {
      legal_name: "Acme GmbH",
      vat_id: "DE123456789",
      payment_terms_days: 10,
      locale: "fr",
      address: { line1: "Rue 1", line2: "Bâtiment B", city: "Paris", postal_code: "75001", country: "FR" },
    });
    const merged = await patchOrg(org.owner.key, { address: { city: "Lyon", line2: null, region: "ARA" } });
    expect(merged.status).toBe(200);
    expect(merged.body.address).toEqual({
      line1: "Rue 1",
      line2: null,
      city: "Lyon",
      postal_code: "75001",
      region: "ARA",
      country: "FR",
    });
    expect(merged.body).toMatchObject({ legal_name: "Acme GmbH", vat_id: "DE123456789", locale: "fr" });

    const cleared = await patchOrg(org.owner.key, {
      vat_id: null,
      payment_terms_days: null,
      locale: null,
      address: null,
    });
    expect(cleared.status).toBe(200);
    expect(cleared.body).toMatchObject({
      legal_name: "Acme GmbH",
      vat_id: null,
      payment_terms_days: 30,
      locale: "en",
      address: null,
    });
    const [row] = (
      await (
        await d1Of(org.organizationId)
      )
        .prepare("SELECT billing_profile FROM organizations WHERE id = ?")
        .bind(org.organizationId)
        .all<{ billing_profile: string }>()
    ).results;
    expect(JSON.parse(row!.billing_profile)).toEqual({ legal_name: "Acme GmbH" });
  });

  it("applies concurrent changes one at a time: each answers 200 or 409 (reason concurrent_update), none is lost", async () => {
    const org = await createOrg();
    // Each request changes a field of its own: a change answered 200 must be there at the end,
    // one answered 409 must not (a change applied over another's read would drop that one).
    const changes = [
      { name: "North Ltd" },
      { legal_name: "North Holding Ltd" },
      { trading_name: "North Shop" },
      { phone: "+44 20 7946 0000" },
      { invoice_footer: "Thank you" },
      { number_prefix: "NORTH-" },
    ];
    const answers = await Promise.all(
      changes.map((body) => api("PATCH", "/v1/organization", { token: org.owner.key, body })),
    );
    for (const res of answers) {
      if (res.status === 200) continue;
      expectError(res, 409, "conflict");
      expect(res.body.error.details.reason).toBe("concurrent_update");
    }
    expect(answers.some((res) => res.status === 200)).toBe(true);
    const stored = (await api("GET", "/v1/organization", { token: org.owner.key })).body;
    changes.forEach((change, i) => {
      const [field, value] = Object.entries(change)[0]!;
      if (answers[i]!.status === 200) expect(stored[field], field).toBe(value);
      else expect(stored[field], field).not.toBe(value);
    });
    const events = await api("GET", "/v1/events?type=organization.updated", { token: org.owner.key });
    expect(events.body.data).toHaveLength(answers.filter((res) => res.status === 200).length);
  });

  it("accepts payment terms of 0 days", async () => {
    const org = await createOrg();
    const res = await patchOrg(org.owner.key, { payment_terms_days: 0 });
    expect(res.status).toBe(200);
    expect(res.body.payment_terms_days).toBe(0);
  });

  it.each([
    ["DE", "DE12345678"],
    ["DE with letters", "DE12345678X"],
    ["AT without U", "AT12345678"],
    ["NL without B", "NL123456789001"],
    ["FR with I", "FRI1123456789"],
    ["GR instead of EL", "GR123456789"],
    ["NO without MVA", "NO123456789"],
    ["CH short", "CHE-123.456.78 MWST"],
    ["no country prefix", "123456789"],
  ])("answers 422 vat_id for a malformed VAT identifier (%s)", async (_, vatId) => {
    const org = await createOrg();
    const error = expectError(await patchOrg(org.owner.key, { vat_id: vatId }), 422, "validation_error");
    expect(Object.keys(error.details ?? {})).toEqual(["vat_id"]);
  });

  it.each([
    ["EL123456789", "EL123456789"],
    ["XI 123 4567 89", "XI123456789"],
    ["GB123456789", "GB123456789"],
    ["che123456789 mwst", "CHE-123.456.789 MWST"],
    ["CHE123456789", "CHE123456789"],
    ["NO 123 456 789 MVA", "NO123456789MVA"],
    ["ATU12345678", "ATU12345678"],
  ])("stores the VAT identifier %s as %s", async (vatId, stored) => {
    const org = await createOrg();
    const res = await patchOrg(org.owner.key, { vat_id: vatId });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.vat_id).toBe(stored);
  });

  it.each([
    ["iban", { iban: "DE89370400440532013001" }, /check digits/],
    ["iban", { iban: "DE8937040044053201300" }, /22 characters/],
    ["bic", { bic: "COBADEFFXX" }, /BIC/],
    ["bic", { bic: "C0BADEFF" }, /BIC/],
    ["locale", { locale: "pt" }, /./],
    ["payment_terms_days", { payment_terms_days: 366 }, /./],
    ["payment_terms_days", { payment_terms_days: 1.5 }, /./],
    ["address.country", { address: { country: "XX" } }, /ISO 3166-1/],
    ["address.country", { address: { city: "Berlin" } }, /country/],
    ["electronic_address.scheme", { electronic_address: { scheme: "1234", id: "x" } }, /EAS/],
    ["electronic_address.id", { electronic_address: { scheme: "0088", id: "x".repeat(101) } }, /./],
    ["email", { email: "nope" }, /e-mail/],
    ["legal_name", { legal_name: "x".repeat(201) }, /./],
    ["invoice_footer", { invoice_footer: "x".repeat(2001) }, /./],
    ["tier", { tier: "starter" }, /Unknown or read-only/],
    ["email_attachment", { email_attachment: "zip" }, /./],
    ["email_attachment", { email_attachment: "PDF" }, /./],
    ["brand_color", { brand_color: "0B4F8A" }, /#RRGGBB/],
    ["brand_color", { brand_color: "#0B4F8" }, /#RRGGBB/],
    ["brand_color", { brand_color: "#0B4F8G" }, /#RRGGBB/],
    ["brand_color", { brand_color: "blue" }, /#RRGGBB/],
    [
      "brand_color",
      { brand_color: "#777777" },
      /^Contrast against white is 4\.47:1; text needs at least 4\.5:1/,
    ],
  ])("answers 422 naming %s", async (field, body, message) => {
    const org = await createOrg();
    const error = expectError(await patchOrg(org.owner.key, body), 422, "validation_error");
    expect(error.details?.[field], JSON.stringify(error.details)).toMatch(message);
    const read = await api("GET", "/v1/organization", { token: org.owner.key });
    expect(read.body).toMatchObject(EMPTY_PROFILE);
  });

  it("stores a brand color readable on white (upper case), answers it, and null restores the default", async () => {
    const org = await createOrg();
    // #767676 is the lightest grey with 4.5:1 on white (4.54:1).
    for (const [value, stored] of [
      ["#0b4f8a", "#0B4F8A"],
      ["#767676", "#767676"],
      ["#000000", "#000000"],
    ]) {
      const res = await patchOrg(org.owner.key, { brand_color: value });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body.brand_color).toBe(stored);
      expect((await api("GET", "/v1/organization", { token: org.owner.key })).body.brand_color).toBe(stored);
    }
    const cleared = await patchOrg(org.owner.key, { brand_color: null });
    expect(cleared.body.brand_color).toBeNull();
  });

  it("refuses a brand color too light for text on white with its ratio and a darker shade that passes, keeping the stored one", async () => {
    const org = await createOrg();
    await patchOrg(org.owner.key, { brand_color: "#0B4F8A" });
    const error = expectError(
      await patchOrg(org.owner.key, { brand_color: "#FF0000" }),
      422,
      "validation_error",
    );
    const message = String(error.details?.brand_color);
    // Pure red is 3.99:1 against white.
    expect(message).toMatch(/^Contrast against white is 3\.99:1; text needs at least 4\.5:1 \(WCAG 2 AA\)/);
    const shade = /passes: (#[0-9A-F]{6})$/.exec(message)?.[1];
    expect(shade).toBeDefined();
    const accepted = await patchOrg(org.owner.key, { brand_color: shade });
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
    expect(accepted.body.brand_color).toBe(shade);
    expectError(await patchOrg(org.owner.key, { brand_color: "#FFFF00" }), 422, "validation_error");
    expect((await api("GET", "/v1/organization", { token: org.owner.key })).body.brand_color).toBe(shade);
  });

  it("sets what the invoice e-mail attaches (pdf, facturx, ubl, none); null restores pdf; never in the seller", async () => {
    const org = await createOrg();
    for (const value of ["facturx", "ubl", "none", "pdf"]) {
      const res = await patchOrg(org.owner.key, { email_attachment: value });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body.email_attachment).toBe(value);
      expect((await api("GET", "/v1/organization", { token: org.owner.key })).body.email_attachment).toBe(
        value,
      );
    }
    await patchOrg(org.owner.key, { email_attachment: "ubl" });
    const cleared = await patchOrg(org.owner.key, { email_attachment: null });
    expect(cleared.body.email_attachment).toBe("pdf");
    // An e-mail setting, not the seller's identity: a sent invoice's `seller` does not carry it.
    await patchOrg(org.owner.key, { email_attachment: "none" });
    const invoice = await createInvoice(org);
    const sent = await api("POST", `/v1/invoices/${invoice.id}/send`, { token: org.owner.key });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    expect(sent.body.seller).not.toHaveProperty("email_attachment");
  });

  it("lets an admin change the profile and refuses a member with 403", async () => {
    const org = await createOrg();
    const admin = await addMember(org, "admin");
    const member = await addMember(org, "member");
    expectError(await patchOrg(member.key, { legal_name: "Member GmbH" }), 403, "access_denied");
    const res = await patchOrg(admin.key, { legal_name: "Admin GmbH" });
    expect(res.status).toBe(200);
    expect((await api("GET", "/v1/organization", { token: member.key })).body.legal_name).toBe("Admin GmbH");
  });

  it("changes only the caller's organization", async () => {
    const org = await createOrg();
    const other = await createOrg();
    await patchOrg(org.owner.key, { legal_name: "Mine GmbH" });
    const read = await api("GET", "/v1/organization", { token: other.owner.key });
    expect(read.body).toMatchObject({ id: other.organizationId, legal_name: null });
  });

  it("records an organization.updated event with the whole profile", async () => {
    const org = await createOrg();
    const res = await patchOrg(org.owner.key, { legal_name: "Evented GmbH", iban: "DE89370400440532013000" });
    const { results } = await (await d1Of(org.organizationId))
      .prepare(
        "SELECT type, payload FROM webhook_events WHERE organization_id = ? ORDER BY created_at, rowid",
      )
      .bind(org.organizationId)
      .all<{ type: string; payload: string }>();
    expect(results.map((r) => r.type)).toEqual(["organization.updated"]);
    expect(JSON.parse(results[0]!.payload).data.object).toEqual(res.body);
  });

  it("answers 401 without credentials", async () => {
    expectError(await api("GET", "/v1/organization"), 401, "unauthorized");
    expectError(await api("PATCH", "/v1/organization", { body: {} }), 401, "unauthorized");
  });
});
