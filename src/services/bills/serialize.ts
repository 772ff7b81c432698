// A bill as the API answers it: a pure function of the stored row, whose document is the parsed
// received document. Amounts are JSON numbers in major units, as the document states them (BT-106
// to BT-115, lines, breakdown); only amount_paid and amount_due come from the payments.
import type { Bill, BillPayment } from "../../db/schema/bills";
import type { EAddress, EParty } from "../../document/einvoice";
import { metadataOf } from "../../lib/metadata";
import { amountDueMinor, billAmount, statedAmount } from "./amounts";

/** An address as stated (BG-5, BG-8), in the API's words. */
export const statedAddress = (a: EAddress) => ({
  line1: a.line1,
  line2: a.line2,
  city: a.city,
  postal_code: a.postalCode,
  region: a.region,
  country: a.country,
});

/** A party as the document states it (BG-4 seller, BG-7 buyer). */
export const serializeParty = (p: EParty) => ({
  name: p.name,
  trading_name: p.tradingName,
  address: statedAddress(p.address),
  vat_id: p.vatId,
  tax_registration_id: p.taxRegistrationId,
  company_id: p.companyId,
  company_id_scheme: p.companyIdScheme,
  identifiers: p.identifiers.map((i) => ({ scheme: i.scheme, id: i.id })),
  electronic_address: p.endpoint ? { scheme: p.endpoint.scheme, id: p.endpoint.id } : null,
  contact: p.contact ? { name: p.contact.name, email: p.contact.email, phone: p.contact.phone } : null,
});

const percentage = (percent: string | null) => statedAmount(percent);

export function serializeBill(row: Bill) {
  const doc = row.document;
  const t = doc.totals;
  const preceding = doc.preceding[0];
  return {
    id: row.id,
    number: row.number,
    type_code: row.typeCode,
    status: row.status,
    source: row.source,
    supplier_id: row.supplierId,
    seller: serializeParty(doc.seller),
    buyer: serializeParty(doc.buyer),
    issue_date: doc.issueDate,
    due_date: doc.dueDate,
    currency: doc.currency,
    items: doc.lines.map((line) => ({
      id: line.id,
      description: line.name,
      quantity: Number(line.quantity),
      unit_code: line.unitCode,
      unit_price: Number(line.price),
      amount: Number(line.net),
      tax_category: line.tax.category,
      tax_percentage: percentage(line.tax.percent),
    })),
    subtotal: statedAmount(t.lineExtension),
    discount_total: statedAmount(t.allowanceTotal),
    charge_total: statedAmount(t.chargeTotal),
    tax_exclusive_total: statedAmount(t.taxExclusive),
    tax_total: statedAmount(t.taxTotal),
    rounding_amount: statedAmount(t.rounding),
    prepaid_amount: statedAmount(t.prepaid),
    total: statedAmount(t.taxInclusive),
    amount_paid: billAmount(row.amountPaidMinor, row),
    amount_due: billAmount(amountDueMinor(row), row),
    tax_breakdown: doc.subtotals.map((s) => ({
      category: s.tax.category,
      percentage: percentage(s.tax.percent),
      taxable_amount: statedAmount(s.taxable),
      tax_amount: statedAmount(s.amount),
      exemption_reason: s.exemptionReason,
      exemption_reason_code: s.exemptionCode,
    })),
    buyer_reference: doc.buyerReference,
    purchase_order: doc.purchaseOrder,
    preceding_invoice: preceding ? { number: preceding.number, issue_date: preceding.issueDate } : null,
    payment_reference: doc.paymentMeans?.reference ?? null,
    payment: doc.paymentMeans
      ? {
          means_code: doc.paymentMeans.code,
          iban: doc.paymentMeans.iban,
          bic: doc.paymentMeans.bic,
          account_name: doc.paymentMeans.accountName,
        }
      : null,
    payment_terms: doc.paymentTerms,
    notes: doc.notes.map((n) => ({ subject_code: n.subjectCode, text: n.text })),
    validation: row.validation,
    original: {
      syntax: row.syntax,
      container: row.container,
      customization_id: row.customizationId,
      filename: row.filename,
      size: row.sizeBytes,
      sha256: row.sha256,
    },
    received_at: row.receivedAt,
    approved_at: row.approvedAt,
    rejected_at: row.rejectedAt,
    rejection_reason: row.rejectionReason,
    paid_at: row.paidAt,
    metadata: metadataOf(row.metadata),
    created_at: row.createdAt,
    updated_at: row.updatedAt,
  };
}

export type BillView = ReturnType<typeof serializeBill>;

export function serializeBillPayment(row: BillPayment, bill: Pick<Bill, "amountScale" | "currency">) {
  return {
    id: row.id,
    bill_id: row.billId,
    amount: billAmount(row.amountMinor, bill),
    currency: bill.currency,
    paid_at: row.paidAt,
    method: row.method,
    reference: row.reference,
    bank_transaction_id: row.bankTransactionId,
    created_at: row.createdAt,
  };
}
