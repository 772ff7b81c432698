// What kind of document an invoice is (its UNCL 1001 type code, BT-3), the invoice it cites (BG-3:
// BT-25 number, BT-26 issue date) and the currency its VAT is accounted in (BT-6, BT-111 with the
// exchange rate, its date and its source). Written on drafts, resolved and frozen at send; the
// rules live here once, read by write.ts, read.ts and send.ts. docs/invoices.md, "Document kind".
import { and, eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import type { Organization } from "../../db/schema/identity";
import { type CitedInvoice, type ExchangeRate, type Invoice, invoices } from "../../db/schema/invoices";
import { convertMinor, exchangeRateText, parseExchangeRate, toMajor } from "../../lib/money";
import { DEFAULT_TYPE_CODE, type InvoiceTypeCode, OWED_TO_CUSTOMER, typeCodeRow } from "../../lib/type-codes";
import { isIssued } from "../lifecycle";

export interface KindFields {
  type_code?: InvoiceTypeCode;
  /** An issued invoice of the same organization. */
  preceding_invoice_id?: string | null;
  /** An invoice issued elsewhere. */
  preceding_invoice?: { number: string; issue_date?: string | null } | null;
  /** Several invoices issued elsewhere (BG-3 is 0..n), instead of the single forms above. */
  preceding_invoices?: { number: string; issue_date?: string | null }[] | null;
  tax_currency?: string | null;
  exchange_rate?: { rate: number | string; date: string; source: string } | null;
}

export const KIND_FIELDS = [
  "type_code",
  "preceding_invoice_id",
  "preceding_invoice",
  "preceding_invoices",
  "tax_currency",
  "exchange_rate",
] as const;

type KindColumns = Pick<
  Invoice,
  | "typeCode"
  | "precedingInvoiceId"
  | "precedingInvoiceNumber"
  | "precedingInvoiceIssueDate"
  | "precedingInvoices"
  | "taxCurrency"
  | "exchangeRate"
>;

/** A new invoice's kind columns: a commercial invoice (380) citing nothing, in its own currency. */
export const PLAIN_KIND: KindColumns = {
  typeCode: DEFAULT_TYPE_CODE,
  precedingInvoiceId: null,
  precedingInvoiceNumber: null,
  precedingInvoiceIssueDate: null,
  precedingInvoices: null,
  taxCurrency: null,
  exchangeRate: null,
};

/** Owed to the customer (381, 389): a flag of the type-code table, which the lifecycle also reads. */
export { OWED_TO_CUSTOMER };

/**
 * Whether an invoice of this type may state a prepaid amount above its total (BT-113 > BT-112),
 * owing its customer the difference back (BT-115 below 0), as a final bill after larger advance
 * payments does: every type the customer pays, not a 381 or 389, which the organization pays.
 */
export const mayOweBack = (typeCode: InvoiceTypeCode) => !typeCodeRow(typeCode).owedToCustomer;

/**
 * Whether an invoice of this type may total below zero (BT-112 < 0, as EN 16931 allows): a
 * corrected invoice (384) whose correction lines take back more than it bills, which then owes the
 * difference back. Any other invoice keeps its total at 0 or more (a plain invoice of one negative
 * line is 422 on its quantity, as it always was): a credit note gives money back.
 */
export const mayTotalBelowZero = (typeCode: InvoiceTypeCode) => typeCodeRow(typeCode).mayTotalBelowZero;

/** The organization's VAT accounting currency (GET|PATCH /v1/organization `accounting_currency`). */
export const accountingCurrencyOf = (organization: Pick<Organization, "billingProfile">) =>
  organization.billingProfile?.accounting_currency ?? null;

/**
 * The VAT accounting currency an invoice states (BT-6): its own (stored at send, or given on the
 * draft), else the organization's accounting currency when the invoice is in another; null: none.
 */
export function effectiveTaxCurrency(
  invoice: Pick<Invoice, "taxCurrency" | "currency">,
  organization: Pick<Organization, "billingProfile"> | null,
): string | null {
  if (invoice.taxCurrency) return invoice.taxCurrency;
  const accounting = organization ? accountingCurrencyOf(organization) : null;
  return accounting && accounting !== invoice.currency ? accounting : null;
}

/** The VAT total converted into the tax currency (BT-111), in its minor units; null without a rate. */
export function taxTotalInTaxCurrencyMinor(
  taxMinor: number,
  currency: string,
  taxCurrency: string | null,
  rate: ExchangeRate | null,
): bigint | null {
  if (!taxCurrency || !rate) return null;
  const parsed = parseExchangeRate(rate.rate);
  if (!parsed.ok) throw new Error(`stored exchange rate ${rate.rate} does not parse`);
  return convertMinor(BigInt(taxMinor), currency, parsed.value, taxCurrency);
}

/** The kind fields of the invoice's JSON. */
export function kindView(row: Invoice, taxCurrency: string | null) {
  const inTaxCurrency = taxTotalInTaxCurrencyMinor(
    row.taxTotalMinor,
    row.currency,
    taxCurrency,
    row.exchangeRate,
  );
  return {
    type_code: row.typeCode,
    preceding_invoice_id: row.precedingInvoiceId,
    preceding_invoice: row.precedingInvoiceNumber
      ? { number: row.precedingInvoiceNumber, issue_date: row.precedingInvoiceIssueDate }
      : null,
    // Answered only when given: every answer without it stays as it was.
    ...(row.precedingInvoices ? { preceding_invoices: row.precedingInvoices } : {}),
    tax_currency: taxCurrency,
    exchange_rate: row.exchangeRate
      ? { rate: Number(row.exchangeRate.rate), date: row.exchangeRate.date, source: row.exchangeRate.source }
      : null,
    tax_total_in_tax_currency:
      inTaxCurrency === null || !taxCurrency ? null : toMajor(inTaxCurrency, taxCurrency),
  };
}

/**
 * What send refuses of the kind: a VAT accounting currency without the rate to convert into it
 * (BR-53 needs BT-111 whenever BT-6 is stated).
 */
export function kindRefusals(
  invoice: Pick<Invoice, "taxCurrency" | "currency" | "exchangeRate">,
  organization: Pick<Organization, "billingProfile"> | null,
): Record<string, string> {
  const taxCurrency = effectiveTaxCurrency(invoice, organization);
  if (!taxCurrency || invoice.exchangeRate) return {};
  return {
    exchange_rate:
      `Required: the VAT is accounted in ${taxCurrency} (tax_currency or the organization's ` +
      `accounting_currency) and the invoice is in ${invoice.currency}; give the rate, its date and source (BR-53)`,
  };
}

/**
 * The kind columns after `fields` are applied to `current` (a new invoice: PLAIN_KIND), checked
 * together: every problem goes into `errors` by field path. `currency` is the invoice's currency
 * after the same write.
 */
export async function kindColumns(
  db: Db,
  organization: Pick<Organization, "id" | "billingProfile">,
  invoiceId: string,
  current: KindColumns,
  fields: KindFields,
  currency: string,
  errors: Record<string, string>,
): Promise<KindColumns> {
  const next: KindColumns = { ...current };
  if (fields.type_code !== undefined) next.typeCode = fields.type_code;

  const citesHere = fields.preceding_invoice_id != null;
  const citesElsewhere = fields.preceding_invoice != null;
  const citesSeveral = fields.preceding_invoices != null;
  if (citesSeveral && (citesHere || citesElsewhere)) {
    errors.preceding_invoices =
      "Give either preceding_invoices (several invoices) or preceding_invoice_id / preceding_invoice (one), not both";
  } else if (citesHere && citesElsewhere) {
    errors.preceding_invoice =
      "Give either preceding_invoice_id (an invoice issued here) or preceding_invoice";
  } else if (citesSeveral) {
    const cited: CitedInvoice[] = (fields.preceding_invoices ?? []).map((c) => ({
      number: c.number,
      issue_date: c.issue_date ?? null,
    }));
    // The first stands in the single columns too: everything that reads one citation reads it.
    next.precedingInvoiceId = null;
    next.precedingInvoiceNumber = cited[0]?.number ?? null;
    next.precedingInvoiceIssueDate = cited[0]?.issue_date ?? null;
    next.precedingInvoices = cited;
  } else if (citesHere) {
    const id = fields.preceding_invoice_id as string;
    const [cited] = await db
      .select({
        id: invoices.id,
        number: invoices.number,
        issueDate: invoices.issueDate,
        status: invoices.status,
      })
      .from(invoices)
      .where(and(eq(invoices.organizationId, organization.id), eq(invoices.id, id)));
    if (!cited || id === invoiceId) errors.preceding_invoice_id = "No such invoice";
    else if (!isIssued(cited.status))
      errors.preceding_invoice_id = "The invoice is a draft: only an issued invoice can be cited";
    else {
      // An issued invoice's number and issue date never change: copied once, as cited.
      next.precedingInvoiceId = cited.id;
      next.precedingInvoiceNumber = cited.number;
      next.precedingInvoiceIssueDate = cited.issueDate;
      next.precedingInvoices = null;
    }
  } else if (citesElsewhere) {
    const cited = fields.preceding_invoice as NonNullable<KindFields["preceding_invoice"]>;
    next.precedingInvoiceId = null;
    next.precedingInvoiceNumber = cited.number;
    next.precedingInvoiceIssueDate = cited.issue_date ?? null;
    next.precedingInvoices = null;
  } else if (
    fields.preceding_invoice_id === null ||
    fields.preceding_invoice === null ||
    fields.preceding_invoices === null
  ) {
    next.precedingInvoiceId = null;
    next.precedingInvoiceNumber = null;
    next.precedingInvoiceIssueDate = null;
    next.precedingInvoices = null;
  }
  const type = typeCodeRow(next.typeCode);
  if (type.citesRequired && !next.precedingInvoiceNumber && !errors.preceding_invoice_id) {
    errors.preceding_invoice_id =
      "A corrected invoice (type_code 384) cites the invoice it corrects (BT-25): give preceding_invoice_id, preceding_invoice or preceding_invoices";
  }
  if (type.credits && next.precedingInvoiceId) {
    errors.preceding_invoice_id =
      "A credit note of an invoice issued here is POST /v1/credit-notes (it credits that invoice's lines and amount due); " +
      "type_code 381 on an invoice is for an invoice issued elsewhere: cite it with preceding_invoice";
  }

  if (fields.tax_currency !== undefined) next.taxCurrency = fields.tax_currency;
  if (fields.exchange_rate !== undefined) {
    if (fields.exchange_rate === null) next.exchangeRate = null;
    else {
      const parsed = parseExchangeRate(fields.exchange_rate.rate);
      if (!parsed.ok) errors["exchange_rate.rate"] = parsed.message;
      else {
        next.exchangeRate = {
          rate: exchangeRateText(parsed.value),
          date: fields.exchange_rate.date,
          source: fields.exchange_rate.source,
        };
      }
    }
  }
  if (next.taxCurrency && next.taxCurrency === currency) {
    errors[fields.tax_currency !== undefined ? "tax_currency" : "currency"] =
      `The VAT accounting currency must differ from the invoice currency (PEPPOL-EN16931-R005): omit tax_currency for an invoice in ${currency}`;
  } else if (next.taxCurrency && !next.exchangeRate && !errors["exchange_rate.rate"]) {
    errors.exchange_rate = `Required with tax_currency: the rate the VAT total is converted into ${next.taxCurrency} at`;
  } else if (next.exchangeRate && !effectiveTaxCurrency({ ...next, currency }, organization)) {
    errors[fields.exchange_rate !== undefined ? "exchange_rate" : "currency"] =
      "An exchange rate needs a VAT accounting currency other than the invoice's: give tax_currency " +
      "(or set the organization's accounting_currency)";
  }
  return next;
}
