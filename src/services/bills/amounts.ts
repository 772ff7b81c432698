// A bill's amounts: the totals its document states (BT-106 to BT-115), held exactly in integers at
// the bill's amount_scale, and what is still owed of it. The document's decimal text is never
// recomputed; these integers exist so SQL can sort, sum and settle bills.
import { and, eq, inArray, notInArray, type SQL, sql } from "drizzle-orm";
import { type Bill, bills } from "../../db/schema/bills";
import { InvalidEInvoice, type ReceivedDocument } from "../../document/received";
import { CREDIT_TYPE_CODES } from "../../document/received/credits";
import { parseDecimal, significantDecimals } from "../../document/received/validation/decimal";
import { decimalString, fitsSignedAmount, statedCurrencyDecimals } from "../../lib/money";
import { billStatesFor } from "../lifecycle";

/**
 * The decimals amounts of `currency` stated as `texts` are held and shown in: the currency's
 * minor unit, or more when one of them states more (EN 16931 allows two whatever the currency).
 */
export const amountDecimals = (currency: string, texts: readonly (string | null)[]) =>
  Math.max(statedCurrencyDecimals(currency), ...texts.map(significantDecimals));

/** The stated totals of a document, in the order of BT-106 to BT-115; null: not stated. */
const statedTotals = (doc: ReceivedDocument) => {
  const t = doc.totals;
  return {
    subtotalMinor: t.lineExtension,
    discountTotalMinor: t.allowanceTotal,
    chargeTotalMinor: t.chargeTotal,
    taxExclusiveMinor: t.taxExclusive,
    taxTotalMinor: t.taxTotal,
    totalMinor: t.taxInclusive,
    prepaidMinor: t.prepaid,
    roundingMinor: t.rounding,
    payableMinor: t.payable,
  };
};

/**
 * The decimals a bill's integer amounts count in: its currency's minor unit, or more when the
 * document states a total with more decimals (EN 16931 allows two whatever the currency).
 */
export const amountScale = (doc: ReceivedDocument): number =>
  amountDecimals(doc.currency, Object.values(statedTotals(doc)));

/**
 * A stated xs:decimal ("119.00", "+119.", ".5") as an integer x 10^scale, exactly (scale is at
 * least its significant decimals); an amount that is no decimal, or too large, is no e-invoice.
 */
function scaled(text: string, scale: number, term: string): number {
  const stated = parseDecimal(text);
  if (!stated) throw new InvalidEInvoice(`${term} "${text.slice(0, 40)}" is not a decimal amount`);
  const value =
    stated.scale <= scale
      ? stated.units * 10n ** BigInt(scale - stated.scale)
      : stated.units / 10n ** BigInt(stated.scale - scale);
  if (!fitsSignedAmount(value)) throw new InvalidEInvoice(`${term} "${text.slice(0, 40)}" is too large`);
  return Number(value);
}

/**
 * The bill's total columns: the stated BT-106..BT-115 at the bill's scale, exactly; a total the
 * document does not state counts as 0 (the validation names the rule it breaks). A document
 * without BT-115 (BR-15 broken, stored valid: false) is payable as what it states: BT-112 less
 * BT-113 plus BT-114, so it can still be paid. Throws InvalidEInvoice for an amount it cannot hold.
 */
export function statedTotalColumns(doc: ReceivedDocument) {
  const scale = amountScale(doc);
  const columns = Object.fromEntries(
    Object.entries(statedTotals(doc)).map(([column, text]) => [
      column,
      text === null ? 0 : scaled(text, scale, column),
    ]),
  ) as Record<keyof ReturnType<typeof statedTotals>, number>;
  if (doc.totals.payable === null)
    columns.payableMinor = columns.totalMinor - columns.prepaidMinor + columns.roundingMinor;
  return { amountScale: scale, ...columns };
}

/** An amount the API takes (a payment) or answers, between a JSON number and the bill's scale. */
export const billAmount = (minor: number, bill: Pick<Bill, "amountScale">) =>
  Number(decimalString(minor, bill.amountScale));

/** A stated decimal text as the API's JSON number; null when the document states none. */
export const statedAmount = (text: string | null): number | null =>
  text === null || text.trim() === "" ? null : Number(text);

/**
 * What is still owed of a bill: what its document asks to be paid (BT-115, see
 * statedTotalColumns when it states none) less what was paid of it. The one definition;
 * `sqlAmountDueMinor` is its SQL reading.
 */
export const amountDueMinor = (bill: Pick<Bill, "payableMinor" | "amountPaidMinor">) =>
  bill.payableMinor - bill.amountPaidMinor;

/** amountDueMinor in SQL, in the bill's amount_scale. */
export const sqlAmountDueMinor: SQL<number> = sql<number>`(${bills.payableMinor} - ${bills.amountPaidMinor})`;

/**
 * The organization's bills it still owes on: open (payments settle them), not a supplier's credit
 * note (owed to the organization), something due. The payables report and bank matching read it.
 */
export const openBillsWhere = (organizationId: string) =>
  and(
    eq(bills.organizationId, organizationId),
    inArray(bills.status, [...billStatesFor("record_payment")]),
    notInArray(bills.typeCode, [...CREDIT_TYPE_CODES]),
    sql`${sqlAmountDueMinor} > 0`,
  );
