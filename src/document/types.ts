// The domain's words that a document is written in and the database stores: locales, addresses,
// the parties as snapshotted at issue, VAT categories, payment methods, reminder tones, the
// printable logo. Declared here, below src/db/schema/ and src/render/, so both read one list.
import type { PaymentReferenceFormat } from "../lib/payment-reference";

/** A postal address as the API shows it (snake_case); every part but country may be absent. */
export interface PostalAddress {
  line1?: string | null;
  line2?: string | null;
  city?: string | null;
  postal_code?: string | null;
  region?: string | null;
  country?: string | null;
}

/** An electronic address (EN 16931 BT-34/BT-49): an ISO 6523 / EAS scheme and the id in it. */
export interface ElectronicAddress {
  scheme: string;
  id: string;
}

/**
 * A party identifier (EN 16931 BT-29 seller, BT-46 buyer, BT-60 payee): the id and its ISO 6523
 * ICD scheme (src/lib/icd.ts); null: the identifier is stated without a scheme.
 */
export interface PartyIdentifier {
  scheme: string | null;
  id: string;
}

/** The seller's tax representative (EN 16931 BG-11): name BT-62, VAT id BT-63, address BG-12. */
export interface TaxRepresentative {
  name: string;
  vat_id: string;
  address: PostalAddress;
}

/** What the invoice e-mail attaches (GET|PATCH /v1/organization `email_attachment`). */
export const EMAIL_ATTACHMENTS = ["pdf", "facturx", "ubl", "none"] as const;
export type EmailAttachment = (typeof EMAIL_ATTACHMENTS)[number];

export const LOCALES = ["en", "de", "fr", "es", "it", "nl", "pl"] as const;
export type Locale = (typeof LOCALES)[number];

/**
 * The seller's legal identity and invoicing defaults (GET/PATCH /v1/organization), stored as one
 * JSON value: it is read whole, never filtered on, and snapshotted whole onto each sent invoice.
 */
export interface BillingProfile {
  legal_name?: string | null;
  trading_name?: string | null;
  address?: PostalAddress | null;
  vat_id?: string | null;
  tax_registration_id?: string | null;
  company_id?: string | null;
  /** The ISO 6523 ICD scheme of `company_id` (BT-30-1); absent: none stated. */
  company_id_scheme?: string | null;
  /** BT-29: the seller's identifier; absent: none. */
  seller_identifier?: PartyIdentifier | null;
  /** BT-29 again (0..n): the seller's further identifiers, stated after seller_identifier; absent: none. */
  additional_seller_identifiers?: PartyIdentifier[] | null;
  /** BG-11: the seller's tax representative; absent: none. */
  tax_representative?: TaxRepresentative | null;
  email?: string | null;
  phone?: string | null;
  iban?: string | null;
  bic?: string | null;
  account_holder?: string | null;
  payment_terms_days?: number | null;
  invoice_footer?: string | null;
  locale?: Locale | null;
  electronic_address?: ElectronicAddress | null;
  /** An e-mail setting, not part of the seller: never snapshotted onto invoices. */
  email_attachment?: EmailAttachment | null;
  /** `#RRGGBB`, readable on white (src/lib/brand-color.ts); a setting, never snapshotted. */
  brand_color?: string | null;
  /** Payment reminders relative to the due date (a setting, never snapshotted). */
  reminder_schedule?: ReminderStep[] | null;
  /** The format of new invoices' payment references (a setting, never snapshotted; default rf). */
  payment_reference_format?: PaymentReferenceFormat | null;
  /**
   * Cash rounding of the amount due (BT-114), the increment x 10^4 (500 for 0.05); absent: none.
   * A setting, never snapshotted: an invoice keeps the rounding it was priced with.
   */
  cash_rounding_scaled?: number | null;
  /**
   * The currency the seller keeps its VAT books in (BT-6 when an invoice is in another): a
   * setting, never snapshotted; an invoice issued in another currency states its VAT in it.
   */
  accounting_currency?: string | null;
}

/** One step of a reminder schedule: days relative to the due date (negative: before it). */
export interface ReminderStep {
  offset_days: number;
  template?: string | null;
}

/** The buyer as the invoice states it, snapshotted at send. */
export interface PartySnapshot {
  name: string;
  email: string | null;
  address: PostalAddress;
  vat_id: string | null;
  buyer_reference?: string | null;
  electronic_address: { scheme: string; id: string } | null;
  tax_exempt?: string;
  /**
   * The customer's `einvoice_profile` at send, when it is `xrechnung`: the document declares
   * XRechnung and is held to it (its archived UBL and CII, its readiness). Absent: the defaults.
   */
  einvoice_profile?: "xrechnung";
  /** BT-46; absent: none (snapshots taken before it existed have none). */
  identifier?: PartyIdentifier | null;
  /** BT-47 and its ISO 6523 ICD scheme BT-47-1; absent: none. */
  company_id?: string | null;
  company_id_scheme?: string | null;
  /** The customer's phone (BT-42) and account (BT-84), as the seller of a self-billed invoice; absent: none. */
  phone?: string | null;
  iban?: string | null;
  /**
   * The customer's tax number (BT-32) and further identifiers (BT-29 after `identifier`), stated
   * when it is the seller of a self-billed invoice (389); a buyer states neither. Absent: none.
   */
  tax_registration_id?: string | null;
  additional_identifiers?: PartyIdentifier[] | null;
}

/** The seller as the invoice states it, snapshotted at send: the organization's profile then. */
export type SellerSnapshot = BillingProfile & { name: string };

/**
 * EN 16931 VAT category codes (UNCL 5305 subset): S standard, Z zero rated, E exempt,
 * AE reverse charge, K intra-community supply, G export outside the EU, O outside the scope
 * of VAT, L Canary Islands IGIC, M Ceuta and Melilla IPSI, B Italian split payment (the buyer,
 * an Italian public body, pays the VAT to the state: the invoice asks it for the net amount).
 */
export const TAX_CATEGORIES = ["S", "Z", "E", "AE", "K", "G", "O", "L", "M", "B"] as const;
export type TaxCategory = (typeof TAX_CATEGORIES)[number];

/** Split payment (scissione dei pagamenti): the VAT of these lines is not paid to the seller. */
export const SPLIT_PAYMENT_CATEGORY: TaxCategory = "B";

/** Categories that must state why no (or no local) VAT is charged: reason text and/or VATEX code. */
export const EXEMPT_CATEGORIES: readonly TaxCategory[] = ["E", "AE", "K", "G", "O"];

export const PAYMENT_METHODS = ["bank_transfer", "card", "cash", "check", "direct_debit", "other"] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

/** How firmly a reminder is worded: before the due date, after it, and the last word. */
export type ReminderTone = "friendly" | "firm" | "final";

/** What a PDF embeds: the JPEG as it is, or ready-made Flate streams (8 bits, /Predictor 15). */
export type PrintableLogo =
  | { kind: "jpeg"; width: number; height: number; components: number; bytes: Uint8Array }
  | { kind: "raster"; width: number; height: number; rgb: Uint8Array; alpha: Uint8Array | null };
