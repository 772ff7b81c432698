// The directory's lookups and writes (schema: src/db/schema/directory.ts), in the primary
// database. Placement of a new organization, the keys that name an organization before its
// database is known (API keys recorded when the service issues them, the rest learned on first
// use), and the claims that keep member e-mails unique across every database.
import { and, eq, getTableColumns, isNull, ne, type SQL, sql } from "drizzle-orm";
import type { SQLiteTable } from "drizzle-orm/sqlite-core";
import { BoundedMap } from "../lib/bounded-map";
import { nowIso, wallClock } from "../lib/clock";
import { logWarn } from "../lib/log";
import type { Db } from "./client";
import {
  type DatabaseEnv,
  dbForKnown,
  dbOn,
  directoryDb,
  type OrganizationRoute,
  tenantDatabases,
} from "./route";
import { type DirectoryKind, directoryEntries, organizationDatabases } from "./schema/directory";
import { users } from "./schema/identity";

/**
 * The database a new organization goes to, as SQL read where the organization's route is written
 * (so that concurrent creations each count the others already placed): the one with the most
 * room, counted as the fewest organizations (ties: the first listed in TENANT_DATABASES).
 */
function placement(env: DatabaseEnv): SQL<string> {
  // The names as one JSON array (json_each: `key` is the position, `value` the name): one
  // parameter however many databases there are.
  const candidates = JSON.stringify(tenantDatabases(env));
  return sql<string>`(SELECT candidates.value FROM json_each(${candidates}) AS candidates
    ORDER BY (SELECT count(*) FROM ${organizationDatabases}
      WHERE ${organizationDatabases.database} = candidates.value), candidates.key
    LIMIT 1)`;
}

/** A new organization's route: active on `database` since `at`. */
const newRoute = (database: string, at: string): OrganizationRoute => ({
  database,
  state: "active",
  movingTo: null,
  stateChangedAt: at,
});

/** The directory row of a new organization's route, on the database placement chooses as it is written. */
const placedRouteRow = (env: DatabaseEnv, organizationId: string, at: string) => ({
  organizationId,
  ...newRoute("", at),
  database: placement(env),
  createdAt: at,
  updatedAt: at,
});

/** Records where a new organization lives (before its rows are written there), placing it. */
export async function registerOrganization(
  env: DatabaseEnv,
  organizationId: string,
): Promise<OrganizationRoute> {
  const at = nowIso();
  const [placed] = await directoryDb(env)
    .insert(organizationDatabases)
    .values(placedRouteRow(env, organizationId, at))
    .returning({ database: organizationDatabases.database });
  if (!placed) throw new Error(`organization ${organizationId}: no route written`);
  return newRoute(placed.database, at);
}

/**
 * How long a claim is held whatever its holder's database says: the member or organization it
 * was made for may not be written yet (another request between its claim and its write), and
 * taking the claim over then would let two members have one e-mail.
 */
export const CLAIM_GRACE_MS = 60_000;

/** When a claim is made or taken over: the wall clock, never an organization's test clock. */
const claimTime = () => wallClock().toISOString();

/** Claims `key` (a lower-cased e-mail) for `organizationId`: the claimed key, or no row when it is held. */
const claimStatement = (directory: Db, key: string, organizationId: string) =>
  directory
    .insert(directoryEntries)
    .values({ kind: "user_email", key, organizationId, createdAt: claimTime() })
    .onConflictDoNothing()
    .returning({ key: directoryEntries.key });

/**
 * A new organization's owner e-mail claim, its route on the database placement chooses and the
 * keys it is about to be issued (its owner's API key prefix: registerKey's entries), in one batch
 * (one round trip): the route and the keys are written only where the claim was, so an e-mail
 * held elsewhere leaves neither. null: the e-mail is held; the caller takes the long way
 * (claimEmail, which may take over a stale claim, then registerOrganization and registerKey).
 */
export async function registerClaimingEmail(
  env: DatabaseEnv,
  organizationId: string,
  email: string,
  keys: readonly IssuedKey[] = [],
): Promise<OrganizationRoute | null> {
  const key = email.toLowerCase();
  const at = nowIso();
  const directory = directoryDb(env);
  const claimedHere = and(
    eq(directoryEntries.kind, "user_email"),
    eq(directoryEntries.key, key),
    eq(directoryEntries.organizationId, organizationId),
  );
  /** Inserts `row` into `table` only where the claim was written (INSERT ... SELECT). */
  const whereClaimed = <T extends SQLiteTable>(table: T, row: Record<string, unknown>) =>
    directory.insert(table).select(
      directory
        // The row as values (or SQL, placement's), in the table's column order (the order
        // INSERT ... SELECT fills).
        .select(
          Object.fromEntries(
            Object.entries(getTableColumns(table)).map(([field, column]) => [
              field,
              sql`${row[field] ?? null}`.as(column.name),
            ]),
          ) as Record<keyof T["$inferInsert"], SQL.Aliased>,
        )
        .from(directoryEntries)
        .where(claimedHere),
    );
  const [claimed, routed, ...written] = await directory.batch([
    claimStatement(directory, key, organizationId),
    whereClaimed(organizationDatabases, placedRouteRow(env, organizationId, at)).returning({
      database: organizationDatabases.database,
    }),
    ...keys.map((entry) =>
      whereClaimed(directoryEntries, { ...entry, organizationId, createdAt: at })
        .onConflictDoNothing()
        .returning({ key: directoryEntries.key }),
    ),
  ]);
  if (claimed.length === 0) return null;
  const database = routed[0]?.database;
  // Written with the claim or not at all: the batch is one transaction.
  if (!database) throw new Error(`organization ${organizationId}: claimed, but no route written`);
  // As registerKey: only what was written here is remembered.
  keys.forEach((entry, i) => {
    if ((written[i]?.length ?? 0) > 0) learned.set(`${entry.kind}:${entry.key}`, organizationId);
  });
  return newRoute(database, at);
}

/**
 * Undoes registerOrganization (or registerClaimingEmail's route and keys) when the organization
 * could not be created: its route, and the keys recorded for it. Its e-mail claim is releaseEmail's.
 */
export async function unregisterOrganization(env: DatabaseEnv, organizationId: string) {
  const directory = directoryDb(env);
  const keys = await directory.batch([
    directory.delete(organizationDatabases).where(eq(organizationDatabases.organizationId, organizationId)),
    directory
      .delete(directoryEntries)
      .where(
        and(eq(directoryEntries.organizationId, organizationId), ne(directoryEntries.kind, "user_email")),
      )
      .returning({ kind: directoryEntries.kind, key: directoryEntries.key }),
  ]);
  for (const entry of keys[1]) learned.delete(`${entry.kind}:${entry.key}`);
}

const learned = new BoundedMap<string, string>(10_000);

/**
 * The organization a key names: from the directory, or, for a key it has not seen, from the
 * first database whose `find` answers (then recorded, so the next lookup is one read). A key
 * maps to one organization for good (moves keep organization ids), so an isolate keeps what it
 * found. Unknown keys are not recorded: every lookup of one asks each database again.
 */
export async function organizationByKey(
  env: DatabaseEnv,
  kind: Exclude<DirectoryKind, "user_email">,
  key: string,
  find: (db: Db) => Promise<string | null>,
): Promise<string | null> {
  const memo = `${kind}:${key}`;
  const kept = learned.get(memo);
  if (kept) return kept;
  const directory = directoryDb(env);
  const [entry] = await directory
    .select({ organizationId: directoryEntries.organizationId })
    .from(directoryEntries)
    .where(and(eq(directoryEntries.kind, kind), eq(directoryEntries.key, key)))
    .limit(1);
  let organizationId = entry?.organizationId ?? null;
  if (!organizationId) {
    // Each database asked on its primary, outside the request's sessions; one that fails does
    // not hide an answer of another.
    const found = await Promise.allSettled(
      tenantDatabases(env).map((name) => find(dbOn(env, name, { session: false }))),
    );
    for (const answer of found) if ("value" in answer && answer.value) organizationId ??= answer.value;
    if (!organizationId) {
      const failed = found.find((answer): answer is PromiseRejectedResult => "reason" in answer);
      if (failed) throw failed.reason;
      return null;
    }
    await directory
      .insert(directoryEntries)
      .values({ kind, key, organizationId, createdAt: nowIso() })
      .onConflictDoNothing();
  }
  learned.set(memo, organizationId);
  return organizationId;
}

/** A key the service issues for an organization (an API key's prefix), as the directory records it. */
export interface IssuedKey {
  kind: Exclude<DirectoryKind, "user_email">;
  key: string;
}

/**
 * Records a key the service has just issued for `organizationId` (an API key's prefix), so that
 * its first lookup is one read rather than a question to every database. Best effort: a key whose
 * entry could not be written is learned by its first lookup, as a key issued before the
 * directory existed is.
 */
export async function registerKey(
  env: DatabaseEnv,
  kind: Exclude<DirectoryKind, "user_email">,
  key: string,
  organizationId: string,
): Promise<void> {
  let written: unknown[];
  try {
    written = await directoryDb(env)
      .insert(directoryEntries)
      .values({ kind, key, organizationId, createdAt: nowIso() })
      .onConflictDoNothing()
      .returning({ key: directoryEntries.key });
  } catch (error) {
    logWarn("directory entry not written; the first lookup learns it", { kind, error: String(error) });
    return;
  }
  // A row already there (for whichever organization) is what lookups read: only what was written
  // here is remembered.
  if (written.length > 0) learned.set(`${kind}:${key}`, organizationId);
}

/** Test seam: the isolate forgets the keys it found, as a fresh isolate has not seen them. */
export function forgetKeysForTests(): void {
  learned.clear();
}

/**
 * Claims an e-mail for a member of `organizationId`; false when an active member holds it, or a
 * claim younger than CLAIM_GRACE_MS does. An older claim whose holder has no active member with
 * that e-mail (a create that failed after claiming and could not give it back, a removal whose
 * release failed) is stale, and is taken over.
 */
export async function claimEmail(env: DatabaseEnv, email: string, organizationId: string): Promise<boolean> {
  const key = email.toLowerCase();
  const directory = directoryDb(env);
  const claimed = await claimStatement(directory, key, organizationId);
  if (claimed.length > 0) return true;
  const [held] = await directory
    .select({ organizationId: directoryEntries.organizationId, createdAt: directoryEntries.createdAt })
    .from(directoryEntries)
    .where(and(eq(directoryEntries.kind, "user_email"), eq(directoryEntries.key, key)));
  if (!held) return false;
  if (wallClock().getTime() - Date.parse(held.createdAt) < CLAIM_GRACE_MS) return false;
  const holder = await dbForKnown(env, held.organizationId);
  if (holder) {
    const [member] = await holder
      .select({ id: users.id })
      .from(users)
      .where(
        and(
          eq(users.organizationId, held.organizationId),
          sql`lower(${users.email}) = ${key}`,
          isNull(users.removedAt),
        ),
      )
      .limit(1);
    if (member) return false;
  }
  const taken = await directory
    .update(directoryEntries)
    .set({ organizationId, createdAt: claimTime() })
    .where(
      and(
        eq(directoryEntries.kind, "user_email"),
        eq(directoryEntries.key, key),
        eq(directoryEntries.organizationId, held.organizationId),
      ),
    )
    .returning({ key: directoryEntries.key });
  return taken.length > 0;
}

/** Gives an e-mail back (its member was removed, or could not be added). */
export async function releaseEmail(env: DatabaseEnv, email: string, organizationId: string) {
  await directoryDb(env)
    .delete(directoryEntries)
    .where(
      and(
        eq(directoryEntries.kind, "user_email"),
        eq(directoryEntries.key, email.toLowerCase()),
        eq(directoryEntries.organizationId, organizationId),
      ),
    );
}
