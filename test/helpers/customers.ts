// Customers for tests of other resources, inserted straight into D1: the customers API is
// built on its own branch. Once it is merged this can switch to POST /v1/customers.
import { env } from "cloudflare:workers";
import { createDb } from "../../src/db/client";
import { customers } from "../../src/db/schema/customers";
import { prefixedId } from "../../src/lib/ids";

export async function insertCustomer(organizationId: string, name = "Customer Ltd"): Promise<string> {
  const id = prefixedId("cus");
  const at = new Date().toISOString();
  await createDb(env.DB)
    .insert(customers)
    .values({
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
    });
  return id;
}
