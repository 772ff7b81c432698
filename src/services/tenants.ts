// Organizations and members as the directory sees them: a new organization is placed on a
// database and registered before its rows are written there; member e-mails are claimed in the
// directory (unique across every database) before the member's row is written, and given back
// when the write fails or the member is removed.
import type { Db } from "../db/client";
import {
  claimEmail,
  placeOrganization,
  registerOrganization,
  releaseEmail,
  unregisterOrganization,
} from "../db/directory";
import { type DatabaseEnv, dbOn } from "../db/route";
import { uuid } from "../lib/ids";
import { createMember, createOrganization, emailTaken } from "./identity";

type NewOrganization = Omit<Parameters<typeof createOrganization>[1], "id">;

/** A new organization, on the database with the most room (src/db/directory.ts). */
export async function createTenant(env: DatabaseEnv, input: NewOrganization) {
  const database = await placeOrganization(env);
  const id = uuid();
  return withClaimedEmail(env, input.owner.email, id, async () => {
    await registerOrganization(env, id, database);
    try {
      return await createOrganization(dbOn(env, database), { ...input, id });
    } catch (error) {
      await unregisterOrganization(env, id);
      throw error;
    }
  });
}

/** A new member of an organization (its database `db`), the e-mail claimed first. */
export async function createTenantMember(
  env: DatabaseEnv,
  db: Db,
  organizationId: string,
  input: Parameters<typeof createMember>[2],
) {
  return withClaimedEmail(env, input.email, organizationId, () => createMember(db, organizationId, input));
}

/** After a member's removal: the e-mail may be used again, in any organization. */
export async function releaseMemberEmail(env: DatabaseEnv, email: string, organizationId: string) {
  await releaseEmail(env, email, organizationId);
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
