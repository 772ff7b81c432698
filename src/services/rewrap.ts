// Key rotation passes (documents' data keys, webhook secrets) run over every database: an
// operator's rewrap and the hourly sweep touch all organizations, so they go through allShards.
import type { Db } from "../db/client";
import { allShards } from "../db/route";
import type { Bindings } from "../env";

export interface RewrapResult {
  version: string;
  rewrapped: number;
  failed: number;
  remaining: number;
}

/** Runs one rewrap pass on each database (up to `limit` rows each) and adds the counts up. */
export async function rewrapAllShards(
  env: Bindings,
  rewrap: (db: Db, env: Bindings, options: { limit?: number }) => Promise<RewrapResult>,
  options: { limit?: number } = {},
): Promise<RewrapResult> {
  const total: RewrapResult = { version: "", rewrapped: 0, failed: 0, remaining: 0 };
  for (const db of allShards(env)) {
    const result = await rewrap(db, env, options);
    total.version = result.version;
    total.rewrapped += result.rewrapped;
    total.failed += result.failed;
    total.remaining += result.remaining;
  }
  return total;
}
