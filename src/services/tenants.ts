// Organizations and members as the directory sees them: a new organization is placed on a
// database and registered before its rows are written there; member e-mails are claimed in the
// directory (unique across every database) before the member's row is written, and given back
// when the write fails or the member is removed.
import type { Db } from "../db/client";
import {
  claimEmail,
  registerClaimingEmail,
  registerKey,
  registerOrganization,
  releaseEmail,
  unregisterOrganization,
} from "../db/directory";
import { type DatabaseEnv, dbOn, rememberRoute } from "../db/route";
import { wallClock } from "../lib/clock";
import { uuid } from "../lib/ids";
import { logWarn } from "../lib/log";
import { createMember, createOrganization, emailTaken, issueApiKey, newApiKeyPrefix } from "./identity";

type NewOrganization = Omit<Parameters<typeof createOrganization>[1], "id" | "keyPrefix">;

/**
 * A new organization, on the database with the most room (src/db/directory.ts): its owner's
 * e-mail claimed, its route placed and registered and its owner's key recorded (one batch when
 * the e-mail is free); its rows written. Two round trips; the route is kept for its first request.
 */
export async function createTenant(env: DatabaseEnv, input: NewOrganization) {
  const id = uuid();
  const email = input.owner.email;
  const keyPrefix = newApiKeyPrefix();
  // The route is kept from before it was written: moves count their wait from then (route.ts).
  const since = wallClock().getTime();
  const claimed = await registerClaimingEmail(env, id, email, [{ kind: "api_key", key: keyPrefix }]);
  const route = claimed ?? (await withClaimedEmail(env, email, id, () => registerOrganization(env, id)));
  const { database } = route;
  let created: Awaited<ReturnType<typeof createOrganization>>;
  try {
    created = await createOrganization(dbOn(env, database), { ...input, id, keyPrefix });
  } catch (error) {
    // Both undone, whichever fails: the create's own error is the answer.
    await Promise.allSettled([unregisterOrganization(env, id), releaseEmail(env, email, id)]);
    throw error;
  }
  rememberRoute(id, route, since);
  // The long way (the e-mail's claim was taken over) records the key on its own.
  if (!claimed) await registerKey(env, "api_key", keyPrefix, id);
  return created;
}

/** A new member of an organization (its database `db`), the e-mail claimed first. */
export async function createTenantMember(
  env: DatabaseEnv,
  db: Db,
  organizationId: string,
  input: Parameters<typeof createMember>[2],
) {
  const created = await withClaimedEmail(env, input.email, organizationId, () =>
    createMember(db, organizationId, input),
  );
  await registerKey(env, "api_key", created.apiKey.prefix, organizationId);
  return created;
}

/** A new API key of a member, recorded in the directory. */
export async function issueTenantApiKey(
  env: DatabaseEnv,
  db: Db,
  user: { id: string; organizationId: string },
  name: string | null,
) {
  const issued = await issueApiKey(db, user, name);
  await registerKey(env, "api_key", issued.prefix, user.organizationId);
  return issued;
}

/**
 * After a member's removal: the e-mail may be used again, in any organization. Best effort: the
 * removal stands; a claim left behind is stale and the next claim of the e-mail takes it over.
 */
export async function releaseMemberEmail(env: DatabaseEnv, email: string, organizationId: string) {
  await releaseEmail(env, email, organizationId).catch((error: unknown) =>
    logWarn("member e-mail not released", { organization_id: organizationId, error: String(error) }),
  );
}

async function withClaimedEmail<T>(
  env: DatabaseEnv,
  email: string,
  organizationId: string,
  write: () => Promise<T>,
): Promise<T> {
  if (!(await claimEmail(env, email, organizationId))) throw emailTaken();
  try {
    return await write();
  } catch (error) {
    await releaseEmail(env, email, organizationId);
    throw error;
  }
}
