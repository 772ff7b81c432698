// The idempotency_keys table: claim a key, keep or release the answer, purge what expired.
// The Idempotency-Key middleware (src/middleware/idempotency.ts) and the hourly cron sweep both
// go through here, and so do the writes that keep their answer in their own batch
// (`KeepAnswer`, docs/idempotency.md).
import { and, eq, isNull, lt, or, type SQL, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { batchableRun, type Db } from "../db/client";
import { errorText } from "../db/guards";
import type { Settled } from "../db/route";
import { idempotencyKeys } from "../db/schema/idempotency";
import { users } from "../db/schema/identity";

type IdempotencyKeyRow = typeof idempotencyKeys.$inferSelect;
type Statement = BatchItem<"sqlite">;

/**
 * The claim a request holds on its key. `claimedAt` (the row's created_at) tells this claim
 * from a later one on the same key: a claim is only taken over once it is 15 minutes old.
 */
export interface KeyClaim {
  scope: string;
  key: string;
  claimedAt: string;
}

/**
 * A value that only the write's own batch knows, such as the number it takes: `placeholder`
 * stands for it in the answer, and the batch writes `value` (SQL, read after the write's own
 * statements) in its place.
 */
export interface FilledInBatch {
  placeholder: string;
  value: SQL;
}

/**
 * How a write keeps its request's answer under the request's Idempotency-Key in the very batch
 * that writes it, so the write and its kept answer commit together: a retry can then only
 * replay it, never run it again. Given the result the write is about to return, the statements
 * to add to its batch (after the statements that fill `filled`). None without a key.
 */
export type KeepAnswer<R> = (db: Db, result: R, filled?: readonly FilledInBatch[]) => Statement[];

export const noKeptAnswer: KeepAnswer<unknown> = () => [];

const ofClaim = (claim: KeyClaim) =>
  and(
    eq(idempotencyKeys.scope, claim.scope),
    eq(idempotencyKeys.key, claim.key),
    eq(idempotencyKeys.createdAt, claim.claimedAt),
  );

/**
 * The statements that complete `claim` with `answer` inside a write's batch: first a guard that
 * fails the whole batch (NOT NULL on idempotency_keys.scope) unless the claim is still this
 * request's and still pending, so a request whose claim was taken over writes nothing; then the
 * answer itself, its secret fields as null (as `storeResponse` keeps them) and each `filled`
 * placeholder (a JSON string in the body) replaced by its value, JSON-quoted.
 */
export function keepAnswerStatements(
  db: Db,
  claim: KeyClaim,
  answer: { status: number; body: unknown; secretFields: readonly string[] | undefined },
  filled: readonly FilledInBatch[] = [],
): Statement[] {
  let text = JSON.stringify(answer.body);
  if (answer.secretFields?.length) text = redact(text, answer.secretFields);
  let body: SQL = sql`${text}`;
  for (const { placeholder, value } of filled) {
    body = sql`replace(${body}, ${JSON.stringify(placeholder)}, json_quote(${value}))`;
  }
  return [
    batchableRun(
      db,
      sql`INSERT INTO ${idempotencyKeys} (scope) SELECT NULL WHERE NOT EXISTS
        (SELECT 1 FROM ${idempotencyKeys} WHERE ${and(ofClaim(claim), isNull(idempotencyKeys.status))})`,
    ),
    db
      .update(idempotencyKeys)
      .set({ status: answer.status, contentType: KEPT_CONTENT_TYPE, body })
      .where(ofClaim(claim)),
  ];
}

/** A batch failed on the guard of `keepAnswerStatements`: the request's claim is no longer its own. */
export function isClaimLost(error: unknown): boolean {
  return errorText(error).includes("NOT NULL constraint failed: idempotency_keys.scope");
}

/** What `c.json` answers with, so a kept answer replays with the same type. */
const KEPT_CONTENT_TYPE = "application/json";

const TTL_MS = 24 * 60 * 60 * 1000;
/** A claim still pending after this long belongs to a request that died (uploads included). */
const ABANDONED_AFTER_MS = 15 * 60 * 1000;
/** Responses larger than this are not kept (uploads answer small JSON; lists are not POSTs). */
const MAX_STORED_BODY = 256 * 1024;

/** The row of a key (any state), if there is one. */
export async function findKey(db: Db, scope: string, key: string): Promise<IdempotencyKeyRow | undefined> {
  const [row] = await db
    .select()
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.scope, scope), eq(idempotencyKeys.key, key)));
  return row;
}

/** Inserts the pending row; false when the key already exists and has not expired. */
export async function claimKey(
  db: Db,
  scope: string,
  key: string,
  print: string,
  at: Date,
): Promise<KeyClaim | null> {
  // An expired row no longer counts, nor a claim abandoned by a request that died before it
  // could store or release its answer: clear it so the insert can take the key. One batch:
  // one round trip, and no other request's claim can slip between the two statements.
  const clearStale = db
    .delete(idempotencyKeys)
    .where(
      and(
        eq(idempotencyKeys.scope, scope),
        eq(idempotencyKeys.key, key),
        or(
          lt(idempotencyKeys.expiresAt, at.toISOString()),
          and(
            isNull(idempotencyKeys.status),
            lt(idempotencyKeys.createdAt, new Date(at.getTime() - ABANDONED_AFTER_MS).toISOString()),
          ),
        ),
      ),
    );
  const claimedAt = at.toISOString();
  const claim = db
    .insert(idempotencyKeys)
    .values({
      scope,
      key,
      fingerprint: print,
      createdAt: claimedAt,
      expiresAt: new Date(at.getTime() + TTL_MS).toISOString(),
    })
    .onConflictDoNothing()
    .returning({ key: idempotencyKeys.key });
  const [, inserted] = await db.batch([clearStale, claim]);
  return inserted.length > 0 ? { scope, key, claimedAt } : null;
}

/**
 * Drops the request's own claim while it is pending, so the key may run again. A claim already
 * completed (by the write's batch) stays, its write being done, unless `evenIfKept` (the
 * handler's failure asks for a retry that is safe to run). A later claim on the key is not this
 * request's to drop.
 */
export async function releaseKey(db: Db, claim: KeyClaim, { evenIfKept = false } = {}): Promise<void> {
  await db
    .delete(idempotencyKeys)
    .where(evenIfKept ? ofClaim(claim) : and(ofClaim(claim), isNull(idempotencyKeys.status)));
}

/**
 * Keeps the answer of a request whose handler did not keep it in its batch (or releases the key
 * after a failure). A claim the write's batch completed already is left as it is.
 */
export async function storeResponse(
  db: Db,
  claim: KeyClaim,
  res: Response,
  error: Error | undefined,
  kept: { secretFields: readonly string[] | undefined; contentDigest: string | undefined },
) {
  const { secretFields } = kept;
  const contentType = res.headers.get("Content-Type") ?? "";
  let body = res.status >= 400 || error ? null : await res.clone().text();
  if (body && secretFields?.length) body = redact(body, secretFields);
  if (body === null || body.length > MAX_STORED_BODY || (body && !contentType.includes("json"))) {
    await releaseKey(db, claim);
    return;
  }
  await db
    .update(idempotencyKeys)
    .set({ status: res.status, contentType, body, contentDigest: kept.contentDigest ?? null })
    .where(and(ofClaim(claim), isNull(idempotencyKeys.status)));
}

/**
 * The plain secret is shown once: the kept copy has it replaced by null. Fields are paths
 * into the JSON answer (`api_key`, `data.token`).
 */
function redact(body: string, fields: readonly string[]): string {
  const parsed = JSON.parse(body) as Record<string, unknown>;
  for (const field of fields) {
    const path = field.split(".");
    const last = path.pop() as string;
    let target: unknown = parsed;
    for (const step of path) target = (target as Record<string, unknown> | null)?.[step];
    if (target && typeof target === "object" && last in target)
      (target as Record<string, unknown>)[last] = null;
  }
  return JSON.stringify(parsed);
}

/**
 * Cron: drop expired keys, 500 rows a statement, so no single delete grows with the table. A
 * member's keys (`user:<id>`) belong to the member's organization: `settled` says which
 * organizations the sweep may touch on this database (ShardVisit); the operator's stay
 * with the directory and always go.
 */
export async function purgeExpiredIdempotencyKeys(db: Db, at: Date, settled: Settled): Promise<void> {
  const cutoff = at.toISOString();
  for (let round = 0; round < 200; round++) {
    const removed = await db.run(
      sql`DELETE FROM idempotency_keys WHERE rowid IN (SELECT rowid FROM idempotency_keys WHERE expires_at < ${cutoff}
        AND NOT EXISTS (SELECT 1 FROM users WHERE users.id = substr(idempotency_keys.scope, 6)
          AND NOT (${settled(users.organizationId)}))
        LIMIT 500)`,
    );
    if ((removed.meta.changes ?? 0) < 500) return;
  }
}
