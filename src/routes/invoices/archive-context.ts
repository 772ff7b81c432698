// What reading or writing an archived invoice document needs from the request: D1, the R2
// bucket, the master keys and the caller's (or the hosted link's) organization.
import type { Context } from "hono";
import { masterKeySet } from "../../crypto/document-keys";
import { dbFor } from "../../db/route";
import type { Organization } from "../../db/schema/identity";
import type { AppEnv } from "../../lib/create-router";
import type { ArchiveContext } from "../../services/archive";

export function archiveContextOf(c: Context<AppEnv>, organization: Organization): ArchiveContext {
  return {
    db: dbFor(c.env, organization.id),
    bucket: c.env.DOCUMENTS,
    keys: masterKeySet(c.env),
    organization,
  };
}
