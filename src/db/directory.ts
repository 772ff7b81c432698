// The directory's lookups and writes (schema: src/db/schema/directory.ts), in the primary
// database. Placement of a new organization, the keys that name an organization before its
// database is known (learned on first use), and the claims that keep member e-mails unique
// across every database.
import { and, count, eq, sql } from "drizzle-orm";
import { nowIso } from "../lib/clock";
import type { Db } from "./client";
import { type DatabaseEnv, dbOn, directoryDb, tenantDatabases } from "./route";
import { type DirectoryKind, directoryEntries, organizationDatabases } from "./schema/directory";

/**
 * The database a new organization goes to: the one with the most room, counted as the fewest
 * organizations (ties: the first listed in TENANT_DATABASES).
 */
export async function placeOrganization(env: DatabaseEnv): Promise<string> {
  const names = tenantDatabases(env);
  const rows = await directoryDb(env)
    .select({ database: organizationDatabases.database, organizations: count() })
    .from(organizationDatabases)
    .groupBy(organizationDatabases.database);
  const held = new Map(rows.map((row) => [row.database, row.organizations]));
  let chosen = names[0] as string;
  for (const name of names) if ((held.get(name) ?? 0) < (held.get(chosen) ?? 0)) chosen = name;
  return chosen;
}

/** Records where a new organization lives (before its rows are written there). */
export async function registerOrganization(env: DatabaseEnv, organizationId: string, database: string) {
  const at = nowIso();
  await directoryDb(env)
    .insert(organizationDatabases)
    .values({ organizationId, database, state: "active", stateChangedAt: at, createdAt: at, updatedAt: at });
}

/** Undoes registerOrganization when the organization could not be created. */
export async function unregisterOrganization(env: DatabaseEnv, organizationId: string) {
  await directoryDb(env)
    .delete(organizationDatabases)
    .where(eq(organizationDatabases.organizationId, organizationId));
}

const learned = new Map<string, string>();
const LEARNED_LIMIT = 10_000;

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
    const found = await Promise.all(tenantDatabases(env).map((name) => find(dbOn(env, name))));
    organizationId = found.find((id) => id !== null) ?? null;
    if (!organizationId) return null;
    await directory
      .insert(directoryEntries)
      .values({ kind, key, organizationId, createdAt: nowIso() })
      .onConflictDoNothing();
  }
  if (learned.size >= LEARNED_LIMIT) learned.clear();
  learned.set(memo, organizationId);
  return organizationId;
}

/** Claims an e-mail for a member of `organizationId`; false when another member holds it. */
export async function claimEmail(env: DatabaseEnv, email: string, organizationId: string): Promise<boolean> {
  const claimed = await directoryDb(env)
    .insert(directoryEntries)
    .values({ kind: "user_email", key: email.toLowerCase(), organizationId, createdAt: nowIso() })
    .onConflictDoNothing()
    .returning({ key: directoryEntries.key });
  return claimed.length > 0;
}

/** Gives an e-mail back (its member was removed, or could not be added). */
export async function releaseEmail(env: DatabaseEnv, email: string, organizationId: string) {
  await directoryDb(env)
    .delete(directoryEntries)
    .where(
      and(
        eq(directoryEntries.kind, "user_email"),
        eq(directoryEntries.key, sql`lower(${email})`),
        eq(directoryEntries.organizationId, organizationId),
      ),
    );
}
