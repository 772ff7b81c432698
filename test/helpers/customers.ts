// Customers for tests that need one without going through the API: a row to put in a batch
// of one's own (outbox atomicity), or one inserted straight into D1.
import { customers } from "../../src/db/schema/customers";
import { nowIso } from "../../src/lib/clock";
import { prefixedId } from "../../src/lib/ids";
import { dbOf } from "./db";

export function customerRow(organizationId: string, id = prefixedId("cus"), name = "Customer Ltd") {
  const at = nowIso();
  return {
    id,
    organizationId,
    name,
    email: `billing-${id}@example.com`,
    addressLine1: "1 Main Street",
    addressCity: "Springfield",
    addressPostalCode: "12345",
    addressCountry: "US",
    createdAt: at,
    updatedAt: at,
  };
}

export async function insertCustomer(organizationId: string, name = "Customer Ltd"): Promise<string> {
  const row = customerRow(organizationId, undefined, name);
  await (await dbOf(organizationId)).insert(customers).values(row);
  return row.id;
}
