// Customers: who invoices go to. Every query is scoped to the caller's organization.
import { and, count, desc, eq, or } from "drizzle-orm";
import type { Db } from "../db/client";
import { batchIfUnchanged, isForeignKeyFailure, unchangedGuard } from "../db/guards";
import { type Customer, customers } from "../db/schema/customers";
import { invoices } from "../db/schema/invoices";
import { projects } from "../db/schema/projects";
import { nowIso } from "../lib/clock";
import { conflict, notFound } from "../lib/errors";
import { prefixedId } from "../lib/ids";
import { containsText } from "../lib/pagination";
import { type EventType, recordEvent } from "./events";

export interface Address {
  line1: string;
  city: string;
  postal_code: string;
  country: string;
}

export interface CustomerInput {
  name: string;
  email: string;
  address: Address;
}

export interface CustomerPatch {
  name?: string;
  email?: string;
  address?: Partial<Address>;
}

export function serializeCustomer(row: Customer) {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    address: {
      line1: row.addressLine1,
      city: row.addressCity,
      postal_code: row.addressPostalCode,
      country: row.addressCountry,
    },
    created_at: row.createdAt,
    updated_at: row.updatedAt,
  };
}

function event(db: Db, organizationId: string, type: EventType, row: Customer, at: string) {
  return recordEvent(db, { organizationId, type, object: serializeCustomer(row), at });
}

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
    addressLine2: null,
    addressRegion: null,
    addressCountry: input.address.country,
    vatId: null,
    buyerReference: null,
    electronicAddressScheme: null,
    electronicAddressId: null,
    taxExempt: "none",
    createdAt: at,
    updatedAt: at,
  };
  const recorded = event(db, organizationId, "customer.created", row, at);
  await db.batch([db.insert(customers).values(row), ...recorded.statements]);
  return { customer: row, eventIds: [recorded.id] };
}

export async function findCustomer(
  db: Db,
  organizationId: string,
  id: string,
): Promise<Customer | undefined> {
  const [row] = await db
    .select()
    .from(customers)
    .where(and(eq(customers.id, id), eq(customers.organizationId, organizationId)));
  return row;
}

export async function getCustomer(db: Db, organizationId: string, id: string): Promise<Customer> {
  const row = await findCustomer(db, organizationId, id);
  if (!row) throw notFound("Customer");
  return row;
}

/** Newest first; `search` matches name or e-mail, case-insensitively (ASCII), `%` and `_` literally. */
export async function listCustomers(
  db: Db,
  organizationId: string,
  query: { search?: string; limit: number; offset: number },
) {
  const term = query.search?.trim();
  const where = and(
    eq(customers.organizationId, organizationId),
    term ? or(containsText(customers.name, term), containsText(customers.email, term)) : undefined,
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
  const next: Customer = {
    ...current,
    name: patch.name ?? current.name,
    email: patch.email ?? current.email,
    addressLine1: patch.address?.line1 ?? current.addressLine1,
    addressCity: patch.address?.city ?? current.addressCity,
    addressPostalCode: patch.address?.postal_code ?? current.addressPostalCode,
    addressCountry: patch.address?.country ?? current.addressCountry,
    updatedAt: at,
  };
  const recorded = event(db, organizationId, "customer.updated", next, at);
  const { id: _id, organizationId: _org, createdAt: _created, ...changes } = next;
  // Only if the row is still what was read (else 404 if deleted, 409 if changed meanwhile), so
  // the event describes exactly the stored row.
  const [, updated] = await batchIfUnchanged(db, customers, current, "Customer", [
    unchangedGuard(db, customers, current),
    db
      .update(customers)
      .set(changes)
      .where(and(eq(customers.id, id), eq(customers.organizationId, organizationId)))
      .returning(),
    ...recorded.statements,
  ]);
  const [stored] = updated as Customer[];
  if (!stored) throw new Error(`customer ${id} update returned no row`);
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
