// Suppliers: who bills come from. A received document finds its supplier by electronic address
// (BT-34), then VAT id (BT-31), then identifier (BT-29), then legal registration (BT-30 and its
// scheme), then tax registration (BT-32); otherwise one is created from the seller as stated.
// An organization has one supplier per electronic address and per VAT id (unique indexes).
// Every query is scoped to the caller's organization.
import { and, count, desc, eq, inArray, or, type SQL } from "drizzle-orm";
import type { Db } from "../../db/client";
import { batchIfUnchanged, isForeignKeyFailure, isUniqueFailure, unchangedGuard } from "../../db/guards";
import { getOwned } from "../../db/owned";
import { bills, type Supplier, suppliers } from "../../db/schema/bills";
import type { ElectronicAddress, PartyIdentifier, PostalAddress } from "../../db/schema/identity";
import type { ReceivedDocument } from "../../document/received";
import { nowIso } from "../../lib/clock";
import { conflict } from "../../lib/errors";
import { prefixedId } from "../../lib/ids";
import { createdMetadata, type MetadataInput, mergeMetadata, metadataOf } from "../../lib/metadata";
import { containsText } from "../../lib/pagination";
import { statedAddress } from "./serialize";

export interface SupplierInput {
  name: string;
  legal_name?: string | null;
  vat_id?: string | null;
  tax_registration_id?: string | null;
  company_id?: string | null;
  company_id_scheme?: string | null;
  identifier?: PartyIdentifier | null;
  electronic_address?: ElectronicAddress | null;
  email?: string | null;
  phone?: string | null;
  address?: PostalAddress | null;
  iban?: string | null;
  bic?: string | null;
  metadata?: MetadataInput;
}

export type SupplierPatch = Partial<Omit<SupplierInput, "metadata">> & { metadata?: MetadataInput | null };

export function serializeSupplier(row: Supplier) {
  return {
    id: row.id,
    name: row.name,
    legal_name: row.legalName,
    vat_id: row.vatId,
    tax_registration_id: row.taxRegistrationId,
    company_id: row.companyId,
    company_id_scheme: row.companyIdScheme,
    identifier: row.identifierId !== null ? { scheme: row.identifierScheme, id: row.identifierId } : null,
    electronic_address:
      row.electronicAddressScheme !== null && row.electronicAddressId !== null
        ? { scheme: row.electronicAddressScheme, id: row.electronicAddressId }
        : null,
    email: row.email,
    phone: row.phone,
    address: row.address ?? null,
    iban: row.iban,
    bic: row.bic,
    metadata: metadataOf(row.metadata),
    created_at: row.createdAt,
    updated_at: row.updatedAt,
  };
}

/** A VAT id or IBAN as compared and stored: upper case, without spaces, dots or hyphens. */
export const compactId = (text: string) => text.replace(/[\s.-]/g, "").toUpperCase();

/** `undefined` keeps the current value; `null` clears it. */
const patched = <T>(value: T | undefined, current: T): T => (value === undefined ? current : value);

/** The columns an input sets over `current` (a new supplier: over nothing). */
function columnsOf(input: SupplierPatch, current?: Supplier) {
  const identifier = patched(
    input.identifier,
    current?.identifierId ? { scheme: current.identifierScheme, id: current.identifierId } : null,
  );
  const endpoint = patched(
    input.electronic_address,
    current?.electronicAddressScheme && current.electronicAddressId
      ? { scheme: current.electronicAddressScheme, id: current.electronicAddressId }
      : null,
  );
  const vatId = patched(input.vat_id, current?.vatId ?? null);
  const iban = patched(input.iban, current?.iban ?? null);
  return {
    name: input.name ?? current?.name ?? "",
    legalName: patched(input.legal_name, current?.legalName ?? null),
    vatId: vatId === null ? null : compactId(vatId),
    taxRegistrationId: patched(input.tax_registration_id, current?.taxRegistrationId ?? null),
    companyId: patched(input.company_id, current?.companyId ?? null),
    companyIdScheme: patched(input.company_id_scheme, current?.companyIdScheme ?? null),
    identifierScheme: identifier?.scheme ?? null,
    identifierId: identifier?.id ?? null,
    electronicAddressScheme: endpoint?.scheme ?? null,
    electronicAddressId: endpoint?.id ?? null,
    email: patched(input.email, current?.email ?? null),
    phone: patched(input.phone, current?.phone ?? null),
    address: patched(input.address, current?.address ?? null),
    iban: iban === null ? null : compactId(iban),
    bic: patched(input.bic, current?.bic ?? null),
  };
}

/** 409 `supplier_exists` for an electronic address or VAT id another supplier of the organization has. */
function refuseTaken(error: unknown): never {
  if (isUniqueFailure(error))
    throw conflict("supplier_exists", "Another supplier has this electronic address or VAT id");
  throw error;
}

export async function createSupplier(db: Db, organizationId: string, input: SupplierInput) {
  const at = nowIso();
  const row: Supplier = {
    id: prefixedId("sup"),
    organizationId,
    ...columnsOf(input),
    metadata: createdMetadata(input.metadata),
    createdAt: at,
    updatedAt: at,
  };
  await db.insert(suppliers).values(row).catch(refuseTaken);
  return row;
}

export function getSupplier(db: Db, organizationId: string, id: string): Promise<Supplier> {
  return getOwned(db, suppliers, "Supplier", organizationId, id);
}

/** Newest first; `q` matches name, legal name or VAT id, case-insensitively (ASCII). */
export async function listSuppliers(
  db: Db,
  organizationId: string,
  query: { q?: string; limit: number; offset: number },
) {
  const term = query.q?.trim();
  const where = and(
    eq(suppliers.organizationId, organizationId),
    term
      ? or(
          containsText(suppliers.name, term),
          containsText(suppliers.legalName, term),
          containsText(suppliers.vatId, term),
        )
      : undefined,
  );
  const [rows, [total]] = await db.batch([
    db
      .select()
      .from(suppliers)
      .where(where)
      .orderBy(desc(suppliers.createdAt), desc(suppliers.id))
      .limit(query.limit)
      .offset(query.offset),
    db.select({ n: count() }).from(suppliers).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

export async function updateSupplier(db: Db, organizationId: string, id: string, patch: SupplierPatch) {
  const current = await getSupplier(db, organizationId, id);
  const next: Supplier = {
    ...current,
    ...columnsOf(patch, current),
    metadata:
      patch.metadata === undefined ? current.metadata : mergeMetadata(current.metadata, patch.metadata),
    updatedAt: nowIso(),
  };
  const { id: _id, organizationId: _org, createdAt: _created, ...changes } = next;
  await batchIfUnchanged(db, suppliers, current, "Supplier", [
    unchangedGuard(db, suppliers, current),
    db
      .update(suppliers)
      .set(changes)
      .where(and(eq(suppliers.id, id), eq(suppliers.organizationId, organizationId))),
  ]).catch(refuseTaken);
  return next;
}

/** Only a supplier without bills may be deleted: 409 `supplier_has_bills` otherwise. */
export async function deleteSupplier(db: Db, organizationId: string, id: string) {
  const current = await getSupplier(db, organizationId, id);
  const [bill] = await db
    .select({ id: bills.id })
    .from(bills)
    .where(and(eq(bills.organizationId, organizationId), eq(bills.supplierId, id)))
    .limit(1);
  if (bill) throw conflict("supplier_has_bills", "A supplier with bills cannot be deleted");
  try {
    await batchIfUnchanged(db, suppliers, current, "Supplier", [
      unchangedGuard(db, suppliers, current),
      db.delete(suppliers).where(and(eq(suppliers.id, id), eq(suppliers.organizationId, organizationId))),
    ]);
  } catch (error) {
    // A bill imported between the check and the delete: the foreign key refuses it.
    if (isForeignKeyFailure(error))
      throw conflict("supplier_has_bills", "A supplier with bills cannot be deleted");
    throw error;
  }
}

/**
 * The organization's supplier of a received document's seller: the first found by electronic
 * address, then VAT id, then any stated identifier (in the document's order), then legal
 * registration id with its scheme, then tax registration id; undefined when none.
 */
export async function findSupplierOf(
  db: Db,
  organizationId: string,
  seller: ReceivedDocument["seller"],
): Promise<Supplier | undefined> {
  const ways: SQL[] = [];
  if (seller.endpoint) {
    ways.push(
      and(
        eq(suppliers.electronicAddressScheme, seller.endpoint.scheme),
        eq(suppliers.electronicAddressId, seller.endpoint.id),
      )!,
    );
  }
  if (seller.vatId) ways.push(eq(suppliers.vatId, compactId(seller.vatId)));
  const identifiers = seller.identifiers.map((i) => i.id);
  if (identifiers.length > 0) ways.push(inArray(suppliers.identifierId, identifiers));
  if (seller.companyId) ways.push(eq(suppliers.companyId, seller.companyId));
  if (seller.taxRegistrationId) ways.push(eq(suppliers.taxRegistrationId, seller.taxRegistrationId));
  if (ways.length === 0) return undefined;
  const candidates = await db
    .select()
    .from(suppliers)
    .where(and(eq(suppliers.organizationId, organizationId), or(...ways)))
    .orderBy(suppliers.createdAt, suppliers.id)
    .limit(50);
  const byEndpoint = candidates.find(
    (s) =>
      seller.endpoint &&
      s.electronicAddressScheme === seller.endpoint.scheme &&
      s.electronicAddressId === seller.endpoint.id,
  );
  if (byEndpoint) return byEndpoint;
  const byVat = seller.vatId ? candidates.find((s) => s.vatId === compactId(seller.vatId!)) : undefined;
  if (byVat) return byVat;
  for (const identifier of seller.identifiers) {
    const found = candidates.find(
      (s) => s.identifierId === identifier.id && (s.identifierScheme ?? null) === (identifier.scheme ?? null),
    );
    if (found) return found;
  }
  const byCompany = seller.companyId
    ? candidates.find(
        (s) =>
          s.companyId === seller.companyId &&
          (s.companyIdScheme ?? null) === (seller.companyIdScheme ?? null),
      )
    : undefined;
  if (byCompany) return byCompany;
  return seller.taxRegistrationId
    ? candidates.find((s) => s.taxRegistrationId === seller.taxRegistrationId)
    : undefined;
}

/** A new supplier row for a received document's seller, as stated (not yet stored). */
export function supplierFromSeller(
  organizationId: string,
  doc: Pick<ReceivedDocument, "seller" | "paymentMeans">,
  at: string,
): Supplier {
  const seller = doc.seller;
  const first = seller.identifiers[0];
  return {
    id: prefixedId("sup"),
    organizationId,
    name: seller.tradingName ?? seller.name,
    legalName: seller.name,
    vatId: seller.vatId ? compactId(seller.vatId) : null,
    taxRegistrationId: seller.taxRegistrationId,
    companyId: seller.companyId,
    companyIdScheme: seller.companyIdScheme,
    identifierScheme: first?.scheme ?? null,
    identifierId: first?.id ?? null,
    electronicAddressScheme: seller.endpoint?.scheme ?? null,
    electronicAddressId: seller.endpoint?.id ?? null,
    email: seller.contact?.email ?? null,
    phone: seller.contact?.phone ?? null,
    address: statedAddress(seller.address),
    iban: doc.paymentMeans?.iban ? compactId(doc.paymentMeans.iban) : null,
    bic: doc.paymentMeans?.bic ?? null,
    metadata: null,
    createdAt: at,
    updatedAt: at,
  };
}
