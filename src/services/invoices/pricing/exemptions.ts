// The VAT exemption rule: a reverse-charge or exempt customer refuses a standard rate, when
// pricing and again when issuing.
import type { Customer } from "../../../db/schema/customers";
import type { Invoice, InvoiceItem } from "../../../db/schema/invoices";
import type { LineTax } from "../totals";
import { storedLineTax } from "./rows";

/**
 * A customer that is reverse-charge or exempt refuses a standard-rated line (the seller would
 * charge VAT the buyer accounts for, or does not owe) unless the invoice sets ignore_tax_exempt.
 */
export function checkTaxExempt(
  lines: readonly { tax: LineTax | null }[],
  customer: Pick<Customer, "taxExempt">,
  ignoreTaxExempt: boolean,
  errors: Record<string, string>,
  adjustments: Pick<Invoice, "discounts" | "charges"> = { discounts: [], charges: [] },
): void {
  if (customer.taxExempt === "none" || ignoreTaxExempt) return;
  const refusal =
    customer.taxExempt === "reverse"
      ? "The customer is reverse charge (tax_exempt: reverse): use a rate of category AE, or set ignore_tax_exempt"
      : "The customer is tax exempt (tax_exempt: exempt): use an exempt rate, or set ignore_tax_exempt";
  // The lines, and the discounts and charges bound to a rate (BG-20/BG-21 carry their own VAT).
  const taxed: [string, { category: string } | null | undefined][] = [
    ...lines.map((line, index) => [`items.${index}.tax_rate_id`, line.tax] as [string, LineTax | null]),
    ...adjustments.discounts.map((d, k) => [`discounts.${k}.tax_rate_id`, d.tax] as [string, typeof d.tax]),
    ...(adjustments.charges ?? []).map(
      (c, k) => [`charges.${k}.tax_rate_id`, c.tax] as [string, typeof c.tax],
    ),
  ];
  // Split payment (B) charges VAT as a standard rate does; only the buyer pays it to the state.
  for (const [field, tax] of taxed)
    if (tax?.category === "S" || tax?.category === "B") errors[field] ??= refusal;
}

/**
 * What sending a draft refuses with 422, keyed by field: a standard-rated line, or a discount or
 * charge bound to a standard rate, for a customer that became reverse-charge or exempt since the
 * draft was priced. Send and a draft's readiness both ask this one check.
 */
export function issueRefusals(
  items: readonly InvoiceItem[],
  customer: Pick<Customer, "taxExempt">,
  invoice: Pick<Invoice, "ignoreTaxExempt" | "discounts" | "charges">,
): Record<string, string> {
  const errors: Record<string, string> = {};
  checkTaxExempt(
    items.map((item) => ({ tax: storedLineTax(item) })),
    customer,
    invoice.ignoreTaxExempt,
    errors,
    invoice,
  );
  return errors;
}
