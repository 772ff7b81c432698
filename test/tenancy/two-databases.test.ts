// Two organizations on two databases (DB and DB_2, TENANT_DATABASES): each sees only its own data
// through the routes, the sweeps visit both databases, and every global lookup (API key, JWT,
// hosted link, share link, inbound address, member e-mail) finds the right one. A database that
// fails does not stop a sweep's work on the others.
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { HOURLY, runScheduled } from "../../src/cron";
import { sweepOverdueInvoices } from "../../src/cron/overdue-invoices";
import {
  CLAIM_GRACE_MS,
  forgetKeysForTests,
  organizationByKey,
  registerClaimingEmail,
  releaseEmail,
  unregisterOrganization,
} from "../../src/db/directory";
import { setClockForTests } from "../../src/lib/clock";
import { apiKeyPrefixOf } from "../../src/services/identity";
import { ADMIN_TOKEN, api, createOrg, expectError, type TestOrg, tokenFor } from "../helpers/api";
import { d1Of } from "../helpers/db";
import { uploaded } from "../helpers/documents";
import { createCustomer, createInvoice } from "../helpers/factories";
import { deliver } from "../helpers/inbound-email";
import { mimeMessage } from "../helpers/mime";
import { supplier } from "../helpers/supplier-invoices";

interface Tenant {
  org: TestOrg;
  database: string;
  customer: string;
  invoice: { id: string; hosted_url: string };
  document: string;
  publicDocument: string;
  share: string;
  bill: string | null;
}

async function tenant(ubl: Uint8Array): Promise<Tenant> {
  const org = await createOrg({ currency: "EUR" });
  const placed = await api("GET", `/v1/admin/organizations/${org.organizationId}`, { token: ADMIN_TOKEN });
  expect(placed.status).toBe(200);
  const customer = await createCustomer(org);
  const created = await createInvoice(org, { customer_id: customer.id, due_date: "2031-01-31" });
  const sent = await api("POST", `/v1/invoices/${created.id}/send`, { token: org.owner.key });
  expect(sent.status, JSON.stringify(sent.body)).toBe(200);
  const doc = await uploaded(org.owner.key, `notes of ${org.organizationId}`, { classification: "internal" });
  const publicDoc = await uploaded(org.owner.key, `public notes of ${org.organizationId}`, {
    classification: "public",
  });
  const share = await api("POST", `/v1/documents/${doc.id}/share`, { token: org.owner.key, body: {} });
  expect(share.status).toBe(201);
  const address = (await api("GET", "/v1/organization", { token: org.owner.key })).body
    .inbound_email as string;
  const mail = await deliver(
    address,
    mimeMessage([{ filename: "r.xml", type: "application/xml", bytes: ubl }]),
  );
  expect(mail.rejected).toBeNull();
  const bills = (await api("GET", "/v1/bills", { token: org.owner.key })).body.data as { id: string }[];
  return {
    org,
    database: placed.body.database,
    customer: customer.id,
    invoice: sent.body,
    document: doc.id,
    publicDocument: publicDoc.id,
    share: new URL(share.body.data.url).pathname,
    bill: bills[0]?.id ?? null,
  };
}

let a: Tenant;
let b: Tenant;

beforeAll(async () => {
  const { ubl } = await (await supplier()).issue([{ description: "Wartung", quantity: 1, unit_price: 80 }]);
  a = await tenant(ubl);
  b = await tenant(ubl);
}, 120_000);

describe("two organizations on two databases", () => {
  it("are placed on different databases, which the directory and the operator's list name", async () => {
    expect(new Set([a.database, b.database])).toEqual(new Set(["DB", "DB_2"]));
    const { results } = await (await d1Of(a.org.organizationId))
      .prepare("SELECT id FROM organizations WHERE id IN (?, ?)")
      .bind(a.org.organizationId, b.org.organizationId)
      .all<{ id: string }>();
    expect(results.map((r) => r.id)).toEqual([a.org.organizationId]);
    const listed = await api("GET", "/v1/admin/organizations?limit=100", { token: ADMIN_TOKEN });
    expect(listed.status).toBe(200);
    // Oldest first, across both databases (the supplier of the received bill is a third).
    const ours = [a.org.organizationId, b.org.organizationId];
    expect(listed.body.meta.total).toBe(listed.body.data.length);
    const placed = listed.body.data.filter((o: { id: string }) => ours.includes(o.id));
    expect(placed.map((o: { id: string; database: string }) => [o.id, o.database])).toEqual([
      [a.org.organizationId, a.database],
      [b.org.organizationId, b.database],
    ]);
  });

  it("places each new organization on the database with the fewest, read as its route is written, so concurrent creations spread", async () => {
    const held = async () => {
      const { results } = await env.DB.prepare(
        "SELECT database, count(*) AS organizations FROM organization_databases GROUP BY database",
      ).all<{ database: string; organizations: number }>();
      return Object.fromEntries(results.map((r) => [r.database, r.organizations]));
    };
    const before = await held();
    const created = await Promise.all(Array.from({ length: 6 }, () => createOrg()));
    const after = await held();
    expect((after.DB ?? 0) + (after.DB_2 ?? 0)).toBe((before.DB ?? 0) + (before.DB_2 ?? 0) + created.length);
    // Counted in a read of its own before the writes, all six would go where the count was
    // lowest when they started.
    expect(Math.abs((after.DB ?? 0) - (after.DB_2 ?? 0))).toBeLessThanOrEqual(1);
  });

  it("each lists only its own rows and cannot read the other's by id", async () => {
    for (const [mine, theirs] of [
      [a, b],
      [b, a],
    ] as const) {
      const token = mine.org.owner.key;
      const lists: Array<[string, string]> = [
        ["/v1/customers?limit=100", mine.customer],
        ["/v1/invoices?limit=100", mine.invoice.id],
        ["/v1/bills?limit=100", mine.bill ?? ""],
      ];
      for (const [path, own] of lists) {
        const res = await api("GET", path, { token });
        expect(res.status, path).toBe(200);
        expect(
          res.body.data.map((row: { id: string }) => row.id),
          path,
        ).toEqual([own]);
      }
      const documents = await api("GET", "/v1/documents?limit=100", { token });
      expect(documents.body.data.map((d: { id: string }) => d.id).sort()).toEqual(
        [mine.document, mine.publicDocument].sort(),
      );
      const events = await api("GET", "/v1/events?limit=100", { token });
      expect(events.status).toBe(200);
      for (const event of events.body.data) expect(JSON.stringify(event)).not.toContain(theirs.invoice.id);
      expectError(await api("GET", `/v1/invoices/${theirs.invoice.id}`, { token }), 404, "not_found");
      expectError(await api("GET", `/v1/customers/${theirs.customer}`, { token }), 404, "not_found");
      // Another organization's internal document: forbidden, as on one database.
      expectError(
        await api("GET", `/v1/documents/${theirs.document}/metadata`, { token }),
        403,
        "access_denied",
      );
      const receivables = await api("GET", "/v1/reports/receivables", { token });
      expect(receivables.status).toBe(200);
      expect(JSON.stringify(receivables.body)).not.toContain(theirs.customer);
    }
  });

  it("finds each organization by every global key: API key, JWT, hosted link, share link, inbound address", async () => {
    for (const t of [a, b]) {
      const me = await api("GET", "/v1/me", { token: t.org.owner.key });
      expect(me.body.organization.id).toBe(t.org.organizationId);
      const jwt = await tokenFor(t.org.owner.key);
      expect((await api("GET", "/v1/me", { token: jwt })).body.organization.id).toBe(t.org.organizationId);
      const page = await api("GET", new URL(t.invoice.hosted_url).pathname);
      expect(page.status).toBe(200);
      const shared = await api("GET", t.share);
      expect(shared.status).toBe(200);
      expect(await shared.raw.text()).toBe(`notes of ${t.org.organizationId}`);
      // The bill the inbound address received is this organization's.
      expect(t.bill).not.toBeNull();
    }
  });

  it("records the API keys it issues in the directory before their first use, and learns one it missed", async () => {
    const directory = env.DB;
    const entry = (prefix: string) =>
      directory
        .prepare("SELECT organization_id FROM directory_entries WHERE kind = 'api_key' AND key = ?")
        .bind(prefix)
        .first<{ organization_id: string }>();
    const prefixOf = (key: string) => apiKeyPrefixOf(key) ?? key;
    const org = await createOrg();
    // Before the key has been used.
    expect(await entry(prefixOf(org.owner.key))).toEqual({ organization_id: org.organizationId });
    const member = await api("POST", "/v1/members", {
      token: org.owner.key,
      body: { email: `member-${Date.now()}@example.com`, role: "member" },
    });
    expect(member.status).toBe(201);
    const issued = await api("POST", "/v1/api-keys", { token: org.owner.key, body: { name: "ci" } });
    expect(issued.status).toBe(201);
    const keys = {
      owner: org.owner.key,
      member: member.body.api_key as string,
      issued: issued.body.key as string,
    };
    for (const [whose, key] of Object.entries(keys)) {
      expect(await entry(prefixOf(key)), whose).toEqual({ organization_id: org.organizationId });
    }
    // A key without its entry (issued before the directory, or whose entry failed) is found by
    // asking every database, and recorded.
    const missed = await api("POST", "/v1/api-keys", { token: b.org.owner.key, body: { name: "missed" } });
    expect(missed.status).toBe(201);
    const prefix = prefixOf(missed.body.key as string);
    await directory
      .prepare("DELETE FROM directory_entries WHERE kind = 'api_key' AND key = ?")
      .bind(prefix)
      .run();
    expect(await entry(prefix)).toBeNull();
    forgetKeysForTests();
    const me = await api("GET", "/v1/me", { token: missed.body.key });
    expect(me.body.organization.id).toBe(b.org.organizationId);
    expect(await entry(prefix)).toEqual({ organization_id: b.org.organizationId });
  });

  it("keeps member e-mails unique across databases", async () => {
    const taken = await api("POST", "/v1/members", {
      token: b.org.owner.key,
      body: { email: a.org.owner.email.toUpperCase(), role: "member" },
    });
    expect(expectError(taken, 409, "conflict").details).toEqual({ reason: "email_taken" });
    const routeCount = async () =>
      (await env.DB.prepare("SELECT count(*) AS n FROM organization_databases").first<{ n: number }>())?.n;
    const keyCount = async () =>
      (
        await env.DB.prepare("SELECT count(*) AS n FROM directory_entries WHERE kind = 'api_key'").first<{
          n: number;
        }>()
      )?.n;
    const routesBefore = await routeCount();
    const keysBefore = await keyCount();
    const twin = await api("POST", "/v1/admin/organizations", {
      token: ADMIN_TOKEN,
      body: { name: "Twin", owner: { email: b.org.owner.email } },
    });
    expect(expectError(twin, 409, "conflict").details).toEqual({ reason: "email_taken" });
    const listed = await api("GET", "/v1/admin/organizations?limit=100", { token: ADMIN_TOKEN });
    expect(listed.body.data.map((o: { name: string }) => o.name)).not.toContain("Twin");
    // The refused organization left no route and no key in the directory (its claim, route and
    // owner's key are one batch).
    expect(await routeCount()).toBe(routesBefore);
    expect(await keyCount()).toBe(keysBefore);
  });

  it("holds a fresh e-mail claim whose member is not written yet: a second organization is refused", async () => {
    const email = `fresh-${Date.now()}@example.com`;
    // Another create's claim, made a moment ago: its organization's rows are not written yet.
    await env.DB.prepare(
      "INSERT INTO directory_entries (kind, key, organization_id, created_at) VALUES ('user_email', ?, ?, ?)",
    )
      .bind(email, "00000000-0000-4000-8000-0000000f4e54", new Date().toISOString())
      .run();
    const second = await api("POST", "/v1/admin/organizations", {
      token: ADMIN_TOKEN,
      body: { name: "Second", owner: { email } },
    });
    expect(expectError(second, 409, "conflict").details).toEqual({ reason: "email_taken" });
    const claim = await env.DB.prepare(
      "SELECT organization_id FROM directory_entries WHERE kind = 'user_email' AND key = ?",
    )
      .bind(email)
      .first();
    expect(claim).toEqual({ organization_id: "00000000-0000-4000-8000-0000000f4e54" });
  });

  it("takes over a stale e-mail claim when an organization is created with that e-mail", async () => {
    const email = `stale-${Date.now()}@example.com`;
    // A claim whose organization never came to exist (a create that failed and could not give it
    // back), older than the grace a claim is held for.
    const madeAt = new Date(Date.now() - CLAIM_GRACE_MS - 1000).toISOString();
    await env.DB.prepare(
      "INSERT INTO directory_entries (kind, key, organization_id, created_at) VALUES ('user_email', ?, ?, ?)",
    )
      .bind(email, "00000000-0000-4000-8000-00000000dead", madeAt)
      .run();
    const created = await api("POST", "/v1/admin/organizations", {
      token: ADMIN_TOKEN,
      body: { name: "Heir", owner: { email } },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const id = created.body.organization.id as string;
    const claim = await env.DB.prepare(
      "SELECT organization_id FROM directory_entries WHERE kind = 'user_email' AND key = ?",
    )
      .bind(email)
      .first();
    expect(claim).toEqual({ organization_id: id });
    const route = await env.DB.prepare("SELECT state FROM organization_databases WHERE organization_id = ?")
      .bind(id)
      .first();
    expect(route).toEqual({ state: "active" });
    // The long way records the owner's key too, before its first use.
    const keyEntry = await env.DB.prepare(
      "SELECT organization_id FROM directory_entries WHERE kind = 'api_key' AND key = ?",
    )
      .bind(apiKeyPrefixOf(created.body.api_key))
      .first();
    expect(keyEntry).toEqual({ organization_id: id });
    const me = await api("GET", "/v1/me", { token: created.body.api_key });
    expect(me.body.organization.id).toBe(id);
  });

  it("undoes a registration whose organization could not be written: its route and keys go, its e-mail claim stays for releaseEmail", async () => {
    const id = "00000000-0000-4000-8000-00000000a11d";
    const email = `undone-${Date.now()}@example.com`;
    const prefix = `sk_undone${Date.now().toString(36)}`;
    const route = await registerClaimingEmail(env, id, email, [{ kind: "api_key", key: prefix }]);
    expect(route).toMatchObject({ state: "active" });
    const database = route!.database;
    expect(["DB", "DB_2"]).toContain(database);
    const entries = () =>
      env.DB.prepare("SELECT kind, key FROM directory_entries WHERE organization_id = ? ORDER BY kind")
        .bind(id)
        .all()
        .then((r) => r.results);
    const routeOf = () =>
      env.DB.prepare("SELECT database FROM organization_databases WHERE organization_id = ?")
        .bind(id)
        .first();
    expect(await entries()).toEqual([
      { kind: "api_key", key: prefix },
      { kind: "user_email", key: email },
    ]);
    expect(await routeOf()).toEqual({ database });
    // The isolate remembered the key it wrote: the lookup answers without asking any database.
    const nowhere = async () => null;
    expect(await organizationByKey(env, "api_key", prefix, nowhere)).toBe(id);
    await unregisterOrganization(env, id);
    expect(await entries()).toEqual([{ kind: "user_email", key: email }]);
    expect(await routeOf()).toBeNull();
    // ... and forgot it with the entry.
    expect(await organizationByKey(env, "api_key", prefix, nowhere)).toBeNull();
    await releaseEmail(env, email, id);
    expect(await entries()).toEqual([]);
  });

  it("sweeps every database, and one failing database does not stop the others", async () => {
    setClockForTests(() => new Date("2031-02-02T00:00:00Z"));
    // A configuration naming a database without a binding: the sweep fails on it, after marking
    // the invoices of both real databases overdue.
    await expect(
      sweepOverdueInvoices(
        { ...env, TENANT_DATABASES: "DB_MISSING,DB,DB_2" },
        new Date("2031-02-02T00:00:00Z"),
      ),
    ).rejects.toThrow(/failed on DB_MISSING/);
    for (const t of [a, b]) {
      const invoice = await api("GET", `/v1/invoices/${t.invoice.id}`, { token: t.org.owner.key });
      expect(invoice.body.status).toBe("overdue");
    }
    // The hourly cron: reminders and every other sweep run on both databases without a failure.
    await runScheduled({ cron: HOURLY }, env);
  });
});
