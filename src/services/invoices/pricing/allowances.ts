// What an allowance or charge states, on a line or the document: an amount or a percentage,
// a reason code from its list, the base of a percentage.
import type { DiscountInput, LineAdjustmentInput } from "../../../db/schema/invoices";
import type { DiscountBody } from "../../../lib/document-input";
import { parseAmount, parsePercentage } from "../../../lib/money";

/** A line allowance or charge with its base as the totals engine takes it. */
export const based = (given: DiscountInput, baseMinor: number | undefined): LineAdjustmentInput =>
  baseMinor === undefined ? given : { ...given, baseMinor };

/** A reason code from its code list, or the error it gets at `path`. */
export function checkReasonCode(
  code: string | null | undefined,
  list: ReadonlySet<string>,
  listName: string,
  path: string,
  errors: Record<string, string>,
): void {
  if (code != null && !list.has(code)) errors[path] = `Not a ${listName} code allowed by EN 16931`;
}

export function parseDiscount(
  body: DiscountBody,
  currency: string,
  path: string,
  errors: Record<string, string>,
): DiscountInput | undefined {
  const given = [body.amount, body.percentage].filter((v) => v !== undefined).length;
  if (given !== 1) {
    errors[path] = "Give exactly one of amount or percentage";
    return undefined;
  }
  if (body.amount !== undefined) {
    const parsed = parseAmount(body.amount, currency);
    if (!parsed.ok) errors[`${path}.amount`] = parsed.message;
    return parsed.ok ? { kind: "amount", value: Number(parsed.value) } : undefined;
  }
  const parsed = parsePercentage(body.percentage as number | string);
  if (!parsed.ok) errors[`${path}.percentage`] = parsed.message;
  return parsed.ok ? { kind: "percentage", value: Number(parsed.value) } : undefined;
}

/**
 * An explicit base of a percentage: a document allowance's or charge's (BT-93/BT-100), only with a
 * bound rate, or a line allowance's or charge's (BT-137/BT-142). A bound document amount may state
 * the base it was reckoned on too (BT-93/BT-100 without a percentage, as EN 16931 allows).
 */
export function parseBase(
  body: { percentage?: unknown; base_amount?: number | null; tax_rate_id?: string | null },
  currency: string,
  path: string,
  errors: Record<string, string>,
  level: "document" | "line",
): { baseMinor?: number } {
  if (body.base_amount === undefined || body.base_amount === null) return {};
  const field = `${path}.base_amount`;
  if (level === "document" && !body.tax_rate_id)
    errors[field] = "A base_amount goes with a tax_rate_id (one VAT rate)";
  else if (level === "line" && body.percentage === undefined)
    errors[field] = "A base_amount goes with a percentage";
  const parsed = parseAmount(body.base_amount, currency);
  if (!parsed.ok) errors[field] = parsed.message;
  return parsed.ok ? { baseMinor: Number(parsed.value) } : {};
}
