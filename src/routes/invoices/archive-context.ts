// What reading or writing an archived invoice document needs from the request: D1, the R2
// bucket, the master keys and the caller's (or the hosted link's) organization.
import type { Context } from "hono";
import { masterKeySet } from "../../crypto/document-keys";
import type { Db } from "../../db/client";
import type { Organization } from "../../db/schema/identity";
import type { AppEnv } from "../../lib/create-router";
import { callerIsMoving } from "../../middleware/auth";
import type { ArchiveContext } from "../../services/archive";

/**
 * `db`: the organization's database (the caller's services, or the hosted link's route).
 * `moving`: the organization is moving (the calling member's route unless said): nothing is
 * archived on a first read meanwhile.
 */
export function archiveContextOf(
  c: Context<AppEnv>,
  organization: Organization,
  db: Db,
  moving = callerIsMoving(c),
): ArchiveContext {
  return {
    db,
    bucket: c.env.DOCUMENTS,
    keys: masterKeySet(c.env),
    organization,
    archiveOnRead: !moving,
  };
}
