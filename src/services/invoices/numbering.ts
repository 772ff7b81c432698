// Invoice numbers: the organization's sequence, prefix and zero padding, read and bumped inside
// the very batch that numbers the invoice (its insert with `on_create`, its send with `on_send`),
// so a number is taken only by a write that commits: none is skipped, none is issued twice.
import { and, eq, inArray, sql } from "drizzle-orm";
import { batchableRun, type Db } from "../../db/client";
import { errorText, isUniqueFailure } from "../../db/guards";
import type { Organization } from "../../db/schema/identity";
import type { Invoice } from "../../db/schema/invoices";
import { invoices } from "../../db/schema/invoices";
import { webhookEvents } from "../../db/schema/webhooks";
import { conflict } from "../../lib/errors";
import { derivePaymentReference } from "../../lib/payment-reference";
import { isIssued } from "../lifecycle";
import type { Statement } from "./common";

/** What an unnumbered draft stores in `number` (the API shows null). */
export const UNNUMBERED = "";

/** The number as the API shows it: null until the invoice has one. */
export const numberOf = (row: Pick<Invoice, "number">): string | null =>
  row.number === UNNUMBERED ? null : row.number;

/**
 * The payment reference of an issued invoice: its number in the format it was issued with
 * (src/lib/payment-reference.ts); `number` for one issued before references had a format. A
 * draft has none yet (its PDF previews the organization's current format: the issued-document
 * builder).
 */
export function paymentReferenceOf(
  row: Pick<Invoice, "number" | "status" | "paymentReferenceFormat">,
): string | null {
  if (!isIssued(row.status)) return null;
  return derivePaymentReference(row.paymentReferenceFormat ?? "number", numberOf(row));
}

/** Writes an invoice's payment reference into these events' payloads (`data.object.payment_reference`). */
export async function fillPaymentReference(db: Db, eventIds: string[], reference: string | null) {
  await db
    .update(webhookEvents)
    .set({
      payload: sql`json_set(${webhookEvents.payload}, '$.data.object.payment_reference', ${reference})`,
    })
    .where(inArray(webhookEvents.id, eventIds));
}

/** The organization's next number as SQL, from the sequence already bumped in the same batch. */
const currentNumber = (organizationId: string) =>
  sql`(SELECT printf('%s%0*d', invoice_number_prefix, invoice_number_padding, invoice_sequence)
    FROM organizations WHERE id = ${organizationId})`;

/**
 * For the insert of a new invoice: bump the sequence when the organization numbers on create.
 * The number column takes NEW_INVOICE_NUMBER, in the same batch after it.
 */
export function bumpOnCreate(db: Db, organizationId: string) {
  return batchableRun(
    db,
    sql`UPDATE organizations SET invoice_sequence = invoice_sequence + 1
      WHERE id = ${organizationId} AND invoice_numbering = 'on_create'`,
  );
}

/**
 * A new invoice's number column, for the organization the `organizationId` placeholder names: the
 * number bumpOnCreate took, or UNNUMBERED with `on_send`. The mode is read inside the batch, so a
 * concurrent switch of the setting cannot split the two.
 */
export const NEW_INVOICE_NUMBER = sql`(SELECT CASE WHEN invoice_numbering = 'on_create'
    THEN printf('%s%0*d', invoice_number_prefix, invoice_number_padding, invoice_sequence)
    ELSE ${UNNUMBERED} END FROM organizations WHERE id = ${sql.placeholder("organizationId")})`;

/**
 * For the send of a draft: if it has no number yet, bump the sequence and write the number on
 * it; a draft numbered on create keeps its number. Goes after the send's version guard, so a
 * send that loses its race takes no number.
 */
export function numberOnSend(db: Db, organizationId: string, invoiceId: string): Statement[] {
  const unnumbered = and(eq(invoices.id, invoiceId), eq(invoices.number, UNNUMBERED));
  return [
    batchableRun(
      db,
      sql`UPDATE organizations SET invoice_sequence = invoice_sequence + 1
        WHERE id = ${organizationId} AND EXISTS (SELECT 1 FROM ${invoices} WHERE ${unnumbered})`,
    ),
    db
      .update(invoices)
      .set({ number: currentNumber(organizationId) })
      .where(unnumbered),
  ];
}

/** The invoice's stored number, read back at the end of the batch that issued it. */
export function readNumber(db: Db, invoiceId: string) {
  return db.select({ number: invoices.number }).from(invoices).where(eq(invoices.id, invoiceId));
}

/**
 * A new number already in use: only possible when the prefix or padding changed so that a new
 * number spells an old one (`INV-` + 15 and `INV-1` + 5). 409, nothing written.
 */
export function numberTaken(error: unknown): never {
  // Only the number's own index: other unique indexes (a recurring run already invoiced) are
  // the caller's to interpret.
  if (isUniqueFailure(error) && errorText(error).includes("invoices.number")) {
    throw conflict(
      "number_taken",
      "The next invoice number is already in use (the number prefix or padding changed); change number_prefix",
    );
  }
  throw error;
}

/** The number the organization's next numbered invoice takes (as printf above), for previews. */
export const nextNumber = (
  organization: Pick<Organization, "invoiceNumberPrefix" | "invoiceNumberPadding" | "invoiceSequence">,
) =>
  `${organization.invoiceNumberPrefix}${String(organization.invoiceSequence + 1).padStart(organization.invoiceNumberPadding, "0")}`;
