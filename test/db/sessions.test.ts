// D1 read replication (src/db/sessions.ts): every answer carries the session's bookmark in
// x-d1-bookmark; a read that passes it back sees the write that produced it; a malformed
// bookmark is refused before it reaches D1; writes start at the primary.
import { env } from "cloudflare:workers";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createDb } from "../../src/db/client";
import { isBookmark, sessionConstraint, withD1Session } from "../../src/db/sessions";
import { api, createOrg, expectError } from "../helpers/api";

describe("D1 sessions", () => {
  it("answers a bookmark, and a read with the bookmark of a write sees that write", async () => {
    const org = await createOrg();
    const created = await api("POST", "/v1/customers", {
      token: org.owner.key,
      body: {
        name: "Bookmark GmbH",
        email: "b@example.com",
        address: { line1: "1 Main St", city: "Berlin", postal_code: "10115", country: "DE" },
      },
    });
    expect(created.status).toBe(201);
    const bookmark = created.headers.get("x-d1-bookmark");
    expect(bookmark).toBeTruthy();
    expect(isBookmark(bookmark!)).toBe(true);

    const read = await api("GET", `/v1/customers/${created.body.id}`, {
      token: org.owner.key,
      headers: { "x-d1-bookmark": bookmark! },
    });
    expect(read.status).toBe(200);
    expect(read.body.name).toBe("Bookmark GmbH");
    // Bookmarks sort oldest to newest: the read's session is at least where the write left it.
    expect(read.headers.get("x-d1-bookmark")! >= bookmark!).toBe(true);
  });

  it("refuses a malformed bookmark with 400 naming the header", async () => {
    const org = await createOrg();
    const res = await api("GET", "/v1/customers", {
      token: org.owner.key,
      headers: { "x-d1-bookmark": "not a bookmark; DROP TABLE" },
    });
    expectError(res, 400, "invalid_request");
    expect(res.body.error.details).toHaveProperty("x-d1-bookmark");
  });

  it("starts writes at the primary and reads at the client's bookmark or anywhere", () => {
    expect(sessionConstraint("POST", "0000000a-00000001")).toBe("first-primary");
    expect(sessionConstraint("PATCH", undefined)).toBe("first-primary");
    expect(sessionConstraint("DELETE", undefined)).toBe("first-primary");
    expect(sessionConstraint("GET", "0000000a-00000001")).toBe("0000000a-00000001");
    expect(sessionConstraint("GET", undefined)).toBe("first-unconstrained");
  });

  it("routes every Drizzle handle made inside a request's session through that session", async () => {
    const bookmark = await withD1Session(env.DB, "first-primary", async (session) => {
      await createDb(env.DB).run(sql`SELECT 1`);
      return session.getBookmark();
    });
    // The query went through the session: it has a bookmark now.
    expect(bookmark).toBeTruthy();
  });
});
