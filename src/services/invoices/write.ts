// Creating, editing and deleting invoices. A draft is editable in full; a sent or overdue
// invoice takes only notes and the move to paid (recorded as a payment of what is due); paid
// and void invoices are read-only. Numbers are issued in the insert's own batch, or at send
// (numbering.ts).
import { eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { isForeignKeyFailure, versionGuard } from "../../db/guards";
import { preparedRowInsert } from "../../db/prepared";
import type { Customer } from "../../db/schema/customers";
import { invoiceEmails } from "../../db/schema/emails";
import type { Locale, Organization } from "../../db/schema/identity";
import {
  type Invoice,
  type InvoiceItem,
  type InvoiceStatus,
  invoiceItems,
  invoices,
  type Payee,
} from "../../db/schema/invoices";
import type { QuoteLine } from "../../db/schema/quotes";
import { addDays, nowIso, utcDate } from "../../lib/clock";
import type { DocumentChargeBody, DocumentDiscountBody, ItemInput } from "../../lib/document-input";
import { ApiError, conflict, validationError } from "../../lib/errors";
import { prefixedId } from "../../lib/ids";
import { createdMetadata, type MetadataInput, mergeMetadata } from "../../lib/metadata";
import { parseAmount, parseRoundingAmount } from "../../lib/money";
import { DEFAULT_UNIT_CODE } from "../../lib/units";
import { findCustomer } from "../customers";
import { peppolUnreachable } from "../einvoice-networks/readiness";
import { type KeepAnswer, noKeptAnswer } from "../idempotency";
import { issuedDocumentOf } from "../issued-document";
import { INVOICE_TRANSITIONS, invoiceEndpointInto, invoiceMay, isClosed, isIssued } from "../lifecycle";
import { clearMetadataEntries, rewrittenMetadata, writeMetadataEntries } from "../metadata";
import { numberTakenInBatch } from "../number-in-batch";
import { cashRoundingMinor, getOrganization, paymentTermsDays } from "../organization";
import { commit, event, type Statement, scoped, withRetry } from "./common";
import { draftIssue, draftIssues } from "./issue";
import { KIND_FIELDS, type KindFields, kindColumns, mayOweBack, mayTotalBelowZero, PLAIN_KIND } from "./kind";
import { bumpOnCreate, NEW_INVOICE_NUMBER, numberTaken, UNNUMBERED } from "./numbering";
import { assertPayable, paymentStatements } from "./payments";
import {
  adjustmentRateIds,
  type Catalog,
  checkTaxExempt,
  insertItems,
  itemRows,
  loadCatalog,
  loadCatalogFor,
  type PricedLine,
  parseDocumentCharges,
  parseDocumentDiscounts,
  priceLines,
  rescaleCharges,
  rescaleDiscounts,
  rescaleLines,
  rescalePrepaid,
  rescaleStatedRounding,
  resolveRate,
  storedLineExtras,
  storedLineTax,
  totalsColumns,
  totalsOf,
} from "./pricing";
import { amountDueMinor, effectiveStatus, invoiceRowRead, loadInvoice, serializeInvoice } from "./read";

export interface InvoiceFields extends KindFields {
  default_tax_rate_id?: string | null;
  discounts?: DocumentDiscountBody[];
  /** Document-level charges (BG-21). */
  charges?: DocumentChargeBody[];
  /** Paid before issue (BT-113), major units. */
  prepaid_amount?: number;
  /** The rounding amount (BT-114) as stated, major units; null: the organization's cash rounding. */
  rounding_amount?: number | null;
  service_period?: { start: string; end: string } | null;
  delivery_date?: string | null;
  purchase_order?: string | null;
  buyer_reference?: string | null;
  payment_terms?: string | null;
  ignore_tax_exempt?: boolean;
  /** null: the customer's language, else the organization's (resolved and stored at send). */
  locale?: Locale | null;
  /** BG-10: who receives the payment when it is not the seller; null: the seller. */
  payee?: Payee | null;
}

export interface InvoiceInput extends InvoiceFields {
  customer_id: string;
  items: ItemInput[];
  due_date?: string;
  notes?: string | null;
  currency?: string;
  metadata?: MetadataInput;
}

export interface InvoicePatch extends InvoiceFields {
  customer_id?: string;
  items?: ItemInput[];
  due_date?: string;
  notes?: string | null;
  currency?: string;
  status?: InvoiceStatus;
  metadata?: MetadataInput | null;
}

const metadataOwner = (organizationId: string, id: string) =>
  ({ organizationId, objectType: "invoice", objectId: id }) as const;

/** The customer a new invoice (or a draft moved to another customer) is for: it must be active. */
async function assertCustomer(db: Db, organizationId: string, customerId: string) {
  const customer = await findCustomer(db, organizationId, customerId);
  if (!customer) throw validationError({ customer_id: "No such customer" });
  if (customer.archived) throw validationError({ customer_id: "The customer is archived" });
  return customer;
}

function checkServicePeriod(period: InvoiceFields["service_period"], errors: Record<string, string>) {
  if (period && period.end < period.start) errors["service_period.end"] = "Must not be before start";
}

/** The descriptive fields of InvoiceFields as columns (only those given). */
function fieldColumns(fields: InvoiceFields): Partial<Invoice> {
  const columns: Partial<Invoice> = {};
  if (fields.service_period !== undefined) {
    columns.servicePeriodStart = fields.service_period?.start ?? null;
    columns.servicePeriodEnd = fields.service_period?.end ?? null;
  }
  if (fields.delivery_date !== undefined) columns.deliveryDate = fields.delivery_date;
  if (fields.purchase_order !== undefined) columns.purchaseOrder = fields.purchase_order;
  if (fields.buyer_reference !== undefined) columns.buyerReference = fields.buyer_reference;
  if (fields.payment_terms !== undefined) columns.paymentTerms = fields.payment_terms;
  if (fields.locale !== undefined) columns.locale = fields.locale;
  if (fields.payee !== undefined) columns.payee = fields.payee;
  if (fields.ignore_tax_exempt !== undefined) columns.ignoreTaxExempt = fields.ignore_tax_exempt;
  if (fields.default_tax_rate_id !== undefined) columns.defaultTaxRateId = fields.default_tax_rate_id;
  return columns;
}

/** The document-level amounts of a price(): as given in the request, else as stored. */
interface DocumentAdjustments {
  discountBodies: DocumentDiscountBody[] | undefined;
  storedDiscounts: Invoice["discounts"];
  chargeBodies?: DocumentChargeBody[];
  storedCharges?: Invoice["charges"];
  /** Major units as given, else the stored minor units. */
  prepaidAmount?: number;
  storedPrepaidMinor?: number;
  /** The organization's cash rounding in the invoice's currency (organization.ts). */
  cashRoundingMinor?: bigint | null;
  /** The invoice's type lets the prepaid amount exceed the total (kind.ts `mayOweBack`). */
  mayOweBack?: boolean;
  /** The invoice's type lets the total be below zero (kind.ts `mayTotalBelowZero`). */
  mayTotalBelowZero?: boolean;
  /** The rounding amount as given (null: none), else the stored one (minor units). */
  roundingAmount?: number | null;
  storedRoundingMinor?: number | null;
}

/** Prices new lines and discounts for `customer`, or answers 422 with every problem at once. */
async function price(
  db: Db,
  organizationId: string,
  currency: string,
  customer: Customer,
  source: { items: ItemInput[] } | { lines: PricedLine[] },
  adjustments: DocumentAdjustments,
  options: {
    defaultTaxRateId: string | null;
    ignoreTaxExempt: boolean;
    overflowField?: string;
    /** Where a total below zero is reported, when not on the last negative line (a type change). */
    belowZeroField?: string;
    catalog?: Catalog;
  },
) {
  const errors: Record<string, string> = {};
  const { discountBodies, chargeBodies } = adjustments;
  const rateIds = adjustmentRateIds(discountBodies, chargeBodies);
  // Rates a discount or charge names and the catalog handed in lacks (a PATCH of those alone).
  const missing = rateIds.filter((rateId) => !options.catalog?.rates.has(rateId));
  const rates = new Map(options.catalog?.rates ?? []);
  if (missing.length > 0) {
    for (const [rateId, rate] of (await loadCatalog(db, organizationId, [], missing)).rates)
      rates.set(rateId, rate);
  }
  const lines =
    "items" in source
      ? await priceLines(db, organizationId, currency, source.items, options, errors)
      : source.lines;
  const discounts = discountBodies
    ? parseDocumentDiscounts(discountBodies, currency, errors, rates)
    : adjustments.storedDiscounts;
  const charges = chargeBodies
    ? parseDocumentCharges(chargeBodies, currency, errors, rates)
    : (adjustments.storedCharges ?? []);
  let prepaidMinor = BigInt(adjustments.storedPrepaidMinor ?? 0);
  if (adjustments.prepaidAmount !== undefined) {
    const parsed = parseAmount(adjustments.prepaidAmount, currency);
    if (parsed.ok) prepaidMinor = parsed.value;
    else errors.prepaid_amount = parsed.message;
  }
  let statedRoundingMinor =
    adjustments.storedRoundingMinor == null ? null : BigInt(adjustments.storedRoundingMinor);
  if (adjustments.roundingAmount !== undefined) {
    const parsed =
      adjustments.roundingAmount === null ? null : parseRoundingAmount(adjustments.roundingAmount, currency);
    if (parsed && !parsed.ok) errors.rounding_amount = parsed.message;
    else statedRoundingMinor = parsed ? parsed.value : null;
  }
  checkTaxExempt(lines, customer, options.ignoreTaxExempt, errors, { discounts, charges });
  if (Object.keys(errors).length > 0) throw validationError(errors);
  const totals = totalsOf(
    lines,
    discounts,
    options.overflowField,
    charges,
    {
      prepaidMinor,
      cashRoundingMinor: adjustments.cashRoundingMinor ?? null,
      mayOweBack: adjustments.mayOweBack ?? false,
      statedRoundingMinor,
    },
    { allowed: adjustments.mayTotalBelowZero ?? false, field: options.belowZeroField },
  );
  return { lines, discounts, charges, totals, statedRoundingMinor };
}

export interface CreateInvoiceOptions {
  /** Read beforehand (the recurring sweep reads a page's at once), so creating is one batch. */
  customer?: Customer | null;
  catalog?: Catalog;
  /** The recurring invoice and run that generate the invoice. */
  recurring?: { id: string; runIndex: number };
  /** Statements that must commit with the invoice or not at all (the run's compare-and-set). */
  statements?: Statement[];
  /** The new invoice's id (a converted quote records it in the same batch). */
  id?: string;
  /**
   * Lines and discounts already priced (a quote's, as stored): taken as they are instead of
   * pricing `items` again, so the invoice has the same lines and totals.
   */
  priced?: { lines: PricedLine[]; discounts: Invoice["discounts"] };
  /** The request's Idempotency-Key completes in the invoice's batch (docs/idempotency.md). */
  keep?: KeepAnswer<CreatedInvoice>;
}

export interface CreatedInvoice {
  invoice: ReturnType<typeof serializeInvoice>;
  eventIds: string[];
}

/**
 * Validates and prices a POST /v1/invoices body (customer, lines, tax rates, discounts), or
 * answers 422 with every problem at once. Recurring invoices and quotes are checked with it too:
 * only an invoice itself (`issuing`) may owe its customer back (a total below zero, or a prepaid
 * amount above it), never an offer or a template.
 */
export async function priceInvoiceInput(
  db: Db,
  organization: Organization,
  input: InvoiceInput,
  options: Pick<CreateInvoiceOptions, "customer" | "catalog" | "priced"> & { issuing?: boolean } = {},
) {
  const currency = input.currency ?? organization.defaultCurrency;
  // The customer and the catalog the lines name are read concurrently, not one after the other
  // (on Cloudflare one round trip of latency instead of two).
  const [customer, catalog] = await Promise.all([
    options.customer === undefined
      ? assertCustomer(db, organization.id, input.customer_id)
      : options.customer,
    options.catalog ??
      (options.priced
        ? undefined
        : loadCatalogFor(
            db,
            organization.id,
            input.items,
            input.default_tax_rate_id ?? null,
            adjustmentRateIds(input.discounts, input.charges),
          )),
  ]);
  if (!customer) throw validationError({ customer_id: "No such customer" });
  // A customer handed in by the caller (the recurring sweep) is held to the same rule.
  if (customer.archived) throw validationError({ customer_id: "The customer is archived" });
  const fieldErrors: Record<string, string> = {};
  checkServicePeriod(input.service_period, fieldErrors);
  const kind = await kindColumns(db, organization, "", PLAIN_KIND, input, currency, fieldErrors);
  if (Object.keys(fieldErrors).length > 0) throw validationError(fieldErrors);
  const priced = await price(
    db,
    organization.id,
    currency,
    customer,
    options.priced ? { lines: options.priced.lines } : { items: input.items },
    {
      discountBodies: options.priced ? undefined : (input.discounts ?? []),
      storedDiscounts: options.priced?.discounts ?? [],
      chargeBodies: input.charges,
      prepaidAmount: input.prepaid_amount,
      cashRoundingMinor: cashRoundingMinor(organization, currency),
      mayOweBack: options.issuing === true && mayOweBack(kind.typeCode),
      mayTotalBelowZero: options.issuing === true && mayTotalBelowZero(kind.typeCode),
      roundingAmount: input.rounding_amount,
    },
    {
      defaultTaxRateId: input.default_tax_rate_id ?? null,
      ignoreTaxExempt: input.ignore_tax_exempt ?? false,
      catalog,
    },
  );
  return { currency, customer, kind, ...priced };
}

/** A new invoice's row, numbered from its organization's sequence (bumpOnCreate, NEW_INVOICE_NUMBER). */
const insertDraft = preparedRowInsert(invoices, { number: NEW_INVOICE_NUMBER });

/**
 * One batch: bump the organization's sequence, insert the invoice numbered from it
 * (INSERT ... SELECT reads the bumped value inside the same transaction, so concurrent creates
 * get distinct, consecutive numbers), its items, and the event with the issued number. With
 * `invoice_numbering: on_send` the draft is inserted unnumbered and the sequence is left alone.
 */
export async function createInvoice(
  db: Db,
  organization: Organization,
  input: InvoiceInput,
  options: CreateInvoiceOptions = {},
): Promise<CreatedInvoice> {
  // A recurring run is held to its template's rule: it never owes back (a product's price that
  // dropped since the template was saved pauses the template with the reason instead).
  const { currency, customer, kind, lines, discounts, charges, totals, statedRoundingMinor } =
    await priceInvoiceInput(db, organization, input, {
      ...options,
      issuing: options.recurring === undefined,
    });
  const at = nowIso();
  const id = options.id ?? prefixedId("inv");
  const items = itemRows(organization.id, id, lines, totals);
  const draft: Invoice = {
    id,
    organizationId: organization.id,
    customerId: input.customer_id,
    number: UNNUMBERED,
    status: "draft",
    currency,
    dueDate: input.due_date ?? addDays(utcDate(), paymentTermsDays(organization)),
    dueDateDefaulted: input.due_date === undefined,
    notes: input.notes ?? null,
    sentAt: null,
    paidAt: null,
    voidedAt: null,
    paymentReferenceFormat: null,
    issueDate: null,
    defaultTaxRateId: null,
    ignoreTaxExempt: false,
    discounts,
    charges,
    servicePeriodStart: null,
    servicePeriodEnd: null,
    deliveryDate: null,
    purchaseOrder: null,
    buyerReference: null,
    paymentTerms: null,
    locale: null,
    payee: null,
    ...kind,
    ...fieldColumns(input),
    metadata: createdMetadata(input.metadata),
    ...totalsColumns(totals),
    statedRoundingMinor: statedRoundingMinor === null ? null : Number(statedRoundingMinor),
    amountPaidMinor: 0,
    amountCreditedMinor: 0,
    splitPaymentCreditedMinor: 0,
    seller: null,
    buyer: null,
    hostedTokenHash: null,
    hostedTokenSealed: null,
    hostedLinkCreatedAt: null,
    viewedAt: null,
    recurringInvoiceId: options.recurring?.id ?? null,
    recurringRunIndex: options.recurring?.runIndex ?? null,
    version: 0,
    createdAt: at,
    updatedAt: at,
  };
  // The draft's readiness as sending it now would issue it (the same on every answer of it),
  // with what the kept Peppol lookup says of its customer, as GET reads it.
  const network = (await peppolUnreachable(db, organization.id, [customer])).get(customer.id);
  const issue = draftIssue(organization, customer, draft, items, undefined, network);
  const recorded = event(
    db,
    organization.id,
    "invoice.created",
    serializeInvoice(draft, items, undefined, issue),
    at,
  );
  // Every column but the number is bound from the draft row; the number comes from the sequence.
  const { number: _number, ...columns } = draft;
  // The answer as it will be, its number (null while unnumbered) standing in until the batch takes it.
  const number = numberTakenInBatch(invoices, id);
  const kept = options.keep
    ? options.keep(
        db,
        {
          invoice: serializeInvoice({ ...draft, number: number.placeholder }, items, undefined, issue),
          eventIds: [recorded.id],
        },
        number.filled,
      )
    : [];
  const [, , ...rest] = await db
    .batch([
      bumpOnCreate(db, organization.id),
      insertDraft(db, columns),
      ...insertItems(db, items),
      ...writeMetadataEntries(db, metadataOwner(organization.id, id), draft.metadata, { replace: false }),
      ...recorded.statements,
      // The event was built before the number existed: fill it in (null while unnumbered),
      // still inside the batch.
      number.fillEvents(db, [recorded.id]),
      ...(options.statements ?? []),
      ...kept,
      invoiceRowRead(db, organization.id, id),
    ])
    .catch((error: unknown) => {
      // The customer was deleted after the check: its foreign key refuses the insert.
      if (isForeignKeyFailure(error)) {
        throw validationError({ customer_id: "No such customer" });
      }
      return numberTaken(error);
    });
  const created = rest.at(-1) as Invoice[];
  const invoice = created[0];
  if (!invoice) throw new Error("invoice insert returned no row");
  return { invoice: serializeInvoice(invoice, items, undefined, issue), eventIds: [recorded.id] };
}

/** Fields only a draft may change. */
const CONTENT_FIELDS = [
  "customer_id",
  "items",
  "due_date",
  "currency",
  "default_tax_rate_id",
  "discounts",
  "charges",
  "prepaid_amount",
  "rounding_amount",
  "service_period",
  "delivery_date",
  "purchase_order",
  "buyer_reference",
  "payment_terms",
  "ignore_tax_exempt",
  "locale",
  "payee",
  ...KIND_FIELDS,
] as const;

/** The stored lines as priced lines, their tax terms as snapshotted. */
export function storedLines(items: readonly QuoteLine[], currency: string): PricedLine[] {
  return items.map((item) => ({
    productId: item.productId,
    description: item.description,
    quantity: BigInt(item.quantity),
    // Quote lines stored before units carry none: they were counted in C62.
    unitCode: item.unitCode ?? DEFAULT_UNIT_CODE,
    unitPriceMinor: BigInt(item.unitPriceMinor),
    discount: item.discount,
    tax: storedLineTax(item),
    taxFromDefault: item.taxFromDefault,
    ...storedLineExtras(
      {
        quantity: item.quantity,
        discountReason: item.discountReason ?? null,
        discountReasonCode: item.discountReasonCode ?? null,
        discounts: item.discounts ?? null,
        charges: item.charges ?? null,
        priceDetail: item.priceDetail ?? null,
        servicePeriodStart: item.servicePeriodStart ?? null,
        servicePeriodEnd: item.servicePeriodEnd ?? null,
        subLines: item.subLines ?? null,
      },
      currency,
    ),
  }));
}

export interface UpdatedInvoice {
  invoice: ReturnType<typeof serializeInvoice>;
  eventIds: string[];
}

/**
 * Draft: everything editable. Sent/overdue: only notes and the move to paid. Paid and void:
 * read-only. `status` moves only sent/overdue -> paid here (a payment of the amount due);
 * draft -> sent is POST /send. `keep`: the request's Idempotency-Key completes in the update's
 * batch (docs/idempotency.md).
 */
export async function updateInvoice(
  db: Db,
  organizationId: string,
  id: string,
  patch: InvoicePatch,
  keep: KeepAnswer<UpdatedInvoice> = noKeptAnswer,
): Promise<UpdatedInvoice> {
  return withRetry(() => updateOnce(db, organizationId, id, patch, keep));
}

async function updateOnce(
  db: Db,
  organizationId: string,
  id: string,
  patch: InvoicePatch,
  keep: KeepAnswer<UpdatedInvoice>,
): Promise<UpdatedInvoice> {
  const { invoice, items } = await loadInvoice(db, organizationId, id);
  const today = utcDate();
  const status = effectiveStatus(invoice, today);
  const { movesToPaid, contentChanges, editable } = refuseUnpatchable(invoice, status, patch, today);

  let next: Invoice = { ...invoice };
  let nextItems = items;
  let replaceItems = false;
  if (editable && contentChanges.length > 0) {
    ({ next, nextItems } = await repricedDraft(db, organizationId, invoice, items, patch));
    replaceItems = true;
  }
  if (patch.notes !== undefined && patch.notes !== invoice.notes && isIssued(invoice.status)) {
    // A sent invoice's notes may still change, for the integrator: its documents keep the notes
    // as issued, so its model is frozen (if it was not yet) before they change.
    await issuedDocumentOf(db, await getOrganization(db, organizationId), "invoice", id);
  }
  if (patch.notes !== undefined) next.notes = patch.notes;
  if (patch.metadata !== undefined) next.metadata = mergeMetadata(invoice.metadata, patch.metadata);
  const metadataChanged = JSON.stringify(next.metadata) !== JSON.stringify(invoice.metadata);

  const changed =
    replaceItems || contentChanges.length > 0 || next.notes !== invoice.notes || metadataChanged;
  if (!changed && !movesToPaid) {
    const [issue] = (await draftIssues(db, organizationId, [{ invoice, items }])).values();
    return { invoice: serializeInvoice(invoice, items, today, issue), eventIds: [] };
  }
  return commitUpdate(
    db,
    { organizationId, invoice, next, nextItems, replaceItems, metadataChanged, changed, movesToPaid, today },
    keep,
  );
}

/**
 * What a PATCH may not do in the invoice's status: change a paid or void invoice but for its
 * metadata, move it anywhere but to paid (and only when it may be paid), or change its content
 * once issued. Answers whether it moves to paid, which content fields it changes, and whether the
 * invoice is editable.
 */
function refuseUnpatchable(
  invoice: Invoice,
  status: ReturnType<typeof effectiveStatus>,
  patch: InvoicePatch,
  today: string,
) {
  // Metadata is the integrator's, not the invoice's content: it changes in every status.
  const onlyMetadata = Object.entries(patch).every(
    ([field, value]) => field === "metadata" || value === undefined,
  );
  if (isClosed(status) && !onlyMetadata)
    throw conflict(`invoice_${status}`, `A ${status} invoice is read-only`);

  const movesToPaid = patch.status !== undefined && patch.status !== status;
  const pays = patch.status === INVOICE_TRANSITIONS.pay.to && invoiceMay("pay", status);
  // A 381 or 389 is owed to the customer: moving it to paid would record a payment from them.
  if (pays) assertPayable(invoice, today);
  if (movesToPaid && !pays) {
    const endpoint = patch.status === undefined ? undefined : invoiceEndpointInto(patch.status);
    throw new ApiError("conflict", `An invoice cannot move from ${status} to ${patch.status} here`, {
      details: {
        reason: "invalid_transition",
        from: status,
        to: patch.status,
        ...(endpoint ? { hint: endpoint } : {}),
      },
    });
  }
  const contentChanges = CONTENT_FIELDS.filter((field) => patch[field] !== undefined);
  const editable = invoiceMay("edit", status);
  if (!editable && contentChanges.length > 0) {
    throw new ApiError(
      "conflict",
      `Only notes and the move to paid can change once an invoice is ${status}`,
      {
        details: { reason: "invoice_not_editable", status, fields: contentChanges },
      },
    );
  }
  return { movesToPaid, contentChanges, editable };
}

/**
 * A draft with the patch's content applied and priced again: its fields, kind and customer, its
 * lines (given, or the stored ones in a new currency or under a new default rate), discounts,
 * charges, prepaid and rounding amounts, and the totals of them all.
 */
async function repricedDraft(
  db: Db,
  organizationId: string,
  invoice: Invoice,
  items: readonly InvoiceItem[],
  patch: InvoicePatch,
): Promise<{ next: Invoice; nextItems: InvoiceItem[] }> {
  const { next, customer } = await patchedFields(db, organizationId, invoice, patch);
  const currency = next.currency;
  const source = await linesToPrice(db, organizationId, invoice, items, patch, currency);
  const rescaled = currency !== invoice.currency;
  const organization = await getOrganization(db, organizationId);
  const priced = await price(
    db,
    organizationId,
    currency,
    customer,
    source,
    {
      discountBodies: patch.discounts,
      storedDiscounts: rescaled
        ? rescaleDiscounts(invoice.discounts, invoice.currency, currency)
        : invoice.discounts,
      chargeBodies: patch.charges,
      storedCharges: rescaled ? rescaleCharges(invoice.charges, invoice.currency, currency) : invoice.charges,
      prepaidAmount: patch.prepaid_amount,
      storedPrepaidMinor: rescaled
        ? rescalePrepaid(invoice.prepaidMinor, invoice.currency, currency)
        : invoice.prepaidMinor,
      cashRoundingMinor: cashRoundingMinor(organization, currency),
      mayOweBack: mayOweBack(next.typeCode),
      mayTotalBelowZero: mayTotalBelowZero(next.typeCode),
      roundingAmount: patch.rounding_amount,
      // A rounding given with the new currency is parsed in it; the stored one is rescaled.
      storedRoundingMinor:
        rescaled && patch.rounding_amount === undefined
          ? rescaleStatedRounding(invoice.statedRoundingMinor, invoice.currency, currency)
          : invoice.statedRoundingMinor,
    },
    {
      defaultTaxRateId: next.defaultTaxRateId,
      ignoreTaxExempt: next.ignoreTaxExempt,
      // Lines re-priced for a new currency report a too-large figure on `currency`.
      overflowField: patch.items === undefined && currency !== invoice.currency ? "currency" : undefined,
      // A type change alone that the lines' total below zero does not allow names the type.
      belowZeroField: patch.items === undefined && patch.type_code !== undefined ? "type_code" : undefined,
    },
  );
  return {
    next: {
      ...next,
      discounts: priced.discounts,
      charges: priced.charges,
      ...totalsColumns(priced.totals),
      statedRoundingMinor: priced.statedRoundingMinor === null ? null : Number(priced.statedRoundingMinor),
    },
    nextItems: itemRows(organizationId, invoice.id, priced.lines, priced.totals),
  };
}

/**
 * The draft with the patch's own fields applied: its service period checked, its kind (when a kind
 * field or, with an accounting currency, the currency changes), its customer (a new one must
 * exist and not be archived), its currency and due date. 422 with every field problem at once.
 */
async function patchedFields(db: Db, organizationId: string, invoice: Invoice, patch: InvoicePatch) {
  const id = invoice.id;
  const errors: Record<string, string> = {};
  checkServicePeriod(patch.service_period, errors);
  const currency = patch.currency ?? invoice.currency;
  // The organization is read only when the kind may change (its accounting currency decides).
  const kindChanges =
    KIND_FIELDS.some((field) => patch[field] !== undefined) ||
    (currency !== invoice.currency && (invoice.taxCurrency !== null || invoice.exchangeRate !== null));
  const kind = kindChanges
    ? await kindColumns(db, await getOrganization(db, organizationId), id, invoice, patch, currency, errors)
    : {};
  if (Object.keys(errors).length > 0) throw validationError(errors);
  const customer =
    patch.customer_id !== undefined && patch.customer_id !== invoice.customerId
      ? await assertCustomer(db, organizationId, patch.customer_id)
      : await findCustomer(db, organizationId, invoice.customerId);
  if (!customer) throw new Error(`invoice ${id} refers to a missing customer`);
  let next: Invoice = { ...invoice, ...kind, ...fieldColumns(patch), customerId: customer.id, currency };
  if (patch.due_date !== undefined) next = { ...next, dueDate: patch.due_date, dueDateDefaulted: false };
  return { next, customer };
}

/**
 * The lines a patched draft is priced from: the items given, else the stored lines (rescaled to a
 * new currency), those that followed the old default rate following a new one.
 */
async function linesToPrice(
  db: Db,
  organizationId: string,
  invoice: Invoice,
  items: readonly InvoiceItem[],
  patch: InvoicePatch,
  currency: string,
): Promise<{ items: ItemInput[] } | { lines: PricedLine[] }> {
  if (patch.items !== undefined) return { items: patch.items };
  let lines =
    currency !== invoice.currency
      ? rescaleLines(items, invoice.currency, currency)
      : storedLines(items, invoice.currency);
  if (patch.default_tax_rate_id !== undefined && patch.default_tax_rate_id !== invoice.defaultTaxRateId) {
    // Lines that followed the old default follow the new one; lines that named a rate (or
    // `tax_rate_id: null`, no tax) keep theirs.
    const errors: Record<string, string> = {};
    const fresh = await resolveRate(
      db,
      organizationId,
      patch.default_tax_rate_id,
      "default_tax_rate_id",
      errors,
    );
    if (Object.keys(errors).length > 0) throw validationError(errors);
    lines = lines.map((line) => (line.taxFromDefault ? { ...line, tax: fresh } : line));
  }
  return { lines };
}

/**
 * Commits the patch in one batch under the invoice's version guard: the invoice's columns, its
 * lines replaced when repriced, its metadata, invoice.updated when anything changed, and the
 * payment of what is due when it moves to paid; with the kept answer.
 */
async function commitUpdate(
  db: Db,
  update: {
    organizationId: string;
    invoice: Invoice;
    next: Invoice;
    nextItems: readonly InvoiceItem[];
    replaceItems: boolean;
    metadataChanged: boolean;
    changed: boolean;
    movesToPaid: boolean;
    today: string;
  },
  keep: KeepAnswer<UpdatedInvoice>,
): Promise<UpdatedInvoice> {
  const { organizationId, invoice, nextItems, replaceItems, metadataChanged, changed, movesToPaid, today } =
    update;
  const id = invoice.id;
  const at = nowIso();
  const [issue] = (
    await draftIssues(db, organizationId, [{ invoice: update.next, items: nextItems }])
  ).values();

  const next = { ...update.next, version: invoice.version + 1, updatedAt: at };
  const statements: Statement[] = [
    versionGuard(db, invoices, id, invoice.version),
    db
      .update(invoices)
      .set({ ...next, id: undefined, organizationId: undefined, number: undefined, createdAt: undefined })
      .where(scoped(organizationId, id)),
    ...(replaceItems
      ? [db.delete(invoiceItems).where(eq(invoiceItems.invoiceId, id)), ...insertItems(db, nextItems)]
      : []),
    ...rewrittenMetadata(db, metadataOwner(organizationId, id), next.metadata, metadataChanged),
  ];
  const eventIds: string[] = [];
  if (changed) {
    const recorded = event(
      db,
      organizationId,
      "invoice.updated",
      serializeInvoice(next, nextItems, today, issue),
      at,
    );
    statements.push(...recorded.statements);
    eventIds.push(recorded.id);
  }
  let view = serializeInvoice(next, nextItems, today, issue);
  if (movesToPaid) {
    // The move to paid is a payment of whatever is due, recorded in the ledger.
    const plan = paymentStatements(
      db,
      { ...next, version: next.version },
      nextItems,
      { amountMinor: amountDueMinor(next), receivedAt: at, method: "other", reference: null },
      at,
    );
    statements.push(...plan.statements);
    eventIds.push(...plan.eventIds);
    view = plan.view;
  }
  const result = { invoice: view, eventIds };
  await commit(db, [...statements, ...keep(db, result)], id);
  return result;
}

/** sent/overdue -> paid: one payment of the amount due. */
export async function payInvoice(
  db: Db,
  organizationId: string,
  id: string,
  keep: KeepAnswer<UpdatedInvoice> = noKeptAnswer,
) {
  const { invoice } = await loadInvoice(db, organizationId, id);
  assertPayable(invoice);
  return updateInvoice(db, organizationId, id, { status: INVOICE_TRANSITIONS.pay.to }, keep);
}

/** Only drafts may be deleted; anything else is 409 `invoice_not_draft`. */
export async function deleteInvoice(db: Db, organizationId: string, id: string) {
  const { invoice, items } = await loadInvoice(db, organizationId, id);
  const status = effectiveStatus(invoice);
  if (!invoiceMay("delete", status)) {
    throw new ApiError("conflict", "Only draft invoices can be deleted", {
      details: { reason: "invoice_not_draft", status },
    });
  }
  const at = nowIso();
  const [issue] = (await draftIssues(db, organizationId, [{ invoice, items }])).values();
  const recorded = event(
    db,
    organizationId,
    "invoice.deleted",
    serializeInvoice(invoice, items, undefined, issue),
    at,
  );
  await commit(
    db,
    [
      versionGuard(db, invoices, id, invoice.version),
      db.delete(invoiceItems).where(eq(invoiceItems.invoiceId, id)),
      // A draft has no e-mails (the send claim moves it to sent with its row); rows from before that rule.
      db.delete(invoiceEmails).where(eq(invoiceEmails.invoiceId, id)),
      db.delete(invoices).where(scoped(organizationId, id)),
      clearMetadataEntries(db, metadataOwner(organizationId, id)),
      ...recorded.statements,
    ],
    id,
  );
  return { eventIds: [recorded.id] };
}
