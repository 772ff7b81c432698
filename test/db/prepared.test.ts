// Queries built once per isolate (src/db/prepared.ts) and Drizzle handles kept per D1 handle
// (src/db/client.ts): the same query runs on the binding and on a request's session, with each
// run's own values, and a run inside a session goes through that session.
import { env } from "cloudflare:workers";
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createDb, type Db } from "../../src/db/client";
import { preparedQuery } from "../../src/db/prepared";
import { organizations } from "../../src/db/schema/identity";
import { withD1Session } from "../../src/db/sessions";
import { createOrg } from "../helpers/api";
import { d1Of } from "../helpers/db";

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
