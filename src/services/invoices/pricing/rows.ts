// Priced lines and totals as stored rows and columns, and stored lines read back as the
// totals engine takes them.
import { getTableColumns } from "drizzle-orm";
import type { Db } from "../../../db/client";
import type { Invoice, InvoiceItem, LineDiscount } from "../../../db/schema/invoices";
import { invoiceItems } from "../../../db/schema/invoices";
import { prefixedId } from "../../../lib/ids";
import type { Statement } from "../common";
import type { LineTax, Totals, TotalsLine } from "../totals";
import { based } from "./allowances";
import { detailAmount, type PricedLine, pricedAmount } from "./lines";

/** D1 allows 100 bound parameters per statement; an invoice_items row binds one per column. */
const ITEM_ROWS_PER_INSERT = Math.floor(100 / Object.keys(getTableColumns(invoiceItems)).length);

/**
 * A stored line as the totals engine takes it again: its amount, its discount or discounts and its
 * charges, each with the base it was given (the issued-document model reprices stored lines).
 */
export function storedTotalsLine(item: Omit<InvoiceItem, "invoiceId" | "unitCode">): TotalsLine {
  return {
    amountMinor: BigInt(item.amountMinor),
    discount: item.discount,
    tax: storedLineTax(item),
    ...(item.discounts?.length
      ? { discounts: item.discounts.map((d) => based(d.discount, d.baseMinor)) }
      : {}),
    ...(item.charges?.length ? { charges: item.charges.map((c) => based(c.charge, c.baseMinor)) } : {}),
  };
}

/** The line's tax terms as stored on the line (the snapshot), or null for an untaxed line. */
export function storedLineTax(item: Omit<InvoiceItem, "invoiceId" | "unitCode">): LineTax | null {
  if (!item.taxCategory) return null;
  return {
    rateId: item.taxRateId,
    category: item.taxCategory,
    percentScaled: item.taxPercentScaled ?? 0,
    inclusive: item.taxInclusive ?? false,
    exemptionReason: item.taxExemptionReason,
    exemptionReasonCode: item.taxExemptionReasonCode,
  };
}

/** The optional line terms of a stored line, as priceLines gave them (none on an old-style line). */
export function storedLineExtras(
  item: Pick<
    InvoiceItem,
    | "quantity"
    | "discountReason"
    | "discountReasonCode"
    | "discounts"
    | "charges"
    | "priceDetail"
    | "servicePeriodStart"
    | "servicePeriodEnd"
    | "subLines"
  >,
  currency: string,
): Partial<PricedLine> {
  const extra: Partial<PricedLine> = {};
  if (item.subLines) extra.subLines = item.subLines;
  if (item.discountReason) extra.discountReason = item.discountReason;
  if (item.discountReasonCode) extra.discountReasonCode = item.discountReasonCode;
  if (item.discounts && item.discounts.length > 0) {
    extra.discounts = item.discounts.map((d) => ({
      description: d.description,
      reasonCode: d.reasonCode,
      discount: d.discount,
      ...(d.baseMinor !== undefined ? { baseMinor: d.baseMinor } : {}),
    }));
  }
  if (item.charges && item.charges.length > 0) {
    extra.charges = item.charges.map((c) => ({
      description: c.description,
      reasonCode: c.reasonCode,
      charge: c.charge,
      ...(c.baseMinor !== undefined ? { baseMinor: c.baseMinor } : {}),
    }));
  }
  if (item.priceDetail) {
    extra.priceDetail = item.priceDetail;
    extra.amountMinor = detailAmount(BigInt(item.quantity), item.priceDetail, currency);
  }
  if (item.servicePeriodStart && item.servicePeriodEnd) {
    extra.servicePeriod = { start: item.servicePeriodStart, end: item.servicePeriodEnd };
  }
  return extra;
}

export function itemRows(
  organizationId: string,
  invoiceId: string,
  lines: readonly PricedLine[],
  totals: Totals,
): InvoiceItem[] {
  return lines.map((line, position) => {
    const figures = totals.lines[position];
    return {
      id: prefixedId("item"),
      invoiceId,
      organizationId,
      position,
      productId: line.productId,
      description: line.description,
      quantity: Number(line.quantity),
      unitCode: line.unitCode,
      unitPriceMinor: Number(line.unitPriceMinor),
      amountMinor: Number(pricedAmount(line)),
      discount: line.discount,
      discountMinor: Number(figures?.discountMinor ?? 0n),
      discountReason: line.discountReason ?? null,
      discountReasonCode: line.discountReasonCode ?? null,
      discounts: line.discounts?.length
        ? line.discounts.map(
            (d, k): LineDiscount => ({
              description: d.description,
              reasonCode: d.reasonCode,
              discount: d.discount,
              ...(d.baseMinor !== undefined ? { baseMinor: d.baseMinor } : {}),
              amountMinor: Number(figures?.discountMinors[k] ?? 0n),
            }),
          )
        : null,
      charges: line.charges?.length
        ? line.charges.map((c, k) => ({
            description: c.description,
            reasonCode: c.reasonCode,
            charge: c.charge,
            ...(c.baseMinor !== undefined ? { baseMinor: c.baseMinor } : {}),
            amountMinor: Number(figures?.chargeMinors[k] ?? 0n),
          }))
        : null,
      priceDetail: line.priceDetail ?? null,
      subLines: line.subLines ?? null,
      servicePeriodStart: line.servicePeriod?.start ?? null,
      servicePeriodEnd: line.servicePeriod?.end ?? null,
      netMinor: Number(figures?.netMinor ?? 0n),
      taxRateId: line.tax?.rateId ?? null,
      taxFromDefault: line.taxFromDefault,
      taxCategory: line.tax?.category ?? null,
      taxPercentScaled: line.tax ? line.tax.percentScaled : null,
      taxInclusive: line.tax ? line.tax.inclusive : null,
      taxExemptionReason: line.tax?.exemptionReason ?? null,
      taxExemptionReasonCode: line.tax?.exemptionReasonCode ?? null,
    };
  });
}

/** The figures of the totals as invoice columns. */
export function totalsColumns(totals: Totals) {
  return {
    subtotalMinor: Number(totals.subtotal),
    discountTotalMinor: Number(totals.discountTotal),
    taxExclusiveMinor: Number(totals.taxExclusive),
    taxTotalMinor: Number(totals.taxTotal),
    roundingMinor: Number(totals.rounding),
    totalMinor: Number(totals.total),
    chargeTotalMinor: Number(totals.chargeTotal),
    prepaidMinor: Number(totals.prepaid),
    splitPaymentMinor: Number(totals.splitPayment),
    totalsDetail: totals.detail,
  } satisfies Partial<Invoice>;
}

/** Multi-row inserts of at most 5 rows, so no statement binds more than 100 parameters. */
export function insertItems(db: Db, rows: readonly InvoiceItem[]): Statement[] {
  const statements: Statement[] = [];
  for (let i = 0; i < rows.length; i += ITEM_ROWS_PER_INSERT) {
    statements.push(db.insert(invoiceItems).values(rows.slice(i, i + ITEM_ROWS_PER_INSERT)));
  }
  return statements;
}
