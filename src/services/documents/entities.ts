// What a document may be attached to (`Entity-Id`, `?entityId=`): a UUID, as the interface
// first defined it (projects, milestones, tasks, or anything of the client's own), or an id this
// API issued with a prefix (`inv_...`), whose record must exist in the caller's organization.
import { and, eq } from "drizzle-orm";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";
import type { Db } from "../../db/client";
import { creditNotes, payments } from "../../db/schema/billing";
import { customers } from "../../db/schema/customers";
import { invoices } from "../../db/schema/invoices";
import { products } from "../../db/schema/products";
import { taxRates } from "../../db/schema/tax-rates";
import { ApiError, notFound } from "../../lib/errors";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** `prefixedId()`'s form: a lower-case prefix, `_`, 24 base36 characters. */
const PREFIXED = /^([a-z]{2,5})_[0-9a-z]{24}$/;

interface OwnedType {
  entityType: string;
  label: string;
  id: SQLiteColumn;
  organizationId: SQLiteColumn;
}

/** The prefixed records a document may belong to, by prefix (src/lib/ids.ts callers). */
const OWNED: Record<string, OwnedType> = {
  inv: { entityType: "invoice", label: "invoice", id: invoices.id, organizationId: invoices.organizationId },
  cus: {
    entityType: "customer",
    label: "customer",
    id: customers.id,
    organizationId: customers.organizationId,
  },
  prod: { entityType: "product", label: "product", id: products.id, organizationId: products.organizationId },
  cn: {
    entityType: "credit_note",
    label: "credit note",
    id: creditNotes.id,
    organizationId: creditNotes.organizationId,
  },
  pay: { entityType: "payment", label: "payment", id: payments.id, organizationId: payments.organizationId },
  txr: {
    entityType: "tax_rate",
    label: "tax rate",
    id: taxRates.id,
    organizationId: taxRates.organizationId,
  },
};

export const ENTITY_ID_FORMS = `a UUID or an id this API issued (${Object.keys(OWNED)
  .map((prefix) => `${prefix}_...`)
  .join(", ")})`;

/** The stored form of an entity id (UUIDs lower-cased), or undefined when it has neither form. */
export function normalizeEntityId(raw: string): string | undefined {
  if (UUID.test(raw)) return raw.toLowerCase();
  const prefix = PREFIXED.exec(raw)?.[1];
  return prefix !== undefined && prefix in OWNED ? raw : undefined;
}

/**
 * The `Entity-Id` of an upload, checked: a prefixed id must name a record of the caller's
 * organization (422 naming `Entity-Id` otherwise); a UUID is taken as given, as before.
 * Answers the entity type the id implies, for an upload that names none.
 */
export async function checkEntityId(db: Db, organizationId: string, entityId: string) {
  const prefix = PREFIXED.exec(entityId)?.[1];
  const owned = prefix === undefined ? undefined : OWNED[prefix];
  if (!owned) return { impliedType: null };
  const [found] = await db
    .select({ id: owned.id })
    .from(owned.id.table)
    .where(and(eq(owned.id, entityId), eq(owned.organizationId, organizationId)))
    .limit(1);
  if (!found) {
    throw new ApiError("validation_error", `No ${owned.label} with this id in your organization`, {
      details: { "Entity-Id": `No ${owned.label} with this id in your organization` },
    });
  }
  return { impliedType: owned.entityType };
}

/** The invoice whose attachments are listed: 404 unless it is the organization's. */
export async function findInvoiceOf(db: Db, organizationId: string, id: string) {
  const [found] = await db
    .select({ id: invoices.id })
    .from(invoices)
    .where(and(eq(invoices.id, id), eq(invoices.organizationId, organizationId)));
  if (!found) throw notFound("Invoice");
  return found;
}
