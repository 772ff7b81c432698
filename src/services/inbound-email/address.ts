// The organization's inbound e-mail address, `bills+<token>@<INBOUND_EMAIL_DOMAIN>`: how it is
// written and how a recipient is read back to its organization. The token is the
// only secret: whoever knows the address can send the organization bills, so a leaked address is
// rotated (organization.ts, `rotateInboundEmail`), and the old one stops working at once.
import { eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { type Organization, organizations } from "../../db/schema/identity";
import { randomBase36 } from "../../lib/ids";

/** The local part before the `+`: every inbound address starts with it. */
const LOCAL_PART = "bills";
/** 24 characters of 0-9a-z: about 124 bits, never guessed. */
const TOKEN_LENGTH = 24;

/** A new token: lower case, so the address is matched whatever case a sender writes it in. */
export const newInboundEmailToken = () => randomBase36(TOKEN_LENGTH);

/** The organization's address, or null where the deployment receives no e-mail (no domain set). */
export function inboundEmailAddress(
  org: Pick<Organization, "inboundEmailToken">,
  domain: string | undefined,
): string | null {
  const host = domain?.trim().toLowerCase();
  if (!host || !org.inboundEmailToken) return null;
  return `${LOCAL_PART}+${org.inboundEmailToken}@${host}`;
}

/**
 * The token a recipient address carries, when it is an inbound address of this deployment's
 * domain (`Bills+Token@Domain` as well: the whole address is compared in lower case); else null.
 */
export function inboundEmailTokenOf(recipient: string, domain: string | undefined): string | null {
  const host = domain?.trim().toLowerCase();
  if (!host) return null;
  const match = /^([^@+]+)\+([0-9a-z]+)@(.+)$/.exec(recipient.trim().toLowerCase());
  if (!match || match[1] !== LOCAL_PART || match[3] !== host) return null;
  return match[2] ?? null;
}

/** The organization an inbound token belongs to (the directory holds it), or null. */
export async function organizationByInboundToken(db: Db, token: string): Promise<Organization | null> {
  const [row] = await db.select().from(organizations).where(eq(organizations.inboundEmailToken, token));
  return row ?? null;
}
