// The idempotency_keys table: claim a key, keep or release the answer, purge what expired.
// The Idempotency-Key middleware (src/middleware/idempotency.ts) and the hourly cron sweep both
// go through here.
import { and, eq, isNull, lt, or, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { idempotencyKeys } from "../db/schema/idempotency";

type IdempotencyKeyRow = typeof idempotencyKeys.$inferSelect;

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
): Promise<boolean> {
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
  const claim = db
    .insert(idempotencyKeys)
    .values({
      scope,
      key,
      fingerprint: print,
      createdAt: at.toISOString(),
      expiresAt: new Date(at.getTime() + TTL_MS).toISOString(),
    })
    .onConflictDoNothing()
    .returning({ key: idempotencyKeys.key });
  const [, inserted] = await db.batch([clearStale, claim]);
  return inserted.length > 0;
}

export async function releaseKey(db: Db, scope: string, key: string): Promise<void> {
  await db.delete(idempotencyKeys).where(and(eq(idempotencyKeys.scope, scope), eq(idempotencyKeys.key, key)));
}

export async function storeResponse(
  db: Db,
  scope: string,
  key: string,
  res: Response,
  error: Error | undefined,
  kept: { secretFields: readonly string[] | undefined; contentDigest: string | undefined },
) {
  const { secretFields } = kept;
  const contentType = res.headers.get("Content-Type") ?? "";
  let body = res.status >= 400 || error ? null : await res.clone().text();
  if (body && secretFields?.length) body = redact(body, secretFields);
  if (body === null || body.length > MAX_STORED_BODY || (body && !contentType.includes("json"))) {
    await releaseKey(db, scope, key);
    return;
  }
  await db
    .update(idempotencyKeys)
    .set({ status: res.status, contentType, body, contentDigest: kept.contentDigest ?? null })
    .where(and(eq(idempotencyKeys.scope, scope), eq(idempotencyKeys.key, key)));
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

/** Cron: drop expired keys, 500 rows a statement, so no single delete grows with the table. */
export async function purgeExpiredIdempotencyKeys(db: Db, at: Date): Promise<void> {
  const cutoff = at.toISOString();
  for (let round = 0; round < 200; round++) {
    const removed = await db.run(
      sql`DELETE FROM idempotency_keys WHERE rowid IN (SELECT rowid FROM idempotency_keys WHERE expires_at < ${cutoff} LIMIT 500)`,
    );
    if ((removed.meta.changes ?? 0) < 500) return;
  }
}
