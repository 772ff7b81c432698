// The hosted invoice page's link: one unguessable token per issued invoice, created at send,
// rotatable, stored as its SHA-256 (the lookup key) and sealed under the master key (so members
// can read hosted_url); the page's lookup, and the first view (viewed_at, invoice.viewed).
import { and, asc, eq, inArray, isNull, sql } from "drizzle-orm";
import type { MasterKeySet } from "../../crypto/document-keys";
import { openHostedToken, sealHostedToken } from "../../crypto/hosted-tokens";
import { batchableRun, type Db } from "../../db/client";
import { isGuardFailure } from "../../db/guards";
import { organizations } from "../../db/schema/identity";
import { type Invoice, type InvoiceStatus, invoiceItems, invoices } from "../../db/schema/invoices";
import { nowIso, utcDate } from "../../lib/clock";
import { randomToken, sha256Hex } from "../../lib/encoding";
import { conflict, notFound } from "../../lib/errors";
import { logWarn } from "../../lib/log";
import { invoiceStatesFor, isIssued, statusNotIn } from "../lifecycle";
import { event, scoped } from "./common";
import { serializeInvoice } from "./read";

/** What turning a token into a URL needs: the master keys and the public origin of the service. */
export interface HostedLinks {
  keys: MasterKeySet;
  /** `https://billing.example.com`, without a trailing slash. */
  baseUrl: string;
}

/** 32 random bytes, base64url: 256 bits, 43 characters. */
const TOKEN_BYTES = 32;
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export const hostedUrl = (baseUrl: string, token: string) => `${baseUrl}/i/${token}`;

/** A new token and the columns that store it. */
export async function issueHostedToken(keys: MasterKeySet, invoiceId: string, at: string) {
  const token = randomToken(TOKEN_BYTES);
  return {
    token,
    columns: {
      hostedTokenHash: await sha256Hex(token),
      hostedTokenSealed: await sealHostedToken(keys, invoiceId, token),
      hostedLinkCreatedAt: at,
    } satisfies Partial<Invoice>,
  };
}

/** The invoice's hosted_url, or null (a draft, or an invoice issued before links existed). */
export async function hostedUrlOf(
  links: HostedLinks,
  row: Pick<Invoice, "id" | "status" | "hostedTokenSealed">,
): Promise<string | null> {
  if (!isIssued(row.status) || !row.hostedTokenSealed) return null;
  try {
    return hostedUrl(links.baseUrl, await openHostedToken(links.keys, row.id, row.hostedTokenSealed));
  } catch (error) {
    // A master key version that was removed: the link still works, only its URL cannot be shown.
    logWarn("hosted link not readable", { invoice_id: row.id, error: String(error) });
    return null;
  }
}

/**
 * Fills `hosted_url` into invoices a service answered with (services serialize with null: they
 * hold no keys, and event payloads never carry the link, see docs/hosted-page.md). One query
 * for the sealed tokens of the issued ones.
 */
export async function withHostedUrls<
  T extends { id: string; status: InvoiceStatus; hosted_url: string | null },
>(db: Db, links: HostedLinks, organizationId: string, views: T[]): Promise<T[]> {
  const issued = views.filter((view) => isIssued(view.status)).map((view) => view.id);
  if (issued.length === 0) return views;
  const rows = await db
    .select({ id: invoices.id, status: invoices.status, hostedTokenSealed: invoices.hostedTokenSealed })
    .from(invoices)
    .where(and(eq(invoices.organizationId, organizationId), inArray(invoices.id, issued)));
  return withHostedUrlsOf(links, views, rows);
}

/** The same, from rows already read (a list reads them anyway): no query. */
export async function withHostedUrlsOf<T extends { id: string; hosted_url: string | null }>(
  links: HostedLinks,
  views: T[],
  rows: readonly Pick<Invoice, "id" | "status" | "hostedTokenSealed">[],
): Promise<T[]> {
  const urls = new Map(
    await Promise.all(rows.map(async (row) => [row.id, await hostedUrlOf(links, row)] as const)),
  );
  return views.map((view) => ({ ...view, hosted_url: urls.get(view.id) ?? null }));
}

/**
 * POST /v1/invoices/{id}/hosted-link: a new token; the old one stops working at once. Drafts
 * have no page (409 `invoice_not_sent`). The write is conditional on the token read, so two
 * concurrent rotations cannot both answer a token: the second gets 409 `concurrent_update`.
 */
export async function rotateHostedLink(db: Db, links: HostedLinks, organizationId: string, id: string) {
  const [row] = await db
    .select({ status: invoices.status, hostedTokenHash: invoices.hostedTokenHash })
    .from(invoices)
    .where(scoped(organizationId, id));
  if (!row) throw notFound("Invoice");
  if (!isIssued(row.status)) throw conflict("invoice_not_sent", "A draft has no hosted page; send it first");
  const at = nowIso();
  const { token, columns } = await issueHostedToken(links.keys, id, at);
  const previous = row.hostedTokenHash
    ? eq(invoices.hostedTokenHash, row.hostedTokenHash)
    : isNull(invoices.hostedTokenHash);
  const updated = await db
    .update(invoices)
    // The version bump makes a send racing this rotation retry with the new link, not mail the old one.
    .set({ ...columns, version: sql`${invoices.version} + 1` })
    .where(and(scoped(organizationId, id), statusNotIn(invoices.status, invoiceStatesFor("send")), previous))
    .returning({ id: invoices.id });
  if (updated.length === 0) {
    throw conflict("concurrent_update", "The invoice's link changed while this request ran; retry");
  }
  return { url: hostedUrl(links.baseUrl, token), token, created_at: at };
}

/** The key that names a hosted link in the directory: its token's hash; null for a malformed token. */
export async function hostedTokenKey(token: string): Promise<string | null> {
  return TOKEN_PATTERN.test(token) ? sha256Hex(token) : null;
}

/** The organization of the invoice whose link has this token hash, if this database holds it. */
export async function organizationOfHostedToken(db: Db, tokenHash: string): Promise<string | null> {
  const [row] = await db
    .select({ organizationId: invoices.organizationId })
    .from(invoices)
    .where(eq(invoices.hostedTokenHash, tokenHash))
    .limit(1);
  return row?.organizationId ?? null;
}

/**
 * The invoice behind a token, with its lines and organization. Any token that is not the
 * current one of an issued invoice (random, malformed, rotated away, another's) is the same 404.
 */
export async function findHostedInvoice(db: Db, token: string) {
  if (!TOKEN_PATTERN.test(token)) throw notFound("Invoice");
  const tokenHash = await sha256Hex(token);
  // One round trip: the lines and the organization are found by the same token hash.
  const byToken = (column: typeof invoices.id | typeof invoices.organizationId) =>
    db.select({ value: column }).from(invoices).where(eq(invoices.hostedTokenHash, tokenHash));
  const [[invoice], items, [organization]] = await db.batch([
    db.select().from(invoices).where(eq(invoices.hostedTokenHash, tokenHash)),
    db
      .select()
      .from(invoiceItems)
      .where(inArray(invoiceItems.invoiceId, byToken(invoices.id)))
      .orderBy(asc(invoiceItems.position)),
    db
      .select()
      .from(organizations)
      .where(inArray(organizations.id, byToken(invoices.organizationId))),
  ]);
  if (!invoice || !isIssued(invoice.status) || !organization) throw notFound("Invoice");
  return { invoice, items, organization };
}

/**
 * The first view sets viewed_at and records `invoice.viewed`, exactly once: the UPDATE only
 * touches a row whose viewed_at is null, and the guard after it fails the batch (and so the
 * event insert) when that UPDATE changed nothing, i.e. a concurrent first view won.
 */
export async function recordFirstView(
  db: Db,
  invoice: Invoice,
  items: Parameters<typeof serializeInvoice>[1],
) {
  if (invoice.viewedAt) return { invoice, eventIds: [] as string[] };
  const at = nowIso();
  const viewed: Invoice = { ...invoice, viewedAt: at };
  const recorded = event(
    db,
    invoice.organizationId,
    "invoice.viewed",
    serializeInvoice(viewed, items, utcDate()),
    at,
  );
  try {
    await db.batch([
      db
        .update(invoices)
        .set({ viewedAt: at })
        .where(and(eq(invoices.id, invoice.id), isNull(invoices.viewedAt))),
      batchableRun(db, sql`INSERT INTO invoices (id) SELECT NULL WHERE changes() = 0`),
      ...recorded.statements,
    ]);
  } catch (error) {
    if (!isGuardFailure(error, invoices)) throw error;
    return { invoice, eventIds: [] as string[] };
  }
  return { invoice: viewed, eventIds: [recorded.id] };
}
