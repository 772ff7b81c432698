// Moving an organization to the other database through the operator's routes: its API answers
// the same bytes before and after, its rows leave the source, its writes pause while it moves,
// a move stopped half-way resumes to the same end, and a late write to the source keeps the
// source's rows.
import { env } from "cloudflare:workers";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { bindingOf, DIRECTORY_TTL_MS, tenantDatabases } from "../../src/db/route";
import { setClockForTests, utcDate } from "../../src/lib/clock";
import { startMove, stepMove } from "../../src/services/tenancy/move";
import { copyChunk, countRows } from "../../src/services/tenancy/rows";
import { TENANT_TABLES } from "../../src/services/tenancy/tables";
import { ADMIN_TOKEN, api, createOrg, expectError } from "../helpers/api";
import { answers, type BusyOrganization, busyOrganization } from "../helpers/busy-organization";
import { uploaded } from "../helpers/documents";
import { address, SELLER } from "../helpers/factories";
import { sentInvoice } from "./billing/helpers";

// Time runs from noon UTC today and jumps forward when a test says, so a move's waits pass without
// sleeping and the reports' "today" stays the same day.
let shift = 0;
beforeEach(() => {
  const noon = Date.parse(`${utcDate(new Date())}T12:00:00.000Z`);
  const started = Date.now();
  shift = 0;
  setClockForTests(() => new Date(noon + (Date.now() - started) + shift));
});
afterEach(() => setClockForTests());
const passTtl = () => {
  shift += DIRECTORY_TTL_MS + 1_000;
};

const admin = (method: string, path: string, body?: unknown) =>
  api(method, path, { token: ADMIN_TOKEN, body });

async function databaseOf(organizationId: string): Promise<string> {
  const row = await env.DB.prepare("SELECT database FROM organization_databases WHERE organization_id = ?")
    .bind(organizationId)
    .first<{ database: string }>();
  return row!.database;
}

async function otherDatabase(organizationId: string): Promise<{ source: string; target: string }> {
  const source = await databaseOf(organizationId);
  return { source, target: tenantDatabases(env).find((name) => name !== source)! };
}

async function counts(database: string, organizationId: string): Promise<Record<string, number>> {
  const d1 = bindingOf(env, database);
  const out: Record<string, number> = {};
  for (const table of TENANT_TABLES) out[table.name] = await countRows(d1, table, organizationId);
  return out;
}

const nothing = (rows: Record<string, number>) => Object.entries(rows).filter(([, n]) => n > 0);

/** Steps the move through the operator's route until `until` says stop (at most 200 steps). */
async function stepUntil(organizationId: string, until: (move: any) => boolean) {
  let last: unknown;
  for (let n = 0; n < 200; n++) {
    const res = await admin("POST", `/v1/admin/organizations/${organizationId}/move/step`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    if (until(res.body)) return res.body;
    last = res.body;
  }
  throw new Error(`the move never got there: ${JSON.stringify({ ...(last as object), tables: undefined })}`);
}

/** Starts moving the organization to `database` (201) and lets every isolate's route expire. */
async function startMoveTo(organizationId: string, database: string) {
  const started = await admin("POST", `/v1/admin/organizations/${organizationId}/move`, { database });
  expect(started.status, JSON.stringify(started.body)).toBe(201);
  passTtl();
}

/** The answers, read twice first: a path whose answer changes by itself is a broken fixture. */
async function stableAnswers(organization: BusyOrganization) {
  const first = await answers(organization);
  expect(await answers(organization)).toEqual(first);
  return first;
}

describe("POST /v1/admin/organizations/{id}/move", () => {
  it("moves an organization with invoices, payments, documents, events and a bill: the same answers, byte for byte, and no rows left behind", async () => {
    const busy = await busyOrganization();
    const id = busy.org.organizationId;
    const { source, target } = await otherDatabase(id);
    const before = await stableAnswers(busy);
    const rows = await counts(source, id);
    for (const name of [
      "invoices",
      "invoice_items",
      "payments",
      "credit_notes",
      "documents",
      "webhook_events",
      "bills",
    ]) {
      expect(rows[name], name).toBeGreaterThan(0);
    }
    expect(nothing(await counts(target, id))).toEqual([]);

    const started = await admin("POST", `/v1/admin/organizations/${id}/move`, { database: target });
    expect(started.status, JSON.stringify(started.body)).toBe(201);
    expect(started.body).toMatchObject({
      organization_id: id,
      source,
      target,
      phase: "waiting",
      error: null,
    });
    expect((await admin("GET", `/v1/admin/organizations/${id}/move`)).body).toEqual(started.body);

    // Before every isolate's route has expired the move waits.
    const early = await admin("POST", `/v1/admin/organizations/${id}/move/step`);
    expect(early.body.phase).toBe("waiting");
    const lastUse = () =>
      bindingOf(env, source)
        .prepare("SELECT last_used_at FROM api_keys WHERE organization_id = ?")
        .bind(id)
        .first<{ last_used_at: string }>();
    const usedBefore = await lastUse();
    passTtl();
    // Reads go on from the source, which they leave as it is (not even the key's last use);
    // writes answer 503 until the flip.
    expect(await answers(busy)).toEqual(before);
    expect(await lastUse()).toEqual(usedBefore);
    const refused = await api("POST", "/v1/customers", { token: busy.org.owner.key, body: { name: "Late" } });
    expectError(refused, 503, "organization_moving");

    const flipped = await stepUntil(id, (move) => move.phase === "flipped");
    expect(flipped.error).toBeNull();
    expect(await databaseOf(id)).toBe(target);
    // Answered from the target now, with the source's rows still there until the clean.
    expect(await answers(busy)).toEqual(before);
    expect(await counts(source, id)).toEqual(rows);
    expect((await admin("POST", `/v1/admin/organizations/${id}/move/step`)).body.phase).toBe("flipped");

    passTtl();
    const done = await stepUntil(id, (move) => move.phase === "done");
    expect(done.tables.find((table: { name: string }) => table.name === "invoice_items")).toMatchObject({
      copied: rows.invoice_items,
      verified: rows.invoice_items,
      deleted: rows.invoice_items,
      checksum: expect.stringMatching(/^[0-9a-f]{64}$/),
    });
    expect(nothing(await counts(source, id))).toEqual([]);
    expect(await counts(target, id)).toEqual(rows);
    expect(await answers(busy)).toEqual(before);

    // The document's blob stayed where it was (R2 keys name the organization, not the database).
    const download = await api("GET", `/v1/documents/download/${busy.documentId}`, {
      token: busy.org.owner.key,
    });
    expect(download.status).toBe(200);
    expect(await download.raw.text()).toBe("%PDF-1.4 a contract");
    // Writes are taken again, on the target.
    const written = await api("POST", "/v1/customers", {
      token: busy.org.owner.key,
      body: { name: "After", email: "after@example.com", address },
    });
    expect(written.status, JSON.stringify(written.body)).toBe(201);
    expect(
      await countRows(bindingOf(env, target), TENANT_TABLES.find((t) => t.name === "customers")!, id),
    ).toBe(rows.customers! + 1);
  }, 120_000);

  it("resumes a move stopped in the middle of a table, with a chunk committed whose cursor was lost, and ends identical", async () => {
    const busy = await busyOrganization();
    const id = busy.org.organizationId;
    const { source, target } = await otherDatabase(id);
    const before = await stableAnswers(busy);
    const rows = await counts(source, id);
    // What an earlier, abandoned attempt left on the target: it goes before the copy.
    await bindingOf(env, target)
      .prepare(
        "INSERT INTO metadata_entries (organization_id, object_type, object_id, key, value) VALUES (?, 'customer', 'cus_zzzz_stale', 'left', 'over')",
      )
      .bind(id)
      .run();
    await startMoveTo(id, target);

    const small = { rowsPerChunk: 2, rowsPerStep: 2, chunksPerStep: 1 };
    let move = await stepMove(env, id, small);
    for (
      let n = 0;
      n < 500 &&
      !(move.pass === "copy" && TENANT_TABLES[move.tableIndex]!.name === "invoice_items" && move.lastKey);
      n++
    ) {
      move = await stepMove(env, id, small);
    }
    expect(move).toMatchObject({ phase: "copying", pass: "copy", error: null });
    expect(TENANT_TABLES[move.tableIndex]!.name).toBe("invoice_items");
    const items = TENANT_TABLES[move.tableIndex]!;
    const copiedSoFar = await countRows(bindingOf(env, target), items, id);
    expect(copiedSoFar).toBeGreaterThan(0);
    expect(copiedSoFar).toBeLessThan(rows.invoice_items!);
    // A step that committed its chunk and stopped before saving its cursor.
    await copyChunk(bindingOf(env, source), bindingOf(env, target), items, id, move.lastKey, 3);

    // Another run picks the move up where it was saved.
    await stepUntil(id, (next) => next.phase === "flipped");
    passTtl();
    const done = await stepUntil(id, (next) => next.phase === "done");
    expect(done).toMatchObject({ error: null, attempts: 1 });
    expect(await counts(target, id)).toEqual(rows);
    expect(nothing(await counts(source, id))).toEqual([]);
    expect(await answers(busy)).toEqual(before);
  }, 120_000);

  it("refuses to delete the source's rows when one was written there after the flip, and keeps them all", async () => {
    const busy = await busyOrganization();
    const id = busy.org.organizationId;
    const { source, target } = await otherDatabase(id);
    const rows = await counts(source, id);
    await startMoveTo(id, target);
    await stepUntil(id, (move) => move.phase === "flipped");

    // A sweep still visiting the source writes to the organization's invoice there.
    const late = bindingOf(env, source);
    await late.prepare("UPDATE invoices SET notes = 'late' WHERE id = ?").bind(busy.invoiceIds[0]).run();
    passTtl();
    const refused = await stepUntil(id, (move) => move.error !== null);
    expect(refused.phase).toBe("cleaning");
    expect(refused.error).toMatch(/invoices/);
    expect(await counts(source, id)).toEqual(rows);
    const again = await admin("POST", `/v1/admin/organizations/${id}/move/step`);
    expect(again.body).toMatchObject({ phase: "cleaning", error: expect.stringMatching(/invoices/) });
    expect(await counts(source, id)).toEqual(rows);

    // Once the operator has reconciled the row, the clean goes on.
    const kept = await bindingOf(env, target)
      .prepare("SELECT notes FROM invoices WHERE id = ?")
      .bind(busy.invoiceIds[0])
      .first<{ notes: string | null }>();
    await late
      .prepare("UPDATE invoices SET notes = ? WHERE id = ?")
      .bind(kept!.notes, busy.invoiceIds[0])
      .run();
    await stepUntil(id, (move) => move.phase === "done");
    expect(nothing(await counts(source, id))).toEqual([]);
  }, 120_000);

  it("answers 422 for an unknown or the same database, 404 for an unknown organization, and 409 for another target while moving", async () => {
    const busy = await busyOrganization();
    const id = busy.org.organizationId;
    const { source, target } = await otherDatabase(id);
    const unknown = await admin("POST", `/v1/admin/organizations/${id}/move`, { database: "DB_9" });
    expect(expectError(unknown, 422, "validation_error").details).toHaveProperty("database");
    const same = await admin("POST", `/v1/admin/organizations/${id}/move`, { database: source });
    expect(expectError(same, 422, "validation_error").details).toHaveProperty("database");
    expectError(
      await admin("POST", "/v1/admin/organizations/org_missing/move", { database: target }),
      404,
      "not_found",
    );
    expectError(await admin("GET", `/v1/admin/organizations/${id}/move`), 404, "not_found");
    expectError(await admin("POST", `/v1/admin/organizations/${id}/move/step`), 404, "not_found");

    const started = await admin("POST", `/v1/admin/organizations/${id}/move`, { database: target });
    expect(started.status).toBe(201);
    const again = await admin("POST", `/v1/admin/organizations/${id}/move`, { database: target });
    expect(again.status).toBe(200);
    expect(again.body).toEqual(started.body);
    const elsewhere = await admin("POST", `/v1/admin/organizations/${id}/move`, { database: source });
    expect(expectError(elsewhere, 409, "conflict").details).toMatchObject({ reason: "move_in_progress" });
    expectError(
      await api("POST", `/v1/admin/organizations/${id}/move`, {
        token: busy.org.owner.key,
        body: { database: target },
      }),
      401,
      "unauthorized",
    );

    passTtl();
    await stepUntil(id, (move) => move.phase === "flipped");
    passTtl();
    await stepUntil(id, (move) => move.phase === "done");
    // A finished move gives way to the next one, back where it came from.
    const back = await admin("POST", `/v1/admin/organizations/${id}/move`, { database: source });
    expect(back.status, JSON.stringify(back.body)).toBe(201);
    expect(back.body).toMatchObject({ source: target, target: source, phase: "waiting", attempts: 0 });
  }, 120_000);
});

describe("reads that write, while an organization moves", () => {
  it("leaves the source as it was: document reads and share links answer 503, the hosted page shows without recording its view, a PDF is served without archiving", async () => {
    const org = await createOrg({ currency: "EUR" });
    const id = org.organizationId;
    const key = org.owner.key;
    const doc = await uploaded(key, "board pack", { classification: "internal" });
    const shared = await api("POST", `/v1/documents/${doc.id}/share`, { token: key, body: {} });
    expect(shared.status, JSON.stringify(shared.body)).toBe(201);
    const shareToken = shared.body.data.token as string;
    expect((await api("PATCH", "/v1/organization", { token: key, body: SELLER })).status).toBe(200);
    const sent = await sentInvoice(org, {
      items: [{ description: "Beratung", quantity: 1, unit_price: 100 }],
    });
    const pagePath = new URL(sent.hosted_url as string).pathname;
    const { source, target } = await otherDatabase(id);
    // An invoice issued before archiving and frozen models existed: its first read archives its
    // PDF and freezes its model.
    const d1 = bindingOf(env, source);
    await d1.batch([
      d1.prepare("DELETE FROM invoice_archives WHERE document_id = ?").bind(sent.id),
      d1.prepare("DELETE FROM issued_documents WHERE document_id = ?").bind(sent.id),
    ]);
    const before = await counts(source, id);

    await startMoveTo(id, target);

    expectError(
      await api("GET", `/v1/documents/download/${doc.id}`, { token: key }),
      503,
      "organization_moving",
    );
    expectError(
      await api("GET", `/v1/documents/${doc.id}/metadata`, { token: key }),
      503,
      "organization_moving",
    );
    expectError(await api("GET", `/v1/documents/shared/${shareToken}`), 503, "organization_moving");
    // What needs no write still answers: the audit trail, the page, the PDF (rendered, not kept).
    expect((await api("GET", `/v1/documents/${doc.id}/audit-log`, { token: key })).status).toBe(200);
    const page = await api("GET", pagePath);
    expect(page.status).toBe(200);
    const pdf = await api("GET", `/v1/invoices/${sent.id}/pdf`, { token: key });
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get("Content-Type")).toBe("application/pdf");
    expect((await api("GET", `/v1/invoices/${sent.id}`, { token: key })).body.viewed_at).toBeNull();
    expect(await counts(source, id)).toEqual(before);

    // After the move the same reads write again, on the organization's new database.
    await stepUntil(id, (move) => move.phase === "flipped");
    passTtl();
    const done = await stepUntil(id, (move) => move.phase === "done");
    expect(done.error).toBeNull();
    expect((await api("GET", `/v1/documents/download/${doc.id}`, { token: key })).status).toBe(200);
    expect((await api("GET", pagePath)).status).toBe(200);
    expect((await api("GET", `/v1/invoices/${sent.id}`, { token: key })).body.viewed_at).not.toBeNull();
    expect((await api("GET", `/v1/invoices/${sent.id}/pdf`, { token: key })).status).toBe(200);
    const archived = await bindingOf(env, await databaseOf(id))
      .prepare("SELECT count(*) AS n FROM invoice_archives WHERE document_id = ? AND kind = 'pdf'")
      .bind(sent.id)
      .first<{ n: number }>();
    expect(archived?.n).toBe(1);
  });
});

describe("a move after a failed one", () => {
  // A third database, by name only: starting a move reads the directory alone.
  const threeDatabases = { ...env, TENANT_DATABASES: "DB,DB_2,DB_3" };
  const fail = (id: string) =>
    env.DB.prepare("UPDATE organization_moves SET phase = 'failed', pass = NULL WHERE organization_id = ?")
      .bind(id)
      .run();

  it("goes only to the target that holds the copy of a move failed before its flip", async () => {
    const org = await createOrg();
    const id = org.organizationId;
    const { source, target } = await otherDatabase(id);
    await startMoveTo(id, target);
    await stepUntil(id, (move) => move.phase === "verifying");
    expect(nothing(await counts(target, id)).length).toBeGreaterThan(0);
    // Failed before the flip: the organization stays on the source, its copy on the target.
    await fail(id);
    await env.DB.prepare(
      "UPDATE organization_databases SET state = 'active', moving_to = NULL WHERE organization_id = ?",
    )
      .bind(id)
      .run();

    const elsewhere = startMove(threeDatabases, id, "DB_3");
    await expect(elsewhere).rejects.toMatchObject({
      code: "conflict",
      message: expect.stringContaining(`left its rows on ${target}; move it to ${target} first`),
      details: { reason: "failed_move_leftovers", database: target },
    });
    expect(await databaseOf(id)).toBe(source);

    // Moving to that target again clears the copy first and ends on it, nothing left behind.
    await startMoveTo(id, target);
    await stepUntil(id, (move) => move.phase === "flipped");
    passTtl();
    await stepUntil(id, (move) => move.phase === "done");
    expect(nothing(await counts(source, id))).toEqual([]);
  }, 120_000);

  it("goes only back to the source that keeps the rows of a move failed while cleaning", async () => {
    const org = await createOrg();
    const id = org.organizationId;
    const { source, target } = await otherDatabase(id);
    await startMoveTo(id, target);
    await stepUntil(id, (move) => move.phase === "flipped");
    // Failed while cleaning: the organization lives on the target, its rows stay on the source.
    await fail(id);

    const elsewhere = startMove(threeDatabases, id, "DB_3");
    await expect(elsewhere).rejects.toMatchObject({
      code: "conflict",
      details: { reason: "failed_move_leftovers", database: source },
    });
    const refused = await admin("POST", `/v1/admin/organizations/${id}/move`, { database: target });
    expect(expectError(refused, 422, "validation_error").details).toHaveProperty("database");
    const back = await admin("POST", `/v1/admin/organizations/${id}/move`, { database: source });
    expect(back.status, JSON.stringify(back.body)).toBe(201);
    expect(back.body).toMatchObject({ source: target, target: source, phase: "waiting" });
  }, 120_000);
});
