// Peppol participants: GET /v1/peppol/participants/{scheme}:{id} against the fake Recommand (the
// kept answer, malformed ids refused before any provider call, no connection, provider failures),
// the lookup a customer's electronic address starts in the background, and what a draft's
// readiness learns from the kept answer.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { DIRECTORY_TTL_MS, tenantDatabases } from "../../src/db/route";
import { setClockForTests } from "../../src/lib/clock";
import { ADMIN_TOKEN, addMember, api, createOrg, expectError, type TestOrg } from "../helpers/api";
import { d1Of, databaseOf } from "../helpers/db";
import { createCustomer, SELLER } from "../helpers/factories";
import {
  connectPeppol,
  FakeRecommandAccount,
  INVOICE_DOCUMENT_TYPE,
  useFakeRecommand,
} from "../helpers/recommand";
import { draft, standardRate } from "./billing/helpers";

useFakeRecommand();

const REGISTERED = "0208:0843555253";
const UNREGISTERED = "0208:0477003240";

/** A German seller (SELLER) connected to the fake Recommand, with `registered` participants there. */
async function connectedOrg(...registered: string[]) {
  const org = await createOrg({ currency: "EUR" });
  const profile = await api("PATCH", "/v1/organization", { token: org.owner.key, body: SELLER });
  expect(profile.status, JSON.stringify(profile.body)).toBe(200);
  const account = await FakeRecommandAccount.open();
  for (const participant of registered) await account.register(participant);
  const put = await connectPeppol(org, account);
  expect(put.status, JSON.stringify(put.body)).toBe(200);
  return { org, account };
}

const lookup = (org: TestOrg, participant: string, key = org.owner.key) =>
  api("GET", `/v1/peppol/participants/${participant}`, { token: key });

const verifyCalls = async (account: FakeRecommandAccount) =>
  (await account.requests()).filter((r) => r.path === "/api/v1/verify").map((r) => JSON.parse(r.body));

describe("GET /v1/peppol/participants/{participant}", () => {
  it("answers a registered participant and what it receives, then the kept answer without asking again", async () => {
    const { org, account } = await connectedOrg(REGISTERED);
    const member = await addMember(org, "member");
    const first = await lookup(org, REGISTERED, member.key);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body).toEqual({
      participant_id: REGISTERED,
      registered: true,
      document_types: expect.arrayContaining([INVOICE_DOCUMENT_TYPE]),
      checked_at: expect.any(String),
      cached: false,
    });
    const again = await lookup(org, REGISTERED.replace(":", "%3A"));
    expect(again.status).toBe(200);
    expect(again.body).toEqual({ ...first.body, cached: true });
    expect(await verifyCalls(account)).toEqual([{ peppolAddress: REGISTERED }]);
  });

  it("answers a participant that is not registered, kept for an hour", async () => {
    const { org, account } = await connectedOrg();
    const res = await lookup(org, UNREGISTERED);
    expect(res.body).toMatchObject({ participant_id: UNREGISTERED, registered: false, document_types: [] });
    const kept = await (await d1Of(org.organizationId))
      .prepare(
        "SELECT checked_at, expires_at FROM peppol_participants WHERE organization_id = ? AND participant_id = ?",
      )
      .bind(org.organizationId, UNREGISTERED)
      .first<{ checked_at: string; expires_at: string }>();
    expect(Date.parse(kept?.expires_at ?? "") - Date.parse(kept?.checked_at ?? "")).toBe(60 * 60 * 1000);
    expect((await lookup(org, UNREGISTERED)).body.cached).toBe(true);
    expect(await verifyCalls(account)).toHaveLength(1);
  });

  it("refuses malformed ids with 422 saying why, before any provider call", async () => {
    const { org, account } = await connectedOrg();
    const cases = [
      ["1234:0403170701", /Scheme 1234 is not an EAS code/],
      ["0208:0403170702", /0208/],
      ["9925:BE0403170702", /modulus 97/],
      ["0403170701", /scheme:id/],
    ] as const;
    for (const [participant, why] of cases) {
      const error = expectError(await lookup(org, participant), 422, "validation_error");
      expect(error.details?.participant).toMatch(why);
    }
    expect(await verifyCalls(account)).toEqual([]);
  });

  it("answers 409 peppol_not_connected without a connection", async () => {
    const org = await createOrg({ currency: "EUR" });
    const error = expectError(await lookup(org, REGISTERED), 409, "conflict");
    expect(error.details).toEqual({ reason: "peppol_not_connected" });
  });

  it("answers while its organization moves to another database, and keeps nothing there", async () => {
    const { org, account } = await connectedOrg(REGISTERED);
    const source = await databaseOf(org.organizationId);
    const started = await api("POST", `/v1/admin/organizations/${org.organizationId}/move`, {
      token: ADMIN_TOKEN,
      body: { database: tenantDatabases(env).find((name) => name !== source)! },
    });
    expect(started.status, JSON.stringify(started.body)).toBe(201);
    // Every isolate's cached route has expired: the organization is moving.
    const moved = Date.now() + DIRECTORY_TTL_MS + 1_000;
    setClockForTests(() => new Date(moved));
    for (let n = 0; n < 2; n++) {
      const res = await lookup(org, REGISTERED);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body).toMatchObject({ participant_id: REGISTERED, registered: true, cached: false });
    }
    expect(await verifyCalls(account)).toHaveLength(2);
    const kept = await (await d1Of(org.organizationId))
      .prepare("SELECT count(*) AS n FROM peppol_participants WHERE organization_id = ?")
      .bind(org.organizationId)
      .first<{ n: number }>();
    expect(kept?.n).toBe(0);
  });

  it("answers 502 network_provider_error when the provider fails, and keeps nothing", async () => {
    const { org, account } = await connectedOrg(REGISTERED);
    await account.fail({ path: "/api/v1/verify", status: 500 });
    expectError(await lookup(org, REGISTERED), 502, "network_provider_error");
    await account.fail({ path: "/api/v1/verify", drop: true });
    expectError(await lookup(org, REGISTERED), 502, "network_provider_error");
    expect((await lookup(org, REGISTERED)).body).toMatchObject({ registered: true, cached: false });
  });
});

/** A Belgian customer who chose Peppol, reached at `participant`. */
const peppolCustomer = (participant: string) => {
  const [scheme, id] = participant.split(":");
  return {
    name: "Globex BV",
    address: { line1: "Kerkstraat 1", city: "Gent", postal_code: "9000", country: "BE" },
    vat_id: `BE${id}`,
    buyer_reference: "PO-7",
    einvoice_profile: "peppol",
    electronic_address: { scheme, id },
  };
};

/** A draft at 21 % for the customer: an e-invoice ready in both syntaxes. */
async function draftFor(org: TestOrg, customerId: string) {
  const rate = await standardRate(org, 21);
  return draft(org, {
    customer_id: customerId,
    items: [{ description: "Consulting", quantity: 1, unit_price: 100, tax_rate_id: rate.id }],
  });
}

/**
 * Until the background lookup after the customer's write has asked the fake and kept its answer
 * (`n` answers kept for the organization).
 */
async function lookedUp(org: TestOrg, n: number) {
  for (let attempt = 0; attempt < 100; attempt++) {
    const kept = await (await d1Of(org.organizationId))
      .prepare("SELECT count(*) AS n FROM peppol_participants WHERE organization_id = ?")
      .bind(org.organizationId)
      .first<{ n: number }>();
    if ((kept?.n ?? 0) >= n) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`fewer than ${n} lookups kept`);
}

describe("a draft's readiness and the kept lookup", () => {
  it("lacks customer.electronic_address for a Peppol customer not registered, on GET and the list, not in the syntaxes", async () => {
    const { org, account } = await connectedOrg();
    const customer = await createCustomer(org, peppolCustomer(UNREGISTERED));
    await lookedUp(org, 1);
    const draft = await draftFor(org, customer.id);
    const read = await api("GET", `/v1/invoices/${draft.id}`, { token: org.owner.key });
    expect(read.body.einvoice).toEqual({
      ready: false,
      missing: ["customer.electronic_address"],
      syntaxes: { ubl: { ready: true, missing: [] }, cii: { ready: true, missing: [] } },
    });
    // The create's answer says what GET says.
    expect(draft.einvoice).toEqual(read.body.einvoice);
    const list = await api("GET", "/v1/invoices", { token: org.owner.key });
    const row = (list.body.data as Array<{ id: string; einvoice: unknown }>).find((i) => i.id === draft.id);
    expect(row?.einvoice).toEqual(read.body.einvoice);
    // Registered now, looked up again once the kept answer is dropped: ready.
    await account.register(UNREGISTERED);
    await (await d1Of(org.organizationId))
      .prepare("DELETE FROM peppol_participants WHERE organization_id = ?")
      .bind(org.organizationId)
      .run();
    expect((await lookup(org, UNREGISTERED)).body.registered).toBe(true);
    const ready = await api("GET", `/v1/invoices/${draft.id}`, { token: org.owner.key });
    expect(ready.body.einvoice).toMatchObject({ ready: true, missing: [] });
  });

  it("lacks nothing for a registered Peppol customer, looked up when its address is set by an update", async () => {
    const { org, account } = await connectedOrg(REGISTERED);
    const customer = await createCustomer(org, { ...peppolCustomer(REGISTERED), electronic_address: null });
    const set = await api("PATCH", `/v1/customers/${customer.id}`, {
      token: org.owner.key,
      body: { electronic_address: { scheme: "0208", id: REGISTERED.slice(5) } },
    });
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    await lookedUp(org, 1);
    expect(await verifyCalls(account)).toEqual([{ peppolAddress: REGISTERED }]);
    const draft = await draftFor(org, customer.id);
    const read = await api("GET", `/v1/invoices/${draft.id}`, { token: org.owner.key });
    expect(read.body.einvoice).toMatchObject({ ready: true, missing: [] });
  });

  it("changes nothing for an organization without a connection, whatever was kept", async () => {
    const org = await createOrg({ currency: "EUR" });
    expect((await api("PATCH", "/v1/organization", { token: org.owner.key, body: SELLER })).status).toBe(200);
    const customer = await createCustomer(org, peppolCustomer(UNREGISTERED));
    await (await d1Of(org.organizationId))
      .prepare(
        "INSERT INTO peppol_participants (organization_id, participant_id, registered, document_types, checked_at, expires_at) VALUES (?, ?, 0, '[]', ?, ?)",
      )
      .bind(
        org.organizationId,
        UNREGISTERED,
        new Date().toISOString(),
        new Date(Date.now() + 3_600_000).toISOString(),
      )
      .run();
    const draft = await draftFor(org, customer.id);
    const read = await api("GET", `/v1/invoices/${draft.id}`, { token: org.owner.key });
    expect(read.body.einvoice).toMatchObject({ ready: true, missing: [] });
  });
});
