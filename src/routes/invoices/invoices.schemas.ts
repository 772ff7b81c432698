// Request and response schemas of invoices and their e-mails.

import { z } from "@hono/zod-openapi";
import { ARCHIVE_KINDS } from "../../db/schema/archives";
import { PAYMENT_DISPUTE_STATUSES, PAYMENT_METHODS, PAYMENT_PROVIDERS } from "../../db/schema/billing";
import { CUSTOMER_EINVOICE_PROFILES } from "../../db/schema/customers";
import { EMAIL_KINDS } from "../../db/schema/emails";
import { LOCALES } from "../../db/schema/identity";
import { INVOICE_STATUSES } from "../../db/schema/invoices";
import { DELIVERY_CHANNELS, DELIVERY_STATUSES, MESSAGE_RESPONSE_CODES } from "../../db/schema/networks";
import { TAX_CATEGORIES } from "../../db/schema/tax-rates";
import {
  DocumentChargeSchema,
  DocumentDiscountSchema,
  InvoiceLineInputSchema,
  MAX_CHARGES,
  MAX_DISCOUNTS,
  MAX_ITEMS,
  ServicePeriodSchema,
} from "../../lib/document-input";
import { MetadataFilterParam, MetadataResponseSchema, MetadataSchema } from "../../lib/metadata";
import { CurrencySchema } from "../../lib/money";
import { OffsetMetaSchema, OffsetQuerySchema } from "../../lib/pagination";
import { checkTypedReference } from "../../lib/payment-reference";
import {
  BusinessDateSchema,
  DateSchema,
  IcdSchemeSchema,
  MultiLineText,
  PartyIdentifierResponseSchema,
  PartyIdentifierSchema,
  ReceivedAtSchema,
  SingleLineText,
} from "../../lib/schemas";
import { DEFAULT_TYPE_CODE, INVOICE_TYPE_CODES } from "../../lib/type-codes";
import { INVOICE_SORTS } from "../../services/invoices";
import { EmailMessageFields } from "./email-preview.schemas";

const IdRef = z.string().min(1).max(64);
const shortText = (max: number) => SingleLineText({ max });

/** One delivery of an invoice or credit note over a network (`deliveries`). */
export const DeliverySchema = z
  .object({
    id: z.string().openapi({ example: "dlv_0123456789abcdefghijklmn" }),
    channel: z.enum(DELIVERY_CHANNELS),
    status: z.enum(DELIVERY_STATUSES).openapi({
      description:
        "pending: not yet delivered (the provider could not be reached or answered 5xx; retried within " +
        "minutes, for a day); delivered: the access point took it; failed: final (send again to retry)",
    }),
    recipient: z
      .string()
      .openapi({ example: "0208:0403170701", description: "The participant id, scheme:id" }),
    provider_document_id: z.string().nullable(),
    error: z
      .object({
        code: z.string().openapi({
          description:
            "refused (the provider's validation, `rules` named), unreachable (the recipient), unauthorized " +
            "(the credentials), gave_up (no answer for a day), disconnected (the connection was removed), " +
            "invalid_document (its e-invoice could not be produced)",
        }),
        message: z.string(),
        rules: z.array(z.object({ rule: z.string(), message: z.string() })),
      })
      .nullable(),
    attempts: z.number().int(),
    response: z
      .object({ code: z.enum(MESSAGE_RESPONSE_CODES), received_at: z.string().nullable() })
      .nullable()
      .openapi({ description: "The recipient's Message Level Response, when one came back" }),
    created_at: z.string(),
    updated_at: z.string(),
  })
  .openapi("Delivery");

const DeliveriesSchema = z.array(DeliverySchema).openapi({
  description: "Its deliveries over e-invoice networks (Peppol), oldest first; empty when none",
});

/**
 * POST /v1/invoices/{id}/send and /v1/credit-notes/{id}/send: the optional body. Other keys are
 * ignored: a send took any JSON body before it had `channels`.
 */
export const SendDocumentSchema = z
  .object({
    channels: z
      .array(z.enum(DELIVERY_CHANNELS))
      .min(1)
      .refine((channels) => new Set(channels).size === channels.length, "A channel is named once")
      .optional()
      .openapi({
        description:
          "Where to send it. Without: over Peppol when the organization is connected " +
          "(PUT /v1/einvoice-networks/peppol) and the customer's electronic_address is a registered " +
          "participant, else by e-mail. `peppol` without a connection: 409 `peppol_not_connected`; " +
          "without an electronic address Peppol takes: 422 on `customer.electronic_address`.",
      }),
  })
  .openapi("SendDocument");

/** The most invoices one invoice cites (`preceding_invoices`). */
export const MAX_PRECEDING_INVOICES = 50;

export const PrecedingInvoiceSchema = z
  .strictObject({
    number: shortText(100),
    issue_date: DateSchema.nullable().optional(),
  })
  .openapi("PrecedingInvoice", {
    description: "An invoice issued elsewhere (not by this API) that this one cites (BT-25, BT-26)",
  });

export const ExchangeRateSchema = z
  .strictObject({
    rate: z.union([z.number(), z.string()]).openapi({
      description:
        "1 unit of the invoice currency in the tax currency (above 0, at most 10 decimals; number or decimal string)",
      example: 11.2345,
    }),
    date: DateSchema.openapi({ description: "The day the rate is of" }),
    source: shortText(200).openapi({ example: "ECB euro foreign exchange reference rate" }),
  })
  .openapi("ExchangeRate");

/** BG-10: the payee, when the payment goes to someone other than the seller. */
export const PayeeSchema = z
  .strictObject({
    name: shortText(200).openapi({ description: "BT-59 (BR-17)", example: "Factoring Bank AG" }),
    identifier: PartyIdentifierSchema.nullable()
      .optional()
      .openapi({ description: "BT-60 and its ICD scheme" }),
    company_id: shortText(100).nullable().optional().openapi({ description: "BT-61, legal registration" }),
    company_id_scheme: IcdSchemeSchema.nullable()
      .optional()
      .openapi({ description: "BT-61-1 (ISO 6523 ICD)" }),
  })
  .superRefine((payee, ctx) => {
    if (payee.company_id_scheme && !payee.company_id) {
      ctx.addIssue({
        code: "custom",
        path: ["company_id_scheme"],
        message: "A company_id_scheme needs a company_id (BT-61)",
      });
    }
  })
  .transform((payee) => ({
    name: payee.name,
    identifier: payee.identifier ?? null,
    company_id: payee.company_id ?? null,
    company_id_scheme: payee.company_id_scheme ?? null,
  }))
  .openapi("Payee", {
    description:
      "Who receives the payment (BG-10) when it is not the seller, e.g. a factoring company; stated on " +
      "the e-invoices, the PDF and the hosted page. null: the seller",
  });

/** The EN 16931 fields an invoice body may carry, beyond the interface document's. */
const invoiceFields = {
  default_tax_rate_id: IdRef.nullable().optional().openapi({
    description: "Tax rate of lines without their own tax_rate_id",
  }),
  discounts: z.array(DocumentDiscountSchema).max(MAX_DISCOUNTS).optional(),
  charges: z.array(DocumentChargeSchema).max(MAX_CHARGES).optional(),
  prepaid_amount: z
    .number()
    .min(0, { message: "Must be greater than or equal to 0" })
    .optional()
    .openapi({
      description:
        "Paid before the invoice was issued (BT-113), major units: the amount due is the total less it. " +
        "Above the total (not on a 381 or 389) the invoice owes the difference back: the amount due is below 0",
    }),
  rounding_amount: z
    .number()
    .nullable()
    .optional()
    .openapi({
      description:
        "The rounding amount (BT-114) the invoice states, major units, either sign, below one major unit " +
        "(-0.99..0.99 EUR; a currency without minor units: -9..9): the total is tax_exclusive_total + " +
        "tax_total + it, instead of the organization's cash_rounding (and the cent tax-inclusive prices " +
        "may leave). null or absent: the organization's cash_rounding applies. Answered back as given",
      example: 0.01,
    }),
  service_period: ServicePeriodSchema.nullable().optional(),
  delivery_date: BusinessDateSchema.nullable().optional(),
  purchase_order: shortText(100).nullable().optional(),
  buyer_reference: shortText(200).nullable().optional().openapi({
    description: "Default: the customer's buyer_reference (e.g. a Leitweg-ID)",
  }),
  payment_terms: shortText(500).nullable().optional(),
  payee: PayeeSchema.nullable().optional(),
  ignore_tax_exempt: z.boolean().optional().openapi({
    description: "Allow standard-rated lines although the customer is reverse charge or exempt",
  }),
  locale: z
    .enum(LOCALES)
    .nullable()
    .optional()
    .openapi({
      description:
        "The language of this invoice (PDF, e-invoice texts, hosted page, e-mails). null (default): the " +
        "customer's `locale`, else the organization's; fixed when the invoice is sent",
      example: "fr",
    }),
  type_code: z
    .enum(INVOICE_TYPE_CODES)
    .optional()
    .openapi({
      description:
        "UNCL 1001 document type (BT-3). `380` commercial invoice (default); `384` corrected invoice: " +
        "cites the invoice it corrects (preceding_invoice_id or preceding_invoice, required); `326` " +
        "partial invoice; `875` partial construction invoice, `876` partial final construction invoice, " +
        "`877` final construction invoice (German construction billing, VOB/B: Abschlags-, Teilschluss-, " +
        "Schlussrechnung; XRechnung BR-DE-17 and Peppol BIS allow them); `387` hire invoice, `575` insurer's " +
        "invoice, `204` payment valuation (EN 16931 takes them, XRechnung does not; Peppol takes 575 only); `389` self-billed invoice: issued by the buyer on the seller's behalf (the " +
        "documents say so; Peppol BIS Billing has no self-billing: its UBL needs profile=en16931 or " +
        "xrechnung); `381` credit note of an invoice issued elsewhere (the e-invoice is a CreditNote, " +
        "amounts positive; a credit note of an invoice issued here is POST /v1/credit-notes)",
      example: DEFAULT_TYPE_CODE,
    }),
  preceding_invoice_id: IdRef.nullable().optional().openapi({
    description:
      "An issued invoice of this organization that this one cites (BT-25, BT-26: its number and issue date)",
  }),
  preceding_invoice: PrecedingInvoiceSchema.nullable().optional(),
  preceding_invoices: z
    .array(PrecedingInvoiceSchema)
    .min(1)
    .max(MAX_PRECEDING_INVOICES)
    .nullable()
    .optional()
    .openapi({
      description:
        "Several invoices issued elsewhere that this one cites (BG-3 is 0..n: e.g. a final construction " +
        "invoice 877 citing the partial ones), in order; instead of preceding_invoice_id / preceding_invoice " +
        "(both: 422). null removes the citations",
    }),
  tax_currency: CurrencySchema.nullable()
    .optional()
    .openapi({
      description:
        "The VAT accounting currency (BT-6) when it is not the invoice's; default: the organization's " +
        "`accounting_currency` when the invoice is in another. Needs exchange_rate",
      example: "EUR",
    }),
  exchange_rate: ExchangeRateSchema.nullable()
    .optional()
    .openapi({ description: "The rate the VAT total is converted into the tax currency at (BT-111)" }),
};

const NotesSchema = MultiLineText({ max: 5000 }).nullable();

export const CreateInvoiceSchema = z
  .strictObject({
    customer_id: IdRef,
    items: z.array(InvoiceLineInputSchema).min(1, { message: "At least one item" }).max(MAX_ITEMS),
    due_date: BusinessDateSchema.optional().openapi({
      description: "Default: the issue date + the organization's payment_terms_days (fixed at send)",
    }),
    notes: NotesSchema.optional(),
    currency: CurrencySchema.optional().openapi({ description: "Default: the organization's currency" }),
    ...invoiceFields,
    metadata: MetadataSchema.optional(),
  })
  .openapi("CreateInvoice");

export const UpdateInvoiceSchema = z
  .strictObject({
    customer_id: IdRef.optional(),
    items: z.array(InvoiceLineInputSchema).min(1, { message: "At least one item" }).max(MAX_ITEMS).optional(),
    due_date: BusinessDateSchema.optional(),
    notes: NotesSchema.optional(),
    currency: CurrencySchema.optional(),
    status: z.enum(INVOICE_STATUSES).optional().openapi({
      description: "Only `paid` from sent or overdue (a payment of the amount due); other moves answer 409",
    }),
    ...invoiceFields,
    metadata: MetadataSchema.nullable()
      .optional()
      .openapi({ description: "Editable in every status, paid and void included (merged; see Customer)" }),
  })
  .openapi("UpdateInvoice");

const DiscountViewSchema = z.object({ amount: z.number().optional(), percentage: z.number().optional() });

/** A line allowance or charge as given (`base` names its base amount's business term). */
const lineAdjustmentView = (base: string) =>
  z.object({
    description: z.string().nullable(),
    reason_code: z.string().nullable(),
    amount: z.number().optional(),
    percentage: z.number().optional(),
    base_amount: z
      .number()
      .optional()
      .openapi({ description: `${base}, when given` }),
  });

/** A document-level discount or charge as given: invoices and quotes answer the same. */
export const DocumentAdjustmentViewSchema = z.object({
  description: z.string().nullable(),
  amount: z.number().optional(),
  percentage: z.number().optional(),
  reason_code: z.string().nullable(),
  tax_rate_id: z.string().nullable(),
  base_amount: z.number().optional(),
});

const ItemDiscountViewSchema = DiscountViewSchema.extend({
  description: z.string().optional(),
  reason_code: z.string().optional(),
  base_amount: z.number().optional().openapi({ description: "BT-137, when given" }),
});

export const TaxBreakdownSchema = z
  .object({
    tax_rate_id: z.string().nullable(),
    category: z.enum(TAX_CATEGORIES).nullable().openapi({ description: "null: lines without a tax rate" }),
    percentage: z.number(),
    taxable_amount: z.number(),
    tax_amount: z.number(),
    exemption_reason: z.string().nullable(),
    exemption_reason_code: z.string().nullable(),
  })
  .openapi("TaxBreakdown");

/** A postal address as a document states it: every part may be absent. */
export const AddressViewSchema = z.object({
  line1: z.string().nullable().optional(),
  line2: z.string().nullable().optional(),
  city: z.string().nullable().optional(),
  postal_code: z.string().nullable().optional(),
  region: z.string().nullable().optional(),
  country: z.string().nullable().optional(),
});

export const PartySchema = z
  .object({
    name: z.string(),
    address: AddressViewSchema.nullable().optional(),
    vat_id: z.string().nullable().optional(),
  })
  .catchall(z.unknown())
  .openapi("Party", { description: "The seller or buyer as stated on the invoice (frozen at send)" });

const subItemViewFields = {
  description: z.string(),
  quantity: z.number(),
  unit_code: z.string(),
  unit_price: z.number(),
  base_quantity: z.number(),
  amount: z.number().openapi({ description: "Its net amount (BT-131)" }),
};
const SubItem3Schema = z.object(subItemViewFields).openapi("InvoiceSubItem3");
const SubItem2Schema = z
  .object({ ...subItemViewFields, sub_items: z.array(SubItem3Schema).optional() })
  .openapi("InvoiceSubItem2");
const SubItemSchema = z
  .object({ ...subItemViewFields, sub_items: z.array(SubItem2Schema).optional() })
  .openapi("InvoiceSubItem", { description: "A sub-invoice line (BG-DEX-01); sub_items absent: none" });

export const InvoiceItemSchema = z
  .object({
    id: z.string(),
    product_id: z.string().nullable(),
    description: z.string(),
    quantity: z.number(),
    unit_code: z.string().openapi({ example: "C62", description: "UN/ECE Recommendation 20 unit code" }),
    unit_price: z.number(),
    amount: z.number().openapi({
      description:
        "quantity x unit_price / base_quantity, rounded half-up to the minor unit; or the amount the item stated",
    }),
    tax_rate_id: z.string().nullable(),
    discount: ItemDiscountViewSchema.nullable(),
    discount_amount: z.number().openapi({ description: "The line's discount, or the sum of its discounts" }),
    discounts: z
      .array(lineAdjustmentView("BT-137").extend({ discount_amount: z.number() }))
      .optional()
      .openapi({
        description: "The line's several discounts (BG-27 each); absent: none, or its one discount",
      }),
    net_amount: z.number().openapi({
      description: "amount - discount_amount + charge amounts (gross for an inclusive rate)",
    }),
    gross_price: z.number().optional().openapi({ description: "BT-148; absent: none given" }),
    price_discount: z.number().optional().openapi({ description: "BT-147, with gross_price" }),
    base_quantity: z
      .number()
      .optional()
      .openapi({ description: "BT-149, with a price stated for another quantity than 1" }),
    charges: z
      .array(lineAdjustmentView("BT-142").extend({ charge_amount: z.number() }))
      .optional()
      .openapi({ description: "Line charges (BG-28); absent: none" }),
    service_period: z
      .object({ start: z.string(), end: z.string() })
      .optional()
      .openapi({ description: "The line's own period (BG-26); absent: none" }),
    sub_items: z
      .array(SubItemSchema)
      .optional()
      .openapi({ description: "The sub-invoice lines the line groups (BG-DEX-01); absent: none" }),
  })
  .openapi("InvoiceItem");

/** One syntax's readiness: whether GET /einvoice?syntax= produces it, and the fields it lacks. */
const syntaxReadiness = (description: string) =>
  z
    .object({
      ready: z.boolean(),
      missing: z.array(z.string()).openapi({ example: ["customer.electronic_address"] }),
    })
    .openapi({ description });

export const InvoiceSchema = z
  .object({
    id: z.string().openapi({ example: "inv_0123456789abcdefghijklmn" }),
    number: z.string().nullable().openapi({
      example: "INV-000001",
      description: "null on a draft of an organization with invoice_numbering on_send (numbered at send)",
    }),
    customer_id: z.string(),
    status: z.enum(INVOICE_STATUSES),
    metadata: MetadataResponseSchema,
    total: z.number().openapi({ example: 59.97 }),
    currency: z.string().openapi({ example: "USD" }),
    due_date: z.string(),
    notes: z.string().nullable(),
    items: z.array(InvoiceItemSchema),
    sent_at: z.string().nullable(),
    paid_at: z.string().nullable(),
    created_at: z.string(),
    updated_at: z.string(),
    issue_date: z.string().nullable().openapi({ description: "The day it was sent (UTC); null on drafts" }),
    voided_at: z.string().nullable(),
    default_tax_rate_id: z.string().nullable(),
    ignore_tax_exempt: z.boolean(),
    discounts: z.array(DocumentAdjustmentViewSchema),
    charges: z.array(DocumentAdjustmentViewSchema),
    service_period: z.object({ start: z.string(), end: z.string() }).nullable(),
    delivery_date: z.string().nullable(),
    purchase_order: z.string().nullable(),
    buyer_reference: z.string().nullable(),
    payment_terms: z.string().nullable(),
    payee: z
      .object({
        name: z.string(),
        identifier: PartyIdentifierResponseSchema,
        company_id: z.string().nullable(),
        company_id_scheme: z.string().nullable(),
      })
      .nullable()
      .openapi({
        description: "BG-10: who receives the payment when it is not the seller; null: the seller",
      }),
    locale: z
      .enum(LOCALES)
      .nullable()
      .openapi({
        description:
          "The invoice's language. A draft: the one set on it, or null (the customer's, else the " +
          "organization's, applies at send); a sent invoice: the language it was issued in",
      }),
    subtotal: z.number().openapi({ description: "Sum of line net amounts without VAT" }),
    discount_total: z.number(),
    charge_total: z.number().openapi({ description: "Document-level charges without VAT (BT-108)" }),
    tax_exclusive_total: z.number().openapi({ description: "subtotal - discount_total + charge_total" }),
    tax_total: z.number(),
    rounding_amount: z.number().openapi({
      description:
        "BT-114: the cent tax-inclusive prices may leave, plus the organization's cash rounding of the amount " +
        "due; or the rounding_amount the invoice states",
    }),
    prepaid_amount: z.number().openapi({ description: "Paid before issue (BT-113)" }),
    split_payment_amount: z
      .number()
      .optional()
      .openapi({
        description:
          "Read-only, present only on an invoice with split-payment lines (VAT category B): their VAT, which " +
          "the buyer (an Italian public body) pays to the state itself, so the invoice does not ask for it. " +
          "The e-invoices state it in the prepaid amount BT-113 together with prepaid_amount",
      }),
    amount_paid: z.number(),
    amount_credited: z.number(),
    amount_due: z.number().openapi({
      description:
        "total - prepaid_amount - split_payment_amount - amount_paid - amount_credited (with split payment: " +
        "plus the split_payment_amount of the invoice's credit notes, which the buyer owed the state); below 0 " +
        "a credit the customer has (an overpayment, or what an invoice whose prepaid_amount is above its total " +
        "owes back)",
    }),
    payment_reference: z
      .string()
      .nullable()
      .openapi({
        description:
          "Read-only. The reference the payer quotes with a transfer (BT-83; in the EPC QR code, on the " +
          "PDF and the hosted page; bank statement imports match it): the invoice number in the " +
          "organization's `payment_reference_format` as it was when the invoice was issued (RF " +
          "creditor reference `RF18INV000123`, the number, or `+++000/0000/12395+++`). null on drafts",
        example: "RF18INV000123",
      }),
    tax_breakdown: z.array(TaxBreakdownSchema),
    seller: PartySchema.nullable(),
    buyer: PartySchema.nullable(),
    hosted_url: z.string().nullable().openapi({
      description:
        "The customer's page of the invoice (GET /i/{token}, no login); null on drafts and in event payloads",
    }),
    viewed_at: z.string().nullable().openapi({ description: "When the hosted page was first opened" }),
    recurring_invoice_id: z
      .string()
      .nullable()
      .openapi({ description: "The recurring invoice that generated it (GET /v1/recurring-invoices/{id})" }),
    type_code: z.enum(INVOICE_TYPE_CODES).openapi({ description: "UNCL 1001 document type (BT-3)" }),
    preceding_invoice_id: z.string().nullable(),
    preceding_invoice: z
      .object({ number: z.string(), issue_date: z.string().nullable() })
      .nullable()
      .openapi({
        description:
          "The invoice this one cites (BT-25, BT-26), issued here or elsewhere; with several, the first",
      }),
    preceding_invoices: z
      .array(z.object({ number: z.string(), issue_date: z.string().nullable() }))
      .optional()
      .openapi({ description: "Every invoice cited, in order, when they were given as preceding_invoices" }),
    tax_currency: z
      .string()
      .nullable()
      .openapi({
        description:
          "The VAT accounting currency (BT-6): as given, else (a draft) the organization's accounting_currency " +
          "when the invoice is in another; fixed at send",
      }),
    exchange_rate: z.object({ rate: z.number(), date: z.string(), source: z.string() }).nullable(),
    tax_total_in_tax_currency: z.number().nullable().openapi({
      description:
        "Read-only. tax_total converted at exchange_rate, rounded half-up once to the tax currency's minor units (BT-111)",
    }),
    einvoice: z
      .object({
        ready: z.boolean().openapi({ description: "Both the UBL and the CII can be produced" }),
        missing: z.array(z.string()).openapi({
          description: "The fields either syntax lacks",
          example: ["organization.vat_id", "customer.vat_id"],
        }),
        syntaxes: z
          .object({
            ubl: syntaxReadiness(
              "The UBL (Peppol BIS Billing 3.0, GET /einvoice?syntax=ubl and the `ubl` e-mail attachment): " +
                "it also needs both parties' `electronic_address` with a scheme Peppol accepts. For a " +
                "customer with `einvoice_profile` `xrechnung`: the XRechnung UBL and its BR-DE rules",
            ),
            cii: syntaxReadiness(
              "The CII (EN 16931, GET /einvoice?syntax=cii, the Factur-X PDF and the `facturx` e-mail " +
                "attachment): an `electronic_address` is optional, any scheme of the EAS code list. For a " +
                "customer with `einvoice_profile` `xrechnung`: the XRechnung CII and its BR-DE rules",
            ),
          })
          .openapi({ description: "Each syntax on its own, held to the rules its document declares" }),
      })
      .openapi({
        description:
          "Whether GET /einvoice can produce the EN 16931 XML in both syntaxes, and the fields it lacks " +
          "(`syntaxes` tells them apart); ready exactly when missing is empty. Issued: from the invoice's " +
          "seller and buyer snapshots (exactly what GET /einvoice checks). Draft: the invoice as sending it " +
          "now would issue it (dated today, numbered, the organization and customer as they are), and what " +
          "send itself refuses; ready: it sends, and its e-invoice can be produced once it is sent (GET " +
          "/einvoice answers 409 until then).",
      }),
    deliveries: DeliveriesSchema,
  })
  .openapi("Invoice");

/** GET /v1/invoices/{id}/einvoice and /v1/credit-notes/{id}/einvoice. */
export const EInvoiceQuerySchema = z.object({
  syntax: z.enum(["ubl", "cii"]).default("ubl").openapi({
    description: "`ubl`: UBL 2.1 (Peppol BIS Billing 3.0); `cii`: UN/CEFACT CII D16B (EN 16931)",
  }),
});

/** The e-invoice download: a syntax and the profile it declares and is held to. */
export const EInvoiceDownloadQuerySchema = EInvoiceQuerySchema.extend({
  profile: z
    .enum(CUSTOMER_EINVOICE_PROFILES)
    .optional()
    .openapi({
      description:
        "The rule set the XML declares and is held to: `peppol` (Peppol BIS Billing 3.0, UBL only: a CII " +
        "answers 422), `en16931` (EN 16931 alone: no Peppol endpoint, buyer reference or national rules; " +
        "the UBL declares CustomizationID urn:cen.eu:en16931:2017 and no ProfileID), `xrechnung` " +
        "(XRechnung 3.0, UBL and CII: urn:cen.eu:en16931:2017#compliant#urn:xeinkauf.de:kosit:xrechnung_3.0, " +
        "held to the BR-DE rules: buyer reference, seller contact, both electronic addresses, ...). Absent: " +
        "the customer's `einvoice_profile`, else the profile the document was sent in (XRechnung when its " +
        "customer took it then, else UBL Peppol BIS and CII EN 16931), the files archived at send. Another " +
        "profile is rendered from the document as issued",
    }),
});

/** GET /v1/invoices/{id}/pdf and /v1/credit-notes/{id}/pdf. */
export const PdfQuerySchema = z.object({
  format: z
    .enum(["pdf", "facturx"])
    .default("pdf")
    .openapi({
      description:
        "`pdf`: the printable document; `facturx`: the same document as PDF/A-3b with its CII XML " +
        "embedded as `factur-x.xml` (Factur-X / ZUGFeRD, profile EN 16931). Factur-X has the " +
        "e-invoice's conditions: 409 for a draft, 422 naming what EN 16931 lacks.",
    }),
});

export const einvoiceResponse = {
  description: "The e-invoice XML (EN 16931)",
  headers: {
    "Content-Disposition": {
      schema: { type: "string" as const, example: 'attachment; filename="INV-000001.xml"' },
    },
  },
  content: { "application/xml": { schema: z.string() } },
};

/** A timestamp bound: a date (midnight UTC) or an ISO 8601 date-time, compared as stored (UTC). */
const TimestampParam = z
  .union([DateSchema, z.iso.datetime({ offset: true })])
  .transform((value) => (value.length === 10 ? value : new Date(value).toISOString()));

const queryParam = <T extends z.ZodType>(schema: T, name: string, description: string) =>
  schema.optional().openapi({ param: { name, in: "query" }, description });

export const InvoiceListQuerySchema = OffsetQuerySchema.extend({
  status: z
    .enum(INVOICE_STATUSES)
    .optional()
    .openapi({ param: { name: "status", in: "query" } }),
  customer_id: IdRef.optional().openapi({ param: { name: "customer_id", in: "query" } }),
  metadata: MetadataFilterParam,
  created_gte: queryParam(TimestampParam, "created_gte", "Created at or after (date or date-time)"),
  created_lt: queryParam(TimestampParam, "created_lt", "Created before (date or date-time)"),
  due_date_gte: queryParam(DateSchema, "due_date_gte", "Due on or after"),
  due_date_lt: queryParam(DateSchema, "due_date_lt", "Due before"),
  issue_date_gte: queryParam(DateSchema, "issue_date_gte", "Issued (sent) on or after; drafts have none"),
  issue_date_lt: queryParam(DateSchema, "issue_date_lt", "Issued (sent) before; drafts have none"),
  number: queryParam(z.string().min(1).max(64), "number", "Exactly this invoice number"),
  sort: queryParam(
    z.enum(INVOICE_SORTS),
    "sort",
    "created_at, due_date or total; a leading - sorts descending. Default -created_at (newest first). " +
      "Ties are broken by id. total sorts by the amount in minor units, whatever the currency. " +
      "When given, meta carries next_cursor",
  ),
  cursor: queryParam(
    z.string().min(1).max(512),
    "cursor",
    "meta.next_cursor of the previous page (keyset paging, same sort; not with offset)",
  ),
  recurring_invoice_id: IdRef.optional().openapi({ param: { name: "recurring_invoice_id", in: "query" } }),
});

export const InvoiceListSchema = z
  .object({
    data: z.array(InvoiceSchema),
    meta: OffsetMetaSchema.extend({
      next_cursor: z.string().nullable().optional().openapi({
        description: "With sort or cursor: the cursor of the next page, null on the last page",
      }),
    }),
  })
  .openapi("InvoiceList");

export const InvoiceEmailSchema = z
  .object({
    id: z.string(),
    invoice_id: z.string(),
    kind: z.enum(EMAIL_KINDS),
    ...EmailMessageFields,
    attachment: z
      .enum(ARCHIVE_KINDS)
      .nullable()
      .openapi({
        description:
          "The archived document attached (the organization's `email_attachment`, or `pdf` when that " +
          "could not be produced); the row keeps this reference, the bytes are read from the archive " +
          "at delivery. null: none",
      }),
    einvoice_attachment: z
      .enum(ARCHIVE_KINDS)
      .nullable()
      .openapi({
        description:
          "The e-invoice attached besides it, as the customer's `einvoice_attachment` asks: `ubl` or " +
          "`cii` (for `xml`) or `facturx`, from the archive as sent. null: none (not asked for, not " +
          "ready, or already the `attachment`)",
      }),
    reminder_step: z.number().nullable().openapi({
      description:
        "A scheduled reminder: the step's offset_days (days from the due date); null for every other e-mail",
    }),
    created_at: z.string(),
  })
  .openapi("InvoiceEmail");

export const InvoiceEmailListSchema = z
  .object({ data: z.array(InvoiceEmailSchema), meta: OffsetMetaSchema })
  .openapi("InvoiceEmailList");

export const CreatePaymentSchema = z
  .strictObject({
    amount: z.number().gt(0, { message: "Must be greater than 0" }).openapi({ example: 50 }),
    received_at: ReceivedAtSchema.optional().openapi({ description: "Default: now" }),
    method: z.enum(PAYMENT_METHODS).optional().openapi({ description: "Default: other" }),
    reference: shortText(200)
      .superRefine((text, ctx) => {
        const checked = checkTypedReference(text);
        if (!checked.ok) ctx.addIssue({ code: "custom", message: checked.message });
      })
      .nullable()
      .optional()
      .openapi({
        description:
          "Free text; one that claims to be an RF creditor reference (RF + 2 digits + letters and " +
          "digits) or a Belgian structured communication (+++123/4567/89002+++) must carry valid check " +
          "digits (422 otherwise)",
      }),
  })
  .openapi("CreatePayment");

export const PaymentSchema = z
  .object({
    id: z.string().openapi({ example: "pay_0123456789abcdefghijklmn" }),
    invoice_id: z.string(),
    amount: z.number(),
    currency: z.string(),
    received_at: z.string(),
    method: z.enum(PAYMENT_METHODS),
    reference: z.string().nullable(),
    created_at: z.string(),
    reversed_at: z.string().nullable().openapi({ description: "Set when the payment was reversed (DELETE)" }),
    bank_transaction_id: z.string().nullable().openapi({
      description: "The bank statement entry it was matched from (GET /v1/bank-transactions); null otherwise",
    }),
    provider: z.enum(PAYMENT_PROVIDERS).nullable().openapi({
      description:
        "Read-only: the payment provider that took the money (hosted page's Pay now); null when posted by hand",
    }),
    provider_payment_id: z
      .string()
      .nullable()
      .openapi({ description: "Read-only: the provider's payment id (Stripe: the payment intent `pi_...`)" }),
    fee: z.number().nullable().openapi({
      description: "Read-only: the provider's fee in the invoice's currency, when the provider reported it",
    }),
    amount_refunded: z.number().openapi({
      description:
        "Read-only: what the provider paid back of this payment (all its refunds together); the invoice " +
        "counts `amount - amount_refunded` as paid. 0 for payments posted by hand",
    }),
    dispute_status: z
      .enum(PAYMENT_DISPUTE_STATUSES)
      .nullable()
      .openapi({
        description:
          "Read-only: a provider dispute of the payment: `withdrawn` (the money taken back, the payment " +
          "reversed) or `reinstated` (the dispute won, the payment counted again); null when none",
      }),
  })
  .openapi("Payment");

export const PaymentListSchema = z
  .object({ data: z.array(PaymentSchema), meta: OffsetMetaSchema })
  .openapi("PaymentList");

export const VoidInvoiceSchema = z.strictObject({ reason: shortText(500).optional() }).openapi("VoidInvoice");

export const CreateCreditNoteSchema = z
  .strictObject({
    invoice_id: IdRef,
    reason: shortText(500),
    lines: z
      .array(
        z.strictObject({
          invoice_item_id: IdRef,
          quantity: z.number().gt(0, { message: "Must be greater than 0" }).optional(),
          amount: z.number().gt(0, { message: "Must be greater than 0" }).optional(),
        }),
      )
      .min(1)
      .max(MAX_ITEMS)
      .optional()
      .openapi({ description: "Invoice lines to credit, each by quantity or by amount (after discounts)" }),
    amount: z.number().gt(0, { message: "Must be greater than 0" }).optional().openapi({
      description: "Or a single amount, tax included, spread over the invoice's VAT rates",
    }),
    refund_method: z.enum(PAYMENT_METHODS).nullable().optional(),
    refund_reference: shortText(200).nullable().optional(),
    locale: z
      .enum(LOCALES)
      .nullable()
      .optional()
      .openapi({ description: "The note's language; default: the language of the invoice it corrects" }),
    metadata: MetadataSchema.optional(),
  })
  .refine((body) => (body.lines === undefined) !== (body.amount === undefined), {
    message: "Give exactly one of lines or amount",
    path: ["amount"],
  })
  .openapi("CreateCreditNote");

export const CreditNoteSchema = z
  .object({
    id: z.string().openapi({ example: "cn_0123456789abcdefghijklmn" }),
    number: z.string().openapi({ example: "CN-000001" }),
    invoice_id: z.string(),
    customer_id: z.string(),
    reason: z.string(),
    currency: z.string(),
    locale: z.enum(LOCALES).nullable().openapi({
      description: "The language it was issued in; null on notes issued before languages were stored",
    }),
    issue_date: z.string(),
    items: z.array(
      z.object({
        id: z.string(),
        invoice_item_id: z.string().nullable(),
        description: z.string(),
        quantity: z.number(),
        unit_code: z.string(),
        unit_price: z.number(),
        amount: z.number(),
        net_amount: z.number(),
        tax_rate_id: z.string().nullable(),
      }),
    ),
    subtotal: z.number(),
    discount_total: z.number(),
    tax_exclusive_total: z.number(),
    tax_total: z.number(),
    rounding_amount: z.number(),
    total: z.number(),
    tax_breakdown: z.array(TaxBreakdownSchema),
    split_payment_amount: z
      .number()
      .optional()
      .openapi({
        description:
          "Read-only, present only on a note of split-payment lines (VAT category B): their VAT, which the " +
          "buyer owed the state, not the seller, so the note takes only the rest off the invoice's amount_due " +
          "and refunds nothing of it",
      }),
    refund_amount: z.number().openapi({
      description: "Paid back: the part of the total (less split_payment_amount) beyond what was due",
    }),
    refund_method: z.string().nullable(),
    refund_reference: z.string().nullable(),
    voids_invoice: z.boolean(),
    metadata: MetadataResponseSchema,
    seller: PartySchema.nullable(),
    buyer: PartySchema.nullable(),
    created_at: z.string(),
    deliveries: DeliveriesSchema,
  })
  .openapi("CreditNote");

export const CreditNoteListSchema = z
  .object({ data: z.array(CreditNoteSchema), meta: OffsetMetaSchema })
  .openapi("CreditNoteList");

export const CreditNoteListQuerySchema = OffsetQuerySchema.extend({
  invoice_id: IdRef.optional().openapi({ param: { name: "invoice_id", in: "query" } }),
  customer_id: IdRef.optional().openapi({ param: { name: "customer_id", in: "query" } }),
  metadata: MetadataFilterParam,
});

export const HostedLinkSchema = z
  .object({
    url: z
      .string()
      .openapi({ example: "https://billing.example.com/i/3q2-7wABAgMEBQYHCAkKCwwNDg8QERITFBUWFxgZGhs" }),
    token: z.string(),
    created_at: z.string(),
  })
  .openapi("HostedLink");
