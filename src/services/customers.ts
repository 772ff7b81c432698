// Customers: who invoices go to. Every query is scoped to the caller's organization.
import { and, count, desc, eq, or } from "drizzle-orm";
import type { Db } from "../db/client";
import { batchIfUnchanged, isForeignKeyFailure, unchangedGuard, updateIfUnchanged } from "../db/guards";
import { preparedRowInsert, preparedRowsWhere } from "../db/prepared";
import {
  type Customer,
  type CustomerEInvoiceProfile,
  customers,
  type EInvoiceAttachment,
  type TaxExempt,
} from "../db/schema/customers";
import type { ElectronicAddress, Locale, PartyIdentifier, ReminderStep } from "../db/schema/identity";
import { invoices } from "../db/schema/invoices";
import { projects } from "../db/schema/projects";
import { nowIso } from "../lib/clock";
import { conflict, notFound, validationError } from "../lib/errors";
import { prefixedId } from "../lib/ids";
import {
  createdMetadata,
  type Metadata,
  type MetadataInput,
  mergeMetadata,
  metadataOf,
} from "../lib/metadata";
import { containsText } from "../lib/pagination";
import { type EventType, recordEvent } from "./events";
import { clearMetadataEntries, metadataMatches, rewrittenMetadata, writeMetadataEntries } from "./metadata";
import { furtherIdentifiers } from "./party-identifiers";
import { reminderScheduleView } from "./reminder-schedule";

export interface Address {
  line1: string;
  line2?: string | null;
  city: string;
  postal_code: string;
  region?: string | null;
  country: string;
}

/** The buyer's tax identity (EN 16931 BT-48, BT-10, BT-49); optional ones null when unset. */
interface TaxIdentity {
  vat_id?: string | null;
  buyer_reference?: string | null;
  electronic_address?: ElectronicAddress | null;
  /** BT-46 */
  identifier?: PartyIdentifier | null;
  /** BT-47 and its scheme BT-47-1 (a scheme needs an id). */
  company_id?: string | null;
  company_id_scheme?: string | null;
  /** BT-42 and BT-84 when the customer is the seller of a self-billed invoice (389). */
  phone?: string | null;
  iban?: string | null;
  /** BT-32 and further BT-29 when the customer is the seller of a self-billed invoice (389). */
  tax_registration_id?: string | null;
  additional_identifiers?: PartyIdentifier[] | null;
  tax_exempt?: TaxExempt;
  /** null: the organization's schedule; []: no reminders for this customer. */
  reminder_schedule?: ReminderStep[] | null;
  /** null: the organization's language. */
  locale?: Locale | null;
  einvoice_attachment?: EInvoiceAttachment;
  /** null: each syntax's default profile. */
  einvoice_profile?: CustomerEInvoiceProfile | null;
}

export interface CustomerInput extends TaxIdentity {
  name: string;
  email: string;
  address: Address;
  metadata?: MetadataInput;
}

export interface CustomerPatch extends TaxIdentity {
  name?: string;
  email?: string;
  address?: Partial<Address>;
  metadata?: MetadataInput | null;
  /** true archives (hidden from the list, no new invoices), false restores. */
  archived?: boolean;
}

/** `undefined` keeps the current value; `null` clears it. */
const patched = <T>(value: T | undefined, current: T): T => (value === undefined ? current : value);

/** The buyer's legal registration (BT-47) and its scheme (BT-47-1): a scheme alone is refused. */
function legalRegistration(companyId: string | null, scheme: string | null) {
  if (scheme && !companyId) {
    throw validationError({ company_id_scheme: "A company_id_scheme needs a company_id (BT-47)" });
  }
  return { companyId, companyIdScheme: scheme };
}

/** A customer's further identifiers follow its `identifier` (src/services/party-identifiers.ts). */
const additionalIdentifiers = (
  identifier: PartyIdentifier | null,
  further: PartyIdentifier[] | null | undefined,
  firstCleared: boolean,
) =>
  furtherIdentifiers(identifier, further, {
    first: "identifier",
    further: "additional_identifiers",
    term: "BT-29/BT-46",
    firstCleared,
  });

export function serializeCustomer(row: Customer) {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    address: {
      line1: row.addressLine1,
      line2: row.addressLine2,
      city: row.addressCity,
      postal_code: row.addressPostalCode,
      region: row.addressRegion,
      country: row.addressCountry,
    },
    vat_id: row.vatId,
    buyer_reference: row.buyerReference,
    electronic_address:
      row.electronicAddressScheme !== null && row.electronicAddressId !== null
        ? { scheme: row.electronicAddressScheme, id: row.electronicAddressId }
        : null,
    identifier: row.identifierId !== null ? { scheme: row.identifierScheme, id: row.identifierId } : null,
    company_id: row.companyId,
    company_id_scheme: row.companyIdScheme,
    phone: row.phone,
    iban: row.iban,
    tax_registration_id: row.taxRegistrationId,
    additional_identifiers: row.additionalIdentifiers ?? [],
    tax_exempt: row.taxExempt,
    reminder_schedule: row.reminderSchedule ? reminderScheduleView(row.reminderSchedule) : null,
    locale: row.locale,
    einvoice_attachment: row.einvoiceAttachment,
    einvoice_profile: row.einvoiceProfile,
    metadata: metadataOf(row.metadata),
    archived: row.archived,
    created_at: row.createdAt,
    updated_at: row.updatedAt,
  };
}

const metadataOwner = (row: Customer) =>
  ({ organizationId: row.organizationId, objectType: "customer", objectId: row.id }) as const;

function event(db: Db, organizationId: string, type: EventType, row: Customer, at: string) {
  return recordEvent(db, { organizationId, type, object: serializeCustomer(row), at });
}

const insertCustomer = preparedRowInsert(customers);

export async function createCustomer(db: Db, organizationId: string, input: CustomerInput) {
  const at = nowIso();
  const row: Customer = {
    id: prefixedId("cus"),
    organizationId,
    name: input.name,
    email: input.email,
    addressLine1: input.address.line1,
    addressCity: input.address.city,
    addressPostalCode: input.address.postal_code,
    addressLine2: input.address.line2 ?? null,
    addressRegion: input.address.region ?? null,
    addressCountry: input.address.country,
    vatId: input.vat_id ?? null,
    buyerReference: input.buyer_reference ?? null,
    electronicAddressScheme: input.electronic_address?.scheme ?? null,
    electronicAddressId: input.electronic_address?.id ?? null,
    identifierScheme: input.identifier?.scheme ?? null,
    identifierId: input.identifier?.id ?? null,
    ...legalRegistration(input.company_id ?? null, input.company_id_scheme ?? null),
    phone: input.phone ?? null,
    iban: input.iban ?? null,
    taxRegistrationId: input.tax_registration_id ?? null,
    additionalIdentifiers: additionalIdentifiers(
      input.identifier ?? null,
      input.additional_identifiers,
      input.identifier === null,
    ),
    taxExempt: input.tax_exempt ?? "none",
    reminderSchedule: input.reminder_schedule ?? null,
    locale: input.locale ?? null,
    einvoiceAttachment: input.einvoice_attachment ?? "none",
    einvoiceProfile: input.einvoice_profile ?? null,
    metadata: createdMetadata(input.metadata),
    archived: false,
    createdAt: at,
    updatedAt: at,
  };
  const recorded = event(db, organizationId, "customer.created", row, at);
  await db.batch([
    insertCustomer(db, row),
    ...writeMetadataEntries(db, metadataOwner(row), row.metadata, { replace: false }),
    ...recorded.statements,
  ]);
  return { customer: row, eventIds: [recorded.id] };
}

/** A customer by id (most invoice writes read their customer). */
const customerRows = preparedRowsWhere(customers, ["id", "organizationId"]);

export async function findCustomer(
  db: Db,
  organizationId: string,
  id: string,
): Promise<Customer | undefined> {
  const [row] = await customerRows(db, { id, organizationId });
  return row;
}

export async function getCustomer(db: Db, organizationId: string, id: string): Promise<Customer> {
  const row = await findCustomer(db, organizationId, id);
  if (!row) throw notFound("Customer");
  return row;
}

/**
 * Newest first; `search` matches name or e-mail, case-insensitively (ASCII), `%` and `_`
 * literally. Active customers unless `archived` (then only archived ones).
 */
export async function listCustomers(
  db: Db,
  organizationId: string,
  query: { search?: string; archived?: boolean; metadata?: Metadata; limit: number; offset: number },
) {
  const term = query.search?.trim();
  const where = and(
    eq(customers.organizationId, organizationId),
    eq(customers.archived, query.archived ?? false),
    term ? or(containsText(customers.name, term), containsText(customers.email, term)) : undefined,
    metadataMatches(customers.id, organizationId, "customer", query.metadata),
  );
  const [rows, [total]] = await db.batch([
    db
      .select()
      .from(customers)
      .where(where)
      .orderBy(desc(customers.createdAt), desc(customers.id))
      .limit(query.limit)
      .offset(query.offset),
    db.select({ n: count() }).from(customers).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

export async function updateCustomer(db: Db, organizationId: string, id: string, patch: CustomerPatch) {
  const current = await getCustomer(db, organizationId, id);
  const at = nowIso();
  const electronic = patched(
    patch.electronic_address,
    current.electronicAddressScheme !== null && current.electronicAddressId !== null
      ? { scheme: current.electronicAddressScheme, id: current.electronicAddressId }
      : null,
  );
  const identifier = patched(
    patch.identifier,
    current.identifierId !== null ? { scheme: current.identifierScheme, id: current.identifierId } : null,
  );
  const next: Customer = {
    ...current,
    name: patch.name ?? current.name,
    email: patch.email ?? current.email,
    addressLine1: patch.address?.line1 ?? current.addressLine1,
    addressCity: patch.address?.city ?? current.addressCity,
    addressPostalCode: patch.address?.postal_code ?? current.addressPostalCode,
    addressLine2: patched(patch.address?.line2, current.addressLine2),
    addressRegion: patched(patch.address?.region, current.addressRegion),
    addressCountry: patch.address?.country ?? current.addressCountry,
    vatId: patched(patch.vat_id, current.vatId),
    buyerReference: patched(patch.buyer_reference, current.buyerReference),
    electronicAddressScheme: electronic?.scheme ?? null,
    electronicAddressId: electronic?.id ?? null,
    identifierScheme: identifier?.scheme ?? null,
    identifierId: identifier?.id ?? null,
    ...legalRegistration(
      patched(patch.company_id, current.companyId),
      // Clearing the company id clears its scheme, unless the patch names one (then refused).
      patch.company_id === null && patch.company_id_scheme === undefined
        ? null
        : patched(patch.company_id_scheme, current.companyIdScheme),
    ),
    phone: patched(patch.phone, current.phone),
    iban: patched(patch.iban, current.iban),
    taxRegistrationId: patched(patch.tax_registration_id, current.taxRegistrationId),
    additionalIdentifiers: additionalIdentifiers(
      identifier,
      patched(patch.additional_identifiers, current.additionalIdentifiers),
      patch.identifier === null,
    ),
    taxExempt: patch.tax_exempt ?? current.taxExempt,
    reminderSchedule: patched(patch.reminder_schedule, current.reminderSchedule),
    locale: patched(patch.locale, current.locale),
    einvoiceAttachment: patch.einvoice_attachment ?? current.einvoiceAttachment,
    einvoiceProfile: patched(patch.einvoice_profile, current.einvoiceProfile),
    metadata:
      patch.metadata === undefined ? current.metadata : mergeMetadata(current.metadata, patch.metadata),
    archived: patch.archived ?? current.archived,
    updatedAt: at,
  };
  const recorded = event(db, organizationId, "customer.updated", next, at);
  // Only if the row is still what was read, so the event describes exactly the stored row.
  const stored = await updateIfUnchanged(db, customers, "Customer", current, next, {
    after: [
      ...rewrittenMetadata(db, metadataOwner(next), next.metadata, patch.metadata !== undefined),
      ...recorded.statements,
    ],
  });
  return { customer: stored, eventIds: [recorded.id] };
}

/**
 * Only a customer nothing refers to may be deleted: 409 `customer_has_invoices` or
 * `customer_has_projects` otherwise.
 */
export async function deleteCustomer(db: Db, organizationId: string, id: string) {
  const current = await getCustomer(db, organizationId, id);
  const [[invoice], [project]] = await db.batch([
    db
      .select({ id: invoices.id })
      .from(invoices)
      .where(and(eq(invoices.organizationId, organizationId), eq(invoices.customerId, id)))
      .limit(1),
    db
      .select({ id: projects.id })
      .from(projects)
      .where(and(eq(projects.organizationId, organizationId), eq(projects.customerId, id)))
      .limit(1),
  ]);
  if (invoice) throw conflict("customer_has_invoices", "A customer with invoices cannot be deleted");
  if (project) throw conflict("customer_has_projects", "A customer with projects cannot be deleted");
  const recorded = event(db, organizationId, "customer.deleted", current, nowIso());
  try {
    // Guarded like updates: two concurrent deletes record one customer.deleted (the other 404).
    await batchIfUnchanged(db, customers, current, "Customer", [
      unchangedGuard(db, customers, current),
      db.delete(customers).where(and(eq(customers.id, id), eq(customers.organizationId, organizationId))),
      clearMetadataEntries(db, metadataOwner(current)),
      ...recorded.statements,
    ]);
  } catch (error) {
    // An invoice or project created between the check and the delete: the foreign key refuses it.
    if (isForeignKeyFailure(error)) {
      throw conflict("customer_in_use", "The customer gained invoices or projects and cannot be deleted");
    }
    throw error;
  }
  return { eventIds: [recorded.id] };
}
