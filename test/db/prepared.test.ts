// Queries built once per isolate (src/db/prepared.ts) and Drizzle handles kept per D1 handle
// (src/db/client.ts): the same query runs on the binding and on a request's session, with each
// run's own values, and a run inside a session goes through that session.
import { env } from "cloudflare:workers";
import { and, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createDb, type Db } from "../../src/db/client";
import { preparedQuery, preparedRowInsert, preparedRowsWhere } from "../../src/db/prepared";
import { customers } from "../../src/db/schema/customers";
import { organizations } from "../../src/db/schema/identity";
import { invoices } from "../../src/db/schema/invoices";
import { withD1Session } from "../../src/db/sessions";
import { createOrg } from "../helpers/api";
import { d1Of } from "../helpers/db";
import { createCustomer, createInvoice } from "../helpers/factories";

describe("preparedQuery", () => {
  it("builds once and runs with each call's values on whichever handle is passed", async () => {
    const [first, second] = [await createOrg({ name: "First" }), await createOrg({ name: "Second" })];
    let builds = 0;
    const nameOf = preparedQuery((db: Db) => {
      builds++;
      return db
        .select({ name: organizations.name })
        .from(organizations)
        .where(eq(organizations.id, sql.placeholder("id")))
        .prepare();
    });

    // Each organization's row is on its own database: the handle is that database's.
    const [firstD1, secondD1] = [await d1Of(first.organizationId), await d1Of(second.organizationId)];
    const onBinding = await nameOf(createDb(firstD1)).all({ id: first.organizationId });
    expect(onBinding).toEqual([{ name: "First" }]);

    const inSession = await withD1Session(secondD1, "first-primary", async (session) => {
      const rows = await nameOf(createDb(secondD1)).all({ id: second.organizationId });
      return { rows, bookmark: session.getBookmark() };
    });
    expect(inSession.rows).toEqual([{ name: "Second" }]);
    // The run went through the session: it holds a bookmark now.
    expect(inSession.bookmark).toBeTruthy();

    expect(await nameOf(createDb(env.DB)).all({ id: "no-such-organization" })).toEqual([]);
    expect(builds).toBe(1);
  });

  it("preparedRowsWhere answers the rows the builder answers, mapped alike, for each call's keys", async () => {
    const org = await createOrg();
    const [a, b] = [
      await createCustomer(org, { name: "Alpha" }),
      await createCustomer(org, { name: "Beta" }),
    ];
    const db = createDb(await d1Of(org.organizationId));
    const byId = preparedRowsWhere(customers, ["id", "organizationId"]);
    for (const { id } of [a, b]) {
      const built = await db
        .select()
        .from(customers)
        .where(and(eq(customers.id, id), eq(customers.organizationId, org.organizationId)));
      expect(await byId(db, { id, organizationId: org.organizationId })).toEqual(built);
    }
    expect((await byId(db, { id: a.id, organizationId: org.organizationId }))[0]?.name).toBe("Alpha");
    expect(await byId(db, { id: a.id, organizationId: "another" })).toEqual([]);
  });

  it("reads its own write inside a session", async () => {
    const org = await createOrg();
    const nameOf = preparedQuery((db: Db) =>
      db
        .select({ name: organizations.name })
        .from(organizations)
        .where(eq(organizations.id, sql.placeholder("id")))
        .prepare(),
    );
    const d1 = await d1Of(org.organizationId);
    await nameOf(createDb(d1)).all({ id: org.organizationId });
    const seen = await withD1Session(d1, "first-primary", async () => {
      const db = createDb(d1);
      await db
        .update(organizations)
        .set({ name: "Renamed in session" })
        .where(eq(organizations.id, org.organizationId));
      return nameOf(db).all({ id: org.organizationId });
    });
    expect(seen).toEqual([{ name: "Renamed in session" }]);
  });
});

describe("preparedRowInsert", () => {
  it("stores the row Drizzle's own insert stores: JSON, booleans and NULLs alike", async () => {
    const org = await createOrg();
    const customer = await createCustomer(org);
    // A draft is written by the prepared insert (src/services/invoices/write.ts).
    const draft = await createInvoice(org, {
      customer_id: customer.id,
      metadata: { order: "A-1" },
      discounts: [{ description: "Loyalty", amount: 1 }],
      ignore_tax_exempt: true,
    });
    const d1 = await d1Of(org.organizationId);
    const db = createDb(d1);
    const [row] = await db.select().from(invoices).where(eq(invoices.id, draft.id));
    // Its twin through the builder, under another id and number.
    await db.insert(invoices).values({ ...row!, id: `${row!.id}_twin`, number: `${row!.number}-twin` });
    const raw = async (id: string) =>
      d1.prepare("SELECT * FROM invoices WHERE id = ?").bind(id).first<Record<string, unknown>>();
    const [stored, twin] = [await raw(draft.id), await raw(`${draft.id}_twin`)];
    expect({ ...twin, id: stored!.id, number: stored!.number }).toEqual(stored);
    // What the comparison covers: a NULL JSON column, a JSON array and booleans as 0 and 1.
    expect(stored).toMatchObject({ seller: null, payee: null, due_date_defaulted: 0, ignore_tax_exempt: 1 });
    expect(JSON.parse(stored!.discounts as string)).toHaveLength(1);
    expect(stored!.number).toBe(draft.number);
  });

  it("refuses a row that lacks a column, naming it, and an extra value named like a column", async () => {
    const org = await createOrg();
    const db = createDb(await d1Of(org.organizationId));
    const [row] = await db.select().from(organizations).where(eq(organizations.id, org.organizationId));
    const insert = preparedRowInsert(organizations);
    const { name: _name, ...withoutName } = row!;
    expect(() => insert(db, withoutName as typeof row & object)).toThrow(
      "organizations.name: a whole-row insert needs every column",
    );
    expect(() => insert(db, row!, { tier: "starter" })).toThrow(
      "organizations.tier: a column's value comes from the row",
    );
  });
});

describe("createDb", () => {
  it("keeps one Drizzle handle per D1 handle: the binding's, and each session's own", async () => {
    expect(createDb(env.DB)).toBe(createDb(env.DB));
    const [a, b] = await Promise.all([
      withD1Session(env.DB, "first-primary", async () => [createDb(env.DB), createDb(env.DB)] as const),
      withD1Session(env.DB, "first-primary", async () => createDb(env.DB)),
    ]);
    expect(a[0]).toBe(a[1]);
    expect(a[0]).not.toBe(b);
    expect(a[0]).not.toBe(createDb(env.DB));
  });
});
