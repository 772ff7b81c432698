// A bill's amounts: the totals its document states (BT-106 to BT-115), held exactly in integers at
// the bill's amount_scale, and what is still owed of it. The document's decimal text is never
// recomputed; these integers exist so SQL can sort, sum and settle bills.
import { type SQL, sql } from "drizzle-orm";
import { type Bill, bills } from "../../db/schema/bills";
import { InvalidEInvoice, type ReceivedDocument } from "../../document/received";
import { currencyExponent, decimalString, fitsSignedAmount, scaledFromText } from "../../lib/money";

/** Decimals of a currency's minor unit; 2 for a code ISO 4217 does not list (the rules flag it, BR-CL-04). */
function minorDecimals(currency: string): number {
  try {
    return currencyExponent(currency);
  } catch {
    return 2;
  }
}

const decimalsOf = (text: string | null) =>
  text === null ? 0 : (/\.(\d*?)0*$/.exec(text)?.[1]?.length ?? 0);

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
export function amountScale(doc: ReceivedDocument): number {
  const stated = Object.values(statedTotals(doc)).map(decimalsOf);
  return Math.max(minorDecimals(doc.currency), ...stated);
}

/**
 * Decimal text as an integer x 10^scale; an amount that is no decimal, or too large, is no
 * e-invoice. A total the document does not state counts as 0 (the validation names the rule it breaks).
 */
function scaled(text: string | null, scale: number, term: string): number {
  if (text === null) return 0;
  const value = scaledFromText(text.trim(), scale);
  if (value === undefined)
    throw new InvalidEInvoice(`${term} "${text.slice(0, 40)}" is not a decimal amount`);
  if (!fitsSignedAmount(value)) throw new InvalidEInvoice(`${term} ${text.slice(0, 40)} is too large`);
  return Number(value);
}

/** The bill's total columns: the stated BT-106..BT-115 at the bill's scale, exactly. */
export function statedTotalColumns(doc: ReceivedDocument) {
  const scale = amountScale(doc);
  const columns = Object.fromEntries(
    Object.entries(statedTotals(doc)).map(([column, text]) => [column, scaled(text, scale, column)]),
  ) as Record<keyof ReturnType<typeof statedTotals>, number>;
  return { amountScale: scale, ...columns };
}

/** An amount the API takes (a payment) or answers, between a JSON number and the bill's scale. */
export const billAmount = (minor: number, bill: Pick<Bill, "amountScale">) =>
  Number(decimalString(minor, bill.amountScale));

/** A stated decimal text as the API's JSON number; null when the document states none. */
export const statedAmount = (text: string | null): number | null =>
  text === null || text.trim() === "" ? null : Number(text);

/**
 * What is still owed of a bill: what its document asks to be paid (BT-115) less what was paid of
 * it. The one definition; `sqlAmountDueMinor` is its SQL reading.
 */
export const amountDueMinor = (bill: Pick<Bill, "payableMinor" | "amountPaidMinor">) =>
  bill.payableMinor - bill.amountPaidMinor;

/** amountDueMinor in SQL, in the bill's amount_scale. */
export const sqlAmountDueMinor: SQL<number> = sql<number>`(${bills.payableMinor} - ${bills.amountPaidMinor})`;
