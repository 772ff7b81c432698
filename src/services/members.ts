// Member management: changing a member's role and removing a member. Who may do what:
// owners change and remove anyone, and alone make owners; an admin changes or removes members
// and themselves, never an owner or another admin (as with API keys, so an admin cannot lock
// the owners out). An organization always keeps an owner (409 last_owner). A removed member's
// row stays (documents and audit entries name it) with `removed_at` set and every API key
// revoked in the same batch; authentication checks both on each request, so the member's keys
// and JWTs stop working at once.

import { and, eq, isNull, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { Db } from "../db/client";
import { failBatchUnless, isGuardFailure, unchangedGuard } from "../db/guards";
import { documentShares } from "../db/schema/documents";
import { apiKeys, organizations, type Role, type User, users } from "../db/schema/identity";
import { nowIso } from "../lib/clock";
import { ApiError, conflict, notFound } from "../lib/errors";
import { type RecordedEvent, recordEvent } from "./events";
import { serializeUser } from "./identity";

export interface Caller {
  id: string;
  organizationId: string;
  role: Role;
}

async function getMember(db: Db, organizationId: string, id: string): Promise<User> {
  const [row] = await db
    .select()
    .from(users)
    .where(and(eq(users.id, id), eq(users.organizationId, organizationId), isNull(users.removedAt)))
    .limit(1);
  if (!row) throw notFound("Member");
  return row;
}

function assertMayManage(caller: Caller, target: User, newRole?: Role): void {
  if (caller.role === "owner") return;
  if (target.role === "owner")
    throw new ApiError("access_denied", "Only an owner may change or remove an owner");
  if (newRole === "owner") throw new ApiError("access_denied", "Only an owner may make a member an owner");
  if (target.role === "admin" && target.id !== caller.id) {
    throw new ApiError("access_denied", "Only an owner may change or remove another admin");
  }
}

const lastOwner = () =>
  conflict(
    "last_owner",
    "The organization's last owner cannot be removed or demoted; make another member owner first",
  );

async function activeOwners(db: Db, organizationId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)` })
    .from(users)
    .where(and(eq(users.organizationId, organizationId), eq(users.role, "owner"), isNull(users.removedAt)));
  return row?.n ?? 0;
}

/**
 * Fails the batch (NOT NULL on organizations.id) when, after the statements before it, the
 * organization has no owner left: two owners demoting each other at once cannot both succeed.
 */
function ownerRemainsGuard(db: Db, organizationId: string): BatchItem<"sqlite"> {
  return failBatchUnless(
    db,
    organizations,
    sql`EXISTS (SELECT 1 FROM ${users} WHERE ${users.organizationId} = ${organizationId}
      AND ${users.role} = 'owner' AND ${users.removedAt} IS NULL)`,
  );
}

/** The batch: the target unchanged since read, the change, its event, and an owner left after it. */
async function commitMemberChange(
  db: Db,
  target: User,
  statements: BatchItem<"sqlite">[],
  event: RecordedEvent,
): Promise<void> {
  try {
    await db.batch([
      unchangedGuard(db, users, target),
      ...statements,
      ...event.statements,
      ownerRemainsGuard(db, target.organizationId),
    ]);
  } catch (error) {
    if (isGuardFailure(error, organizations)) throw lastOwner();
    if (!isGuardFailure(error, users)) throw error;
    await getMember(db, target.organizationId, target.id);
    throw conflict("concurrent_update", "The member changed while this request ran; retry");
  }
}

/** Changes a member's role; the answer is the member as stored. Setting the same role is a no-op. */
export async function updateMemberRole(
  db: Db,
  caller: Caller,
  id: string,
  role: Role,
): Promise<{ user: User; eventId?: string }> {
  const target = await getMember(db, caller.organizationId, id);
  assertMayManage(caller, target, role);
  if (target.role === role) return { user: target };
  if (target.role === "owner" && (await activeOwners(db, caller.organizationId)) <= 1) throw lastOwner();
  const at = nowIso();
  const user: User = { ...target, role, updatedAt: at };
  const event = recordEvent(db, {
    organizationId: caller.organizationId,
    type: "member.updated",
    object: serializeUser(user),
    at,
  });
  await commitMemberChange(
    db,
    target,
    [db.update(users).set({ role, updatedAt: at }).where(eq(users.id, target.id))],
    event,
  );
  return { user, eventId: event.id };
}

/** Removes a member: marks the row removed and revokes every key of theirs, in one batch. */
export async function removeMember(
  db: Db,
  caller: Caller,
  id: string,
): Promise<{ eventId: string; email: string }> {
  const target = await getMember(db, caller.organizationId, id);
  assertMayManage(caller, target);
  if (target.role === "owner" && (await activeOwners(db, caller.organizationId)) <= 1) throw lastOwner();
  const at = nowIso();
  const event = recordEvent(db, {
    organizationId: caller.organizationId,
    type: "member.removed",
    object: { ...serializeUser({ ...target, updatedAt: at }), removed_at: at },
    at,
  });
  await commitMemberChange(
    db,
    target,
    [
      db.update(users).set({ removedAt: at, updatedAt: at }).where(eq(users.id, target.id)),
      db
        .update(apiKeys)
        .set({ revokedAt: at })
        .where(and(eq(apiKeys.userId, target.id), isNull(apiKeys.revokedAt))),
      // Their document share links stop too (a link acts with its creator's access).
      db
        .update(documentShares)
        .set({ revokedAt: at })
        .where(and(eq(documentShares.createdBy, target.id), isNull(documentShares.revokedAt))),
    ],
    event,
  );
  return { eventId: event.id, email: target.email };
}
