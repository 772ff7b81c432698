// Organizations, members and API keys: creation, lookup by credential, revocation.
import { and, count, desc, eq, isNull, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { isUniqueFailure } from "../db/guards";
import { preparedQuery, preparedRowInsert } from "../db/prepared";
import {
  apiKeys,
  DEFAULT_NUMBER_PADDING,
  DEFAULT_NUMBER_PREFIX,
  type Organization,
  organizations,
  type Role,
  type Tier,
  type User,
  users,
} from "../db/schema/identity";
import { nowIso } from "../lib/clock";
import { sha256Hex, timingSafeEqualText, toBase64Url } from "../lib/encoding";
import { ApiError, conflict, notFound } from "../lib/errors";
import { prefixedId, uuid } from "../lib/ids";
import { newInboundEmailToken } from "./inbound-email/address";

const API_KEY_PATTERN = /^(sk_[0-9a-z]{12})_[A-Za-z0-9_-]{43}$/;

export interface IssuedApiKey {
  id: string;
  key: string;
  prefix: string;
  name: string | null;
  created_at: string;
}

export function serializeOrganization(org: Organization) {
  return {
    id: org.id,
    name: org.name,
    tier: org.tier,
    default_currency: org.defaultCurrency,
    test_mode: org.testMode,
    created_at: org.createdAt,
    updated_at: org.updatedAt,
  };
}

export function serializeUser(user: User) {
  return {
    id: user.id,
    organization_id: user.organizationId,
    email: user.email,
    name: user.name,
    role: user.role,
    created_at: user.createdAt,
    updated_at: user.updatedAt,
  };
}

/** A new key's lookup prefix: `sk_` + 12 public characters. */
export const newApiKeyPrefix = () => prefixedId("sk", 12);

/** A new key: its prefix (newApiKeyPrefix) + `_` + 256 random bits. */
async function mintApiKey(
  db: Db,
  user: { id: string; organizationId: string },
  name: string | null,
  at: string,
  prefix = newApiKeyPrefix(),
) {
  const key = `${prefix}_${toBase64Url(crypto.getRandomValues(new Uint8Array(32)))}`;
  const row = {
    id: uuid(),
    userId: user.id,
    organizationId: user.organizationId,
    name,
    prefix,
    keyHash: await sha256Hex(key),
    createdAt: at,
  };
  const issued: IssuedApiKey = { id: row.id, key, prefix, name, created_at: at };
  return { insert: db.insert(apiKeys).values(row), issued };
}

const insertOrganization = preparedRowInsert(organizations);
const insertUser = preparedRowInsert(users);

export const emailTaken = () => conflict("email_taken", "A user with this e-mail already exists");

export async function createOrganization(
  db: Db,
  input: {
    name: string;
    tier: Tier;
    defaultCurrency: string;
    owner: { email: string; name?: string | null };
    testMode?: boolean;
    /** The id the directory registered it under (src/services/tenants.ts); default: a new one. */
    id?: string;
    /** The owner's key's prefix, when the directory recorded it beforehand (newApiKeyPrefix). */
    keyPrefix?: string;
  },
) {
  // An e-mail in use (by a member not removed) fails the insert: the unique index on lower(email).
  const at = nowIso();
  const organization: Organization = {
    id: input.id ?? uuid(),
    name: input.name,
    tier: input.tier,
    defaultCurrency: input.defaultCurrency,
    quoteSequence: 0,
    invoiceSequence: 0,
    invoiceNumbering: "on_create",
    invoiceNumberPrefix: DEFAULT_NUMBER_PREFIX,
    invoiceNumberPadding: DEFAULT_NUMBER_PADDING,
    creditNoteSequence: 0,
    billingProfile: {},
    testMode: input.testMode ?? false,
    // A test organization's clock starts at its creation and moves only when advanced.
    testClockNow: input.testMode ? at : null,
    testClockStatus: "ready",
    testClockTarget: null,
    inboundEmailToken: newInboundEmailToken(),
    createdAt: at,
    updatedAt: at,
  };
  const owner: User = {
    id: uuid(),
    organizationId: organization.id,
    email: input.owner.email,
    name: input.owner.name ?? null,
    role: "owner",
    createdAt: at,
    updatedAt: at,
    removedAt: null,
  };
  const key = await mintApiKey(db, owner, "default", at, input.keyPrefix);
  try {
    // The organization, its owner and the owner's first key exist together or not at all.
    await db.batch([insertOrganization(db, organization), insertUser(db, owner), key.insert]);
  } catch (error) {
    if (isUniqueFailure(error)) throw emailTaken();
    throw error;
  }
  return { organization, user: owner, apiKey: key.issued };
}

export async function createMember(
  db: Db,
  organizationId: string,
  input: { email: string; name?: string | null; role: Exclude<Role, "owner"> },
) {
  const at = nowIso();
  const user: User = {
    id: uuid(),
    organizationId,
    email: input.email,
    name: input.name ?? null,
    role: input.role,
    createdAt: at,
    updatedAt: at,
    removedAt: null,
  };
  const key = await mintApiKey(db, user, "default", at);
  try {
    await db.batch([insertUser(db, user), key.insert]);
  } catch (error) {
    if (isUniqueFailure(error)) throw emailTaken();
    throw error;
  }
  return { user, apiKey: key.issued };
}

export async function listMembers(db: Db, organizationId: string, page: { limit: number; offset: number }) {
  const where = and(eq(users.organizationId, organizationId), isNull(users.removedAt));
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(users)
      .where(where)
      .orderBy(users.createdAt, users.id)
      .limit(page.limit)
      .offset(page.offset),
    db.select({ n: count() }).from(users).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

export async function issueApiKey(db: Db, user: { id: string; organizationId: string }, name: string | null) {
  const key = await mintApiKey(db, user, name, nowIso());
  await key.insert;
  return key.issued;
}

export async function listApiKeys(db: Db, organizationId: string, page: { limit: number; offset: number }) {
  const where = eq(apiKeys.organizationId, organizationId);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(apiKeys)
      .where(where)
      .orderBy(desc(apiKeys.createdAt), apiKeys.id)
      .limit(page.limit)
      .offset(page.offset),
    db.select({ n: count() }).from(apiKeys).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/**
 * Revokes a key of the caller's organization. Owners revoke any key; an admin revokes their
 * own keys and members' keys, never an owner's or another admin's (so an admin cannot lock
 * the owner out). Revoking twice is a no-op; another organization's key is 404.
 */
export async function revokeApiKey(
  db: Db,
  caller: { id: string; organizationId: string; role: Role },
  id: string,
): Promise<void> {
  const [found] = await db
    .select({ userId: apiKeys.userId, role: users.role, revokedAt: apiKeys.revokedAt })
    .from(apiKeys)
    .innerJoin(users, eq(users.id, apiKeys.userId))
    .where(and(eq(apiKeys.id, id), eq(apiKeys.organizationId, caller.organizationId)))
    .limit(1);
  if (!found) throw notFound("API key");
  const allowed = caller.role === "owner" || found.userId === caller.id || found.role === "member";
  if (!allowed)
    throw new ApiError("access_denied", `Only an owner may revoke another ${found.role}'s API key`);
  if (found.revokedAt) return;
  await db
    .update(apiKeys)
    .set({ revokedAt: nowIso() })
    .where(and(eq(apiKeys.id, id), isNull(apiKeys.revokedAt)));
}

export interface Credential {
  user: User;
  organization: Organization;
  apiKey?: { id: string; lastUsedAt: string | null };
}

/** The key, its user and organization by the key's prefix: built once, run on every API-key request. */
const apiKeyByPrefix = preparedQuery((db) =>
  db
    .select({ key: apiKeys, user: users, organization: organizations })
    .from(apiKeys)
    .innerJoin(users, eq(users.id, apiKeys.userId))
    .innerJoin(organizations, eq(organizations.id, apiKeys.organizationId))
    .where(eq(apiKeys.prefix, sql.placeholder("prefix")))
    .limit(1)
    .prepare(),
);

/** The prefix of a well-formed API key (what names it in the directory), else null. */
export function apiKeyPrefixOf(key: string): string | null {
  return API_KEY_PATTERN.exec(key)?.[1] ?? null;
}

/** The organization whose database holds the key of this prefix, if this database does. */
export async function organizationOfApiKeyPrefix(db: Db, prefix: string): Promise<string | null> {
  const [row] = await db
    .select({ organizationId: apiKeys.organizationId })
    .from(apiKeys)
    .where(eq(apiKeys.prefix, prefix))
    .limit(1);
  return row?.organizationId ?? null;
}

/** The user and organization behind an API key, or null for an unknown, malformed or revoked key. */
export async function findByApiKey(db: Db, key: string): Promise<Credential | null> {
  const match = API_KEY_PATTERN.exec(key);
  if (!match?.[1]) return null;
  const [row] = await apiKeyByPrefix(db).all({ prefix: match[1] });
  const presentedHash = await sha256Hex(key);
  if (!row || !timingSafeEqualText(presentedHash, row.key.keyHash) || row.key.revokedAt) return null;
  if (row.user.removedAt) return null;
  return {
    user: row.user,
    organization: row.organization,
    apiKey: { id: row.key.id, lastUsedAt: row.key.lastUsedAt },
  };
}

/**
 * The user named by a verified token, if the user is still a member of that organization and
 * the API key the token was minted from is not revoked: revoking a key or removing the member
 * ends its tokens at once. The role is the membership's now, not the one in the token. One
 * lookup by primary keys.
 */
export async function findByToken(
  db: Db,
  token: { userId: string; organizationId: string; apiKeyId: string },
): Promise<Credential | null> {
  const [row] = await memberByToken(db).all(token);
  return row ?? null;
}

const memberByToken = preparedQuery((db) =>
  db
    .select({ user: users, organization: organizations })
    .from(apiKeys)
    .innerJoin(users, eq(users.id, apiKeys.userId))
    .innerJoin(organizations, eq(organizations.id, users.organizationId))
    .where(
      and(
        eq(apiKeys.id, sql.placeholder("apiKeyId")),
        isNull(apiKeys.revokedAt),
        eq(users.id, sql.placeholder("userId")),
        eq(users.organizationId, sql.placeholder("organizationId")),
        isNull(users.removedAt),
      ),
    )
    .limit(1)
    .prepare(),
);

/** A key's last use: built once per isolate (a key's first request in a minute writes it). */
const stampKeyUse = preparedQuery((db) =>
  db
    .update(apiKeys)
    .set({ lastUsedAt: sql`${sql.placeholder("at")}` })
    .where(eq(apiKeys.id, sql.placeholder("id")))
    .prepare(),
);

/** Records use of a key at most once a minute, so authentication stays one read. */
export async function touchApiKey(db: Db, apiKey: { id: string; lastUsedAt: string | null }, at: Date) {
  if (apiKey.lastUsedAt && at.getTime() - Date.parse(apiKey.lastUsedAt) < 60_000) return;
  await stampKeyUse(db).run({ id: apiKey.id, at: at.toISOString() });
}
