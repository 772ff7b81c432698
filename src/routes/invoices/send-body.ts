// Optional JSON bodies (a void's `{ reason }`, a send's `{ channels }`): one rule for what a bare
// POST is.
import type { Context } from "hono";
import type { DeliveryChannel } from "../../db/schema/networks";

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
