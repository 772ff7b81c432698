// Optional JSON bodies (a void's `{ reason }`, a send's `{ channels }`): one rule for what a bare
// POST is; and what a send answers.
import type { Context } from "hono";
import type { DeliveryChannel } from "../../db/schema/networks";
import type { ApiError } from "../../lib/errors";
import { releaseKeptAnswer } from "../../middleware/idempotency";

/** The validated body, or undefined for a bare POST (no body, or one without a Content-Type). */
export function optionalBodyOf<T>(c: Context, valid: () => T): T | undefined {
  if (c.req.header("Content-Length") === "0" || !c.req.header("Content-Type")) return undefined;
  return valid();
}

/** The channels asked for; undefined for a bare POST, which chooses them. */
export function sendChannelsOf(
  c: Context,
  valid: () => { channels?: DeliveryChannel[] | undefined },
): DeliveryChannel[] | undefined {
  return optionalBodyOf(c, valid)?.channels;
}

/**
 * A send's result once it is answered: its events dispatched. When its e-mail failed (recorded
 * as failed: sending again retries it and takes no number), the failure is thrown and the kept
 * answer released, so a retry with the same Idempotency-Key runs again.
 */
export function sent<R extends { eventIds: string[]; failure: ApiError | undefined }>(
  c: Context,
  dispatch: (eventIds: string[]) => void,
  result: R,
): R {
  dispatch(result.eventIds);
  if (result.failure) {
    releaseKeptAnswer(c);
    throw result.failure;
  }
  return result;
}
