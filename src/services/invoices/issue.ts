// Issuing a draft: what its send fixes (issue date, parties, number), the model a draft would be
// issued as now (one builder: its readiness, its e-mail preview and the send read it), and what
// send refuses of it.
import { and, eq, inArray } from "drizzle-orm";
import type { Db } from "../../db/client";
import { type Customer, customers } from "../../db/schema/customers";
import type { Organization } from "../../db/schema/identity";
import type { Invoice, InvoiceItem } from "../../db/schema/invoices";
import { buyerReferenceOf } from "../../document/buyer-reference";
import type { IssuedDocument } from "../../document/model";
import { addDays, utcDate } from "../../lib/clock";
import { documentLocale } from "../document-locale";
import { documentEInvoiceMissing, documentProfile } from "../einvoice";
import { peppolUnreachable } from "../einvoice-networks/readiness";
import { issuedInvoice } from "../issued-document/build";
import { INVOICE_TRANSITIONS, isIssued } from "../lifecycle";
import {
  billingProfileOf,
  getOrganization,
  paymentReferenceFormatOf,
  paymentTermsDays,
} from "../organization";
import { effectiveTaxCurrency, kindRefusals } from "./kind";
import { nextNumber, numberOf } from "./numbering";
import { issueRefusals } from "./pricing";
import { buyerSnapshot, sellerSnapshot } from "./snapshots";

/**
 * What sending fixes on a draft: the issue date (the day it is sent, UTC), a due date that was
 * not given from the payment terms, the parties as they are now and the document's language. An
 * invoice of nothing (total 0) is also settled as it is issued (the caller sets `paidAt`).
 */
export function issuedFieldsOf(
  invoice: Invoice,
  customer: Customer,
  organization: Organization,
  today: string,
): Partial<Invoice> & Pick<Invoice, "dueDate"> {
  return {
    buyerReference: buyerReferenceOf(invoice.buyerReference, customer.buyerReference),
    issueDate: today,
    dueDate: invoice.dueDateDefaulted ? addDays(today, paymentTermsDays(organization)) : invoice.dueDate,
    seller: sellerSnapshot(organization),
    buyer: buyerSnapshot(customer, invoice),
    // The language is fixed with the parties: the customer's later choice never changes it.
    locale: documentLocale(invoice.locale, customer.locale, billingProfileOf(organization).locale),
    // The reference is fixed at issue: a later change of the setting leaves it alone.
    paymentReferenceFormat: paymentReferenceFormatOf(organization),
    // So is the VAT accounting currency: the organization's then, unless the invoice gave its own.
    taxCurrency: effectiveTaxCurrency(invoice, organization),
  };
}

/**
 * The model of a draft as its send on `today` would issue it: the fields send fixes, sent, and
 * numbered: its own number, else `sent.number`, else the one its send takes (the organization's
 * next). `sent.settledAt`: the send settles it as it issues it (nothing to pay), paid then.
 */
export function draftModel(
  invoice: Invoice,
  items: readonly InvoiceItem[],
  organization: Organization,
  customer: Customer,
  today: string,
  sent: { number?: string; settledAt?: string } = {},
): IssuedDocument {
  const issued: Invoice = {
    ...invoice,
    ...issuedFieldsOf(invoice, customer, organization, today),
    number: numberOf(invoice) ?? sent.number ?? nextNumber(organization),
    ...(sent.settledAt
      ? { status: INVOICE_TRANSITIONS.pay.to, paidAt: sent.settledAt }
      : { status: INVOICE_TRANSITIONS.send.to }),
  };
  return issuedInvoice(issued, items, organization, customer);
}

/**
 * What send refuses of a document whose buyer takes XRechnung (a German public buyer accepts no
 * other e-invoice): whatever keeps its XRechnung from passing the rules, keyed by API field path
 * with the rule id in each message. The UBL's answer, which is the CII's too: both are held to
 * the same rules. Any other buyer: nothing (the e-invoice is then optional at send).
 */
export function xrechnungRefusals(doc: IssuedDocument): Record<string, string> {
  if (documentProfile("ubl", doc.buyer) !== "xrechnung") return {};
  return documentEInvoiceMissing(doc, "ubl");
}

/**
 * A draft as sending it now would issue it: its model (the organization's profile and the
 * customer as they are, the snapshots send takes), and what send itself refuses (422).
 */
export interface DraftIssue {
  doc: IssuedDocument;
  refusals: Record<string, string>;
  /** The VAT accounting currency send would state (the organization's when the draft gives none). */
  taxCurrency: string | null;
  /** What keeps it from its customer over the network it would take (`einvoiceReadiness`'s `network`). */
  network: Record<string, string>;
}

export function draftIssue(
  organization: Organization,
  customer: Customer,
  invoice: Invoice,
  items: readonly InvoiceItem[],
  today = utcDate(),
  network: Record<string, string> = {},
): DraftIssue {
  const doc = draftModel(invoice, items, organization, customer, today);
  return {
    doc,
    refusals: {
      ...issueRefusals(items, customer, invoice),
      ...xrechnungRefusals(doc),
      ...kindRefusals(invoice, organization),
    },
    taxCurrency: effectiveTaxCurrency(invoice, organization),
    network,
  };
}

/**
 * The DraftIssue of each draft among `invoices` (two queries when there are drafts, a third when a
 * customer chose Peppol, none without drafts).
 */
export async function draftIssues(
  db: Db,
  organizationId: string,
  list: readonly { invoice: Invoice; items: readonly InvoiceItem[] }[],
  today = utcDate(),
): Promise<Map<string, DraftIssue>> {
  const drafts = list.filter(({ invoice }) => !isIssued(invoice.status));
  if (drafts.length === 0) return new Map();
  const customerIds = [...new Set(drafts.map(({ invoice }) => invoice.customerId))];
  const [organization, rows] = await Promise.all([
    getOrganization(db, organizationId),
    db
      .select()
      .from(customers)
      .where(and(eq(customers.organizationId, organizationId), inArray(customers.id, customerIds))),
  ]);
  const byId = new Map(rows.map((customer) => [customer.id, customer]));
  const unreachable = await peppolUnreachable(db, organizationId, rows);
  const issues = new Map<string, DraftIssue>();
  for (const { invoice, items } of drafts) {
    // An invoice's customer cannot be deleted (its foreign key): one missing is a broken row.
    const customer = byId.get(invoice.customerId);
    if (!customer) throw new Error(`invoice ${invoice.id} refers to a missing customer`);
    issues.set(
      invoice.id,
      draftIssue(organization, customer, invoice, items, today, unreachable.get(customer.id)),
    );
  }
  return issues;
}
