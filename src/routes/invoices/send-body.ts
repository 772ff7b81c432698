// The optional body of an invoice's or a credit note's send: `{ channels }`.
import type { Context } from "hono";
import type { DeliveryChannel } from "../../db/schema/networks";

/** The channels asked for; undefined for a bare POST (or one without JSON), which chooses them. */
export function sendChannelsOf(
  c: Context,
  valid: () => { channels?: DeliveryChannel[] | undefined },
): DeliveryChannel[] | undefined {
  if (c.req.header("Content-Length") === "0" || !c.req.header("Content-Type")) return undefined;
  return valid().channels;
}
