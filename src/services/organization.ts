// The caller's organization and its billing profile: the seller's legal identity, bank details
// and invoicing defaults (GET/PATCH /v1/organization). Invoices snapshot `billingProfileOf(org)`
// at send, so later edits never change an issued invoice.
import { and, eq, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { failBatchUnless, isGuardFailure } from "../db/guards";
import { preparedRowsWhere } from "../db/prepared";
import {
  type BillingProfile,
  DEFAULT_NUMBER_PADDING,
  DEFAULT_NUMBER_PREFIX,
  type ElectronicAddress,
  type EmailAttachment,
  type InvoiceNumbering,
  type Locale,
  type Organization,
  organizations,
  type PostalAddress,
  type TaxRepresentative,
} from "../db/schema/identity";
import { nowIso } from "../lib/clock";
import { conflict, notFound, validationError } from "../lib/errors";
import { cashIncrementMinor, parseCashRounding, percentageToNumber } from "../lib/money";
import { DEFAULT_PAYMENT_REFERENCE_FORMAT, type PaymentReferenceFormat } from "../lib/payment-reference";
import { recordEvent } from "./events";
import { serializeOrganization } from "./identity";
import { inboundEmailAddress, newInboundEmailToken } from "./inbound-email/address";
import { furtherIdentifiers } from "./party-identifiers";
import { reminderScheduleView } from "./reminder-schedule";

export const DEFAULT_PAYMENT_TERMS_DAYS = 30;
export const DEFAULT_LOCALE: Locale = "en";
export const DEFAULT_EMAIL_ATTACHMENT: EmailAttachment = "pdf";

const ADDRESS_PARTS = ["line1", "line2", "city", "postal_code", "region", "country"] as const;

/** Every part present, null when unset. */
export type FullAddress = { [K in (typeof ADDRESS_PARTS)[number]]: string | null };

/** The billing profile with every field present: null when unset, defaults applied. */
export interface EffectiveBillingProfile {
  legal_name: string | null;
  trading_name: string | null;
  address: FullAddress | null;
  vat_id: string | null;
  tax_registration_id: string | null;
  company_id: string | null;
  email: string | null;
  phone: string | null;
  iban: string | null;
  bic: string | null;
  account_holder: string | null;
  payment_terms_days: number;
  invoice_footer: string | null;
  locale: Locale;
  electronic_address: ElectronicAddress | null;
}

/** Profile fields PATCH may set, besides the organization's `name` and `default_currency`. */
export type BillingProfilePatch = Omit<BillingProfile, "address"> & { address?: PostalAddress | null };

/** How invoices are numbered: organization columns, not profile (never snapshotted on invoices). */
export interface NumberingPatch {
  invoice_numbering?: InvoiceNumbering;
  /** null restores the default `INV-`. */
  number_prefix?: string | null;
  /** null restores the default 6. */
  number_padding?: number | null;
}

export interface OrganizationPatch extends Omit<BillingProfilePatch, "cash_rounding_scaled">, NumberingPatch {
  name?: string;
  default_currency?: string;
  /** e.g. 0.05; null removes it. */
  cash_rounding?: number | null;
}

function fullAddress(address: PostalAddress | null | undefined): FullAddress | null {
  if (!address) return null;
  const full = Object.fromEntries(ADDRESS_PARTS.map((part) => [part, address[part] ?? null])) as FullAddress;
  return ADDRESS_PARTS.some((part) => full[part] !== null) ? full : null;
}

/** The days an invoice gives its buyer to pay when it states no due date. */
export function paymentTermsDays(organization: Pick<Organization, "billingProfile">): number {
  return billingProfileOf(organization).payment_terms_days;
}

/** The seller as an invoice shows it: every profile field, null when unset, defaults applied. */
export function billingProfileOf(org: Pick<Organization, "billingProfile">): EffectiveBillingProfile {
  const profile: BillingProfile = org.billingProfile ?? {};
  return {
    legal_name: profile.legal_name ?? null,
    trading_name: profile.trading_name ?? null,
    address: fullAddress(profile.address),
    vat_id: profile.vat_id ?? null,
    tax_registration_id: profile.tax_registration_id ?? null,
    company_id: profile.company_id ?? null,
    email: profile.email ?? null,
    phone: profile.phone ?? null,
    iban: profile.iban ?? null,
    bic: profile.bic ?? null,
    account_holder: profile.account_holder ?? null,
    payment_terms_days: profile.payment_terms_days ?? DEFAULT_PAYMENT_TERMS_DAYS,
    invoice_footer: profile.invoice_footer ?? null,
    locale: profile.locale ?? DEFAULT_LOCALE,
    electronic_address: profile.electronic_address ?? null,
  };
}

/**
 * The seller's identifiers beyond the billing profile's first fields (BT-29, BT-30-1) and its tax
 * representative (BG-11), each only when set: an invoice snapshots them beside the profile, so a
 * seller without them is snapshotted exactly as before they existed.
 */
export function sellerPartyOf(
  org: Pick<Organization, "billingProfile">,
): Pick<
  BillingProfile,
  "seller_identifier" | "additional_seller_identifiers" | "company_id_scheme" | "tax_representative"
> {
  const profile: BillingProfile = org.billingProfile ?? {};
  return {
    ...(profile.seller_identifier ? { seller_identifier: profile.seller_identifier } : {}),
    ...(profile.additional_seller_identifiers?.length
      ? { additional_seller_identifiers: profile.additional_seller_identifiers }
      : {}),
    ...(profile.company_id_scheme && profile.company_id
      ? { company_id_scheme: profile.company_id_scheme }
      : {}),
    ...(profile.tax_representative ? { tax_representative: profile.tax_representative } : {}),
  };
}

/** What the invoice e-mail attaches: the stored setting, `pdf` unless set. */
export function emailAttachmentOf(org: Pick<Organization, "billingProfile">): EmailAttachment {
  return org.billingProfile?.email_attachment ?? DEFAULT_EMAIL_ATTACHMENT;
}

/** The format new invoices' payment references take: the stored setting, `rf` unless set. */
export function paymentReferenceFormatOf(org: Pick<Organization, "billingProfile">): PaymentReferenceFormat {
  return org.billingProfile?.payment_reference_format ?? DEFAULT_PAYMENT_REFERENCE_FORMAT;
}

/**
 * The organization's cash rounding in minor units of `currency` (5 for 0.05 EUR), or null: none
 * set, or an increment that is no whole number of the currency's minor units (0.05 JPY).
 */
export function cashRoundingMinor(
  org: Pick<Organization, "billingProfile">,
  currency: string,
): bigint | null {
  const scaled = org.billingProfile?.cash_rounding_scaled;
  return scaled ? cashIncrementMinor(BigInt(scaled), currency) : null;
}

/**
 * GET /v1/organization: the organization as everywhere else, plus its billing profile and
 * settings, and its inbound e-mail address on a deployment that receives e-mail (`domain`:
 * INBOUND_EMAIL_DOMAIN).
 */
export function serializeOrganizationProfile(org: Organization, inboundEmailDomain: string | undefined) {
  const { created_at, updated_at, ...base } = serializeOrganization(org);
  return {
    ...base,
    ...billingProfileOf(org),
    company_id_scheme: org.billingProfile?.company_id_scheme ?? null,
    seller_identifier: org.billingProfile?.seller_identifier ?? null,
    additional_seller_identifiers: org.billingProfile?.additional_seller_identifiers ?? [],
    tax_representative: taxRepresentativeView(org.billingProfile?.tax_representative),
    invoice_numbering: org.invoiceNumbering,
    number_prefix: org.invoiceNumberPrefix,
    number_padding: org.invoiceNumberPadding,
    email_attachment: emailAttachmentOf(org),
    brand_color: org.billingProfile?.brand_color ?? null,
    reminder_schedule: reminderScheduleView(org.billingProfile?.reminder_schedule),
    payment_reference_format: paymentReferenceFormatOf(org),
    cash_rounding: org.billingProfile?.cash_rounding_scaled
      ? percentageToNumber(org.billingProfile.cash_rounding_scaled)
      : null,
    accounting_currency: org.billingProfile?.accounting_currency ?? null,
    inbound_email: inboundEmailAddress(org, inboundEmailDomain),
    created_at,
    updated_at,
  };
}

/** The tax representative as GET answers it: its address with every part present. */
function taxRepresentativeView(representative: TaxRepresentative | null | undefined) {
  if (!representative) return null;
  return { ...representative, address: fullAddress(representative.address) };
}

/**
 * The stored profile after a PATCH: fields present in the patch replace (null clears), the
 * address merges part by part. An address needs its country once it has any part.
 */
function mergeProfile(current: BillingProfile, patch: BillingProfilePatch): BillingProfile {
  const next: Record<string, unknown> = { ...current };
  for (const [key, value] of Object.entries(patch)) {
    if (value === undefined || key === "address") continue;
    next[key] = value;
  }
  if (patch.address !== undefined) {
    const merged = patch.address === null ? null : fullAddress({ ...current.address, ...patch.address });
    if (merged && merged.country === null) {
      throw validationError({ "address.country": "An address needs its country (ISO 3166-1 alpha-2)" });
    }
    next.address = merged;
  }
  // A scheme (BT-30-1) qualifies the company id: clearing the id clears it, a scheme alone is refused.
  if (patch.company_id === null && patch.company_id_scheme === undefined) next.company_id_scheme = null;
  if (next.company_id_scheme && !next.company_id) {
    throw validationError({ company_id_scheme: "A company_id_scheme needs a company_id (BT-30)" });
  }
  next.additional_seller_identifiers = furtherIdentifiers(
    next.seller_identifier as BillingProfile["seller_identifier"],
    next.additional_seller_identifiers as BillingProfile["additional_seller_identifiers"],
    {
      first: "seller_identifier",
      further: "additional_seller_identifiers",
      term: "BT-29",
      firstCleared: patch.seller_identifier === null,
    },
  );
  // Store only what is set: an unset field and a cleared one read the same.
  return Object.fromEntries(Object.entries(next).filter(([, value]) => value !== null)) as BillingProfile;
}

/**
 * A statement that fails the batch unless the organization still holds the name, currency,
 * profile and numbering it was read with (the invoice counter may move meanwhile: it is not
 * ours to compare).
 */
function unchangedProfileGuard(db: Db, org: Organization) {
  const unchanged = and(
    eq(organizations.id, org.id),
    eq(organizations.name, org.name),
    eq(organizations.defaultCurrency, org.defaultCurrency),
    eq(organizations.billingProfile, org.billingProfile),
    eq(organizations.invoiceNumbering, org.invoiceNumbering),
    eq(organizations.invoiceNumberPrefix, org.invoiceNumberPrefix),
    eq(organizations.invoiceNumberPadding, org.invoiceNumberPadding),
    eq(organizations.updatedAt, org.updatedAt),
  );
  return failBatchUnless(db, organizations, sql`EXISTS (SELECT 1 FROM ${organizations} WHERE ${unchanged})`);
}

const organizationRows = preparedRowsWhere(organizations, ["id"]);

export async function getOrganization(db: Db, id: string): Promise<Organization> {
  const [row] = await organizationRows(db, { id });
  if (!row) throw notFound("Organization");
  return row;
}

/**
 * PATCH /v1/organization: one batch for the change and its `organization.updated` event.
 * `current` is the organization as this request read it (its credential's lookup, on the
 * primary): the batch applies only while the row is still that (else 409 `concurrent_update`).
 */
export async function updateOrganizationProfile(
  db: Db,
  current: Organization,
  patch: OrganizationPatch,
  inboundEmailDomain: string | undefined,
) {
  const organizationId = current.id;
  const { name, default_currency, invoice_numbering, number_prefix, number_padding, cash_rounding, ...rest } =
    patch;
  const profilePatch: BillingProfilePatch = { ...rest };
  if (cash_rounding !== undefined) {
    const parsed = cash_rounding === null ? null : parseCashRounding(cash_rounding);
    if (parsed && !parsed.ok) throw validationError({ cash_rounding: parsed.message });
    profilePatch.cash_rounding_scaled = parsed ? Number(parsed.value) : null;
  }
  const at = nowIso();
  const next: Organization = {
    ...current,
    name: name ?? current.name,
    defaultCurrency: default_currency ?? current.defaultCurrency,
    // The numbering applies to numbers issued from now on; issued numbers never change.
    invoiceNumbering: invoice_numbering ?? current.invoiceNumbering,
    invoiceNumberPrefix:
      number_prefix === null ? DEFAULT_NUMBER_PREFIX : (number_prefix ?? current.invoiceNumberPrefix),
    invoiceNumberPadding:
      number_padding === null ? DEFAULT_NUMBER_PADDING : (number_padding ?? current.invoiceNumberPadding),
    billingProfile: mergeProfile(current.billingProfile ?? {}, profilePatch),
    updatedAt: at,
  };
  const recorded = recordEvent(db, {
    organizationId,
    type: "organization.updated",
    object: serializeOrganizationProfile(next, inboundEmailDomain),
    at,
  });
  try {
    await db.batch([
      unchangedProfileGuard(db, current),
      db
        .update(organizations)
        .set({
          name: next.name,
          defaultCurrency: next.defaultCurrency,
          invoiceNumbering: next.invoiceNumbering,
          invoiceNumberPrefix: next.invoiceNumberPrefix,
          invoiceNumberPadding: next.invoiceNumberPadding,
          billingProfile: next.billingProfile,
          updatedAt: at,
        })
        .where(eq(organizations.id, organizationId)),
      ...recorded.statements,
    ]);
  } catch (error) {
    if (isGuardFailure(error, organizations)) {
      throw conflict("concurrent_update", "The organization changed while this request ran; retry");
    }
    throw error;
  }
  return { organization: next, eventIds: [recorded.id] };
}

/**
 * A new token for the organization: its previous address refuses mail from now on. One batch
 * with its `organization.updated` event (the audit of who could send bills when).
 */
export async function rotateInboundEmail(db: Db, organizationId: string, domain: string | undefined) {
  const current = await getOrganization(db, organizationId);
  const at = nowIso();
  const next: Organization = { ...current, inboundEmailToken: newInboundEmailToken(), updatedAt: at };
  const recorded = recordEvent(db, {
    organizationId,
    type: "organization.updated",
    object: serializeOrganizationProfile(next, domain),
    at,
  });
  await db.batch([
    db
      .update(organizations)
      .set({ inboundEmailToken: next.inboundEmailToken, updatedAt: at })
      .where(eq(organizations.id, organizationId)),
    ...recorded.statements,
  ]);
  return { organization: next, eventIds: [recorded.id] };
}
