// The cron sweeps visit every database by its binding while an organization moves between two:
// they leave its rows alone where the directory does not settle it (the target's copy before the
// flip, the source while it is `moving` and after the flip until the clean), so a payment
// reminder goes out once, from the database the organization lives on, and the source stays as
// the move verified it.
import { env } from "cloudflare:workers";
import { sql } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { EVERY_MINUTE, HOURLY, runScheduled } from "../../src/cron";
import {
  bindingOf,
  DIRECTORY_TTL_MS,
  forEachShard,
  shardVisit,
  tenantDatabases,
  VISIT_LIMIT_MS,
  VisitOutlived,
} from "../../src/db/route";
import { setClockForTests } from "../../src/lib/clock";
import { addRows, EMPTY_CHECKSUM, type Key, readRows } from "../../src/services/tenancy/rows";
import { TENANT_TABLES } from "../../src/services/tenancy/tables";
import { ADMIN_TOKEN, api, createOrg } from "../helpers/api";
import { busyOrganization } from "../helpers/busy-organization";
import { createInvoice } from "../helpers/factories";

// The invoice falls due on 2035-01-10 and its one reminder step (+1 day) is due from 2035-01-11:
// time runs from noon on 2035-01-15 and jumps forward when a test passes a wait of the move.
let shift = 0;
beforeEach(() => {
  shift = 0;
});
afterEach(() => setClockForTests());
function startClock() {
  const noon = Date.parse("2035-01-15T12:00:00.000Z");
  const started = Date.now();
  setClockForTests(() => new Date(noon + (Date.now() - started) + shift));
}
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

/**
 * An organization with one sent invoice whose payment reminder is due, and where it moves to;
 * `busy`: with a little of everything besides (test/helpers/busy-organization.ts), whose sent
 * invoices are overdue and due a reminder too.
 */
async function remindable(options: { busy?: boolean } = {}) {
  const org = options.busy ? (await busyOrganization()).org : await createOrg();
  const key = org.owner.key;
  const schedule = await api("PATCH", "/v1/organization", {
    token: key,
    body: { reminder_schedule: [{ offset_days: 1 }] },
  });
  expect(schedule.status, JSON.stringify(schedule.body)).toBe(200);
  const invoice = await createInvoice(org, { due_date: "2035-01-10" });
  // Sent with an Idempotency-Key: the member's kept answer expires long before the sweeps run.
  const sent = await api("POST", `/v1/invoices/${invoice.id}/send`, {
    token: key,
    headers: { "Idempotency-Key": `send-${invoice.id}` },
  });
  expect(sent.status, JSON.stringify(sent.body)).toBe(200);
  const source = await databaseOf(org.organizationId);
  const target = tenantDatabases(env).find((name) => name !== source)!;
  return { id: org.organizationId, invoiceId: invoice.id as string, source, target };
}

/** Reminder e-mails of the organization, on each database: how many, and of how many invoices. */
async function remindersOf(organizationId: string) {
  const out: Record<string, { emails: number; invoices: number }> = {};
  for (const name of tenantDatabases(env)) {
    const row = await bindingOf(env, name)
      .prepare(
        "SELECT count(*) AS emails, count(DISTINCT invoice_id) AS invoices FROM invoice_emails WHERE organization_id = ? AND kind = 'reminder'",
      )
      .bind(organizationId)
      .first<{ emails: number; invoices: number }>();
    out[name] = row!;
  }
  return out;
}

/** Reminder e-mails of the invoice on each database. */
async function reminders(invoiceId: string): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  for (const name of tenantDatabases(env)) {
    const row = await bindingOf(env, name)
      .prepare("SELECT count(*) AS n FROM invoice_emails WHERE invoice_id = ? AND kind = 'reminder'")
      .bind(invoiceId)
      .first<{ n: number }>();
    out[name] = row!.n;
  }
  return out;
}

/** Every row of the organization on `database`: a count and a checksum per table. */
async function snapshot(database: string, organizationId: string) {
  const d1 = bindingOf(env, database);
  const out: Record<string, { rows: number; checksum: string }> = {};
  for (const table of TENANT_TABLES) {
    let after: Key | null = null;
    let rows = 0;
    let checksum = EMPTY_CHECKSUM;
    for (;;) {
      const read = await readRows(d1, table, organizationId, after, 500);
      rows += read.rows;
      checksum = await addRows(checksum, read.chunk);
      after = read.last;
      if (read.done) break;
    }
    out[table.name] = { rows, checksum };
  }
  return out;
}

/** Every cron sweep, as the scheduled handler runs them; none may fail or be skipped. */
async function sweepAll() {
  const errors = vi.spyOn(console, "error");
  try {
    await runScheduled({ cron: HOURLY }, env);
    await runScheduled({ cron: EVERY_MINUTE }, env);
    const failed = errors.mock.calls
      .map((call) => String(call[0]))
      .filter((line) => /"sweep (failed|skipped)/.test(line));
    expect(failed).toEqual([]);
  } finally {
    errors.mockRestore();
  }
}

/** Steps the move through the operator's route until `until` says stop (at most 200 steps). */
async function stepUntil(organizationId: string, until: (move: any) => boolean) {
  for (let n = 0; n < 200; n++) {
    const res = await admin("POST", `/v1/admin/organizations/${organizationId}/move/step`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.error, JSON.stringify(res.body.error)).toBeNull();
    if (until(res.body)) return res.body;
  }
  throw new Error("the move never got there");
}

describe("cron sweeps during a move", () => {
  it("before the flip: no sweep acts on the target's copy or writes to the source; once moved, one reminder", async () => {
    const moving = await remindable({ busy: true });
    startClock();
    const started = await admin("POST", `/v1/admin/organizations/${moving.id}/move`, {
      database: moving.target,
    });
    expect(started.status, JSON.stringify(started.body)).toBe(201);
    // `moving` from the start: the source is left alone during the first wait too.
    const atStart = await snapshot(moving.source, moving.id);
    expect(atStart.idempotency_keys?.rows).toBe(1);
    await sweepAll();
    expect(await snapshot(moving.source, moving.id)).toEqual(atStart);

    passTtl();
    // The copy is complete on the target, whose rows include the invoice (verification next).
    const copied = await stepUntil(moving.id, (move) => move.phase === "verifying");
    expect(copied.attempts).toBe(1);
    const target = await snapshot(moving.target, moving.id);
    expect(target.invoices).toEqual(atStart.invoices);
    await sweepAll();
    expect(await reminders(moving.invoiceId)).toEqual({ [moving.source]: 0, [moving.target]: 0 });
    const none = { emails: 0, invoices: 0 };
    expect(await remindersOf(moving.id)).toEqual({ [moving.source]: none, [moving.target]: none });
    expect(await snapshot(moving.source, moving.id)).toEqual(atStart);
    expect(await snapshot(moving.target, moving.id)).toEqual(target);

    // The verification finds the source as copied: no second copy.
    const flipped = await stepUntil(moving.id, (move) => move.phase === "flipped");
    expect(flipped.attempts).toBe(1);
    passTtl();
    await stepUntil(moving.id, (move) => move.phase === "done");
    expect(await databaseOf(moving.id)).toBe(moving.target);

    await sweepAll();
    expect(await reminders(moving.invoiceId)).toEqual({ [moving.source]: 0, [moving.target]: 1 });
    // Every due invoice of the organization got one reminder, from the target only.
    const reminded = await remindersOf(moving.id);
    expect(reminded[moving.source]).toEqual(none);
    expect(reminded[moving.target]!.emails).toBeGreaterThan(1);
    expect(reminded[moving.target]!.emails).toBe(reminded[moving.target]!.invoices);
    await sweepAll();
    expect(await reminders(moving.invoiceId)).toEqual({ [moving.source]: 0, [moving.target]: 1 });
    expect(await remindersOf(moving.id)).toEqual(reminded);
  });

  it("after the flip, before the clean: the target is swept, the source's stale rows are not, and the clean deletes them", async () => {
    const moving = await remindable();
    startClock();
    const started = await admin("POST", `/v1/admin/organizations/${moving.id}/move`, {
      database: moving.target,
    });
    expect(started.status, JSON.stringify(started.body)).toBe(201);
    passTtl();
    await stepUntil(moving.id, (move) => move.phase === "flipped");
    expect(await databaseOf(moving.id)).toBe(moving.target);
    const stale = await snapshot(moving.source, moving.id);
    expect(stale.invoices?.rows).toBe(1);

    await sweepAll();
    // One reminder, from the database the organization lives on; the source is as verified.
    expect(await reminders(moving.invoiceId)).toEqual({ [moving.source]: 0, [moving.target]: 1 });
    expect(await snapshot(moving.source, moving.id)).toEqual(stale);

    passTtl();
    const done = await stepUntil(moving.id, (move) => move.phase === "done");
    expect(done.error).toBeNull();
    expect((await snapshot(moving.source, moving.id)).invoices?.rows).toBe(0);
    await sweepAll();
    expect(await reminders(moving.invoiceId)).toEqual({ [moving.source]: 0, [moving.target]: 1 });
  });

  it("leaves alone, per database, the organizations moving or with rows there while routed elsewhere", async () => {
    // Directory rows of organizations with no rows anywhere (removed at the end, so nothing else
    // in this file is placed or swept by them): DB -> DB_2 moves in each phase that matters.
    const at = "2035-01-15T12:00:00.000Z";
    const cases: Array<[id: string, route: string, state: string, phase: string | null]> = [
      ["org_sv_copying", "DB", "moving", "copying"],
      ["org_sv_flipped", "DB_2", "active", "flipped"],
      ["org_sv_cleaning", "DB_2", "active", "cleaning"],
      ["org_sv_failed_clean", "DB_2", "active", "failed"],
      ["org_sv_failed_copy", "DB", "active", "failed"],
      ["org_sv_done", "DB_2", "active", "done"],
      ["org_sv_settled", "DB", "active", null],
    ];
    const statements = cases.flatMap(([id, route, state, phase]) => [
      env.DB.prepare(
        "INSERT INTO organization_databases (organization_id, database, state, moving_to, state_changed_at, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?)",
      ).bind(id, route, state, state === "moving" ? "DB_2" : null, at, at, at),
      ...(phase
        ? [
            env.DB.prepare(
              "INSERT INTO organization_moves (organization_id, source, target, phase, tables, started_at, updated_at) VALUES (?, 'DB', 'DB_2', ?, '[]', ?, ?)",
            ).bind(id, phase, at, at),
          ]
        : []),
    ]);
    await env.DB.batch(statements);
    try {
      const skipped = async (database: string) =>
        (await shardVisit(env, database)).skipped.filter((id) => id.startsWith("org_sv_")).sort();
      expect(await skipped("DB")).toEqual([
        "org_sv_cleaning",
        "org_sv_copying",
        "org_sv_failed_clean",
        "org_sv_flipped",
      ]);
      expect(await skipped("DB_2")).toEqual(["org_sv_copying", "org_sv_failed_copy"]);
    } finally {
      const ids = JSON.stringify(cases.map(([id]) => id));
      await env.DB.batch([
        env.DB.prepare(
          "DELETE FROM organization_moves WHERE organization_id IN (SELECT value FROM json_each(?))",
        ).bind(ids),
        env.DB.prepare(
          "DELETE FROM organization_databases WHERE organization_id IN (SELECT value FROM json_each(?))",
        ).bind(ids),
      ]);
    }
  });

  it("stops a visit at its next query once it is VISIT_LIMIT_MS old, before a move started after its read can be copying; the sweep does not fail", async () => {
    startClock();
    expect(VISIT_LIMIT_MS).toBeLessThan(DIRECTORY_TTL_MS);
    const visited: string[] = [];
    const stoppedAt: string[] = [];
    await forEachShard(env, "long-sweep", async (_db, database, visit) => {
      visited.push(database);
      // Fresh: each page's query gets its condition.
      expect(visit.settled(sql.raw("organization_id"))).toBeDefined();
      shift += VISIT_LIMIT_MS - 1_000;
      expect(visit.settled(sql.raw("organization_id"))).toBeDefined();
      shift += 1_000;
      try {
        visit.settled(sql.raw("organization_id"));
      } catch (error) {
        expect(error).toBeInstanceOf(VisitOutlived);
        stoppedAt.push(database);
        throw error;
      }
    });
    // Every database was visited (each with what it read as its turn came), every visit stopped.
    expect(visited).toEqual(tenantDatabases(env));
    expect(stoppedAt).toEqual(tenantDatabases(env));
  });
});
