// The move's catalogue covers the whole schema: every table is one organization's (with a way to
// select its rows) or named as the directory's, and inserts in the catalogue's order never
// reference a table that comes later.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { DIRECTORY_TABLES, TENANT_TABLES } from "../../../src/services/tenancy/tables";

async function schemaTables(): Promise<string[]> {
  const { results } = await env.DB.prepare(
    "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\' AND name NOT LIKE '\\_cf\\_%' ESCAPE '\\' AND name NOT LIKE 'd1\\_%' ESCAPE '\\' ORDER BY name",
  ).all<{ name: string }>();
  return results.map((row) => row.name);
}

describe("the tenant table catalogue", () => {
  it("lists every table of the schema exactly once, as a tenant table or a directory one", async () => {
    const tenant = TENANT_TABLES.map((table) => table.name);
    const tables = await schemaTables();
    expect(tables.length).toBeGreaterThan(40);
    expect(tables.filter((name) => !tenant.includes(name) && !DIRECTORY_TABLES.includes(name))).toEqual([]);
    expect([...tenant, ...DIRECTORY_TABLES].filter((name) => !tables.includes(name))).toEqual([]);
    expect(new Set(tenant).size).toBe(tenant.length);
    expect(tenant.filter((name) => DIRECTORY_TABLES.includes(name))).toEqual([]);
  });

  it("orders parents before children, so inserts in this order and deletes in the reverse one keep every foreign key", async () => {
    const order = TENANT_TABLES.map((table) => table.name);
    const late: string[] = [];
    for (const [index, name] of order.entries()) {
      const { results } = await env.DB.prepare(`SELECT "table" AS parent FROM pragma_foreign_key_list(?)`)
        .bind(name)
        .all<{ parent: string }>();
      for (const { parent } of results) {
        if (parent !== name && order.indexOf(parent) > index) late.push(`${name} -> ${parent}`);
      }
    }
    expect(late).toEqual([]);
  });

  it("scans each table by its primary key, or a unique key where it has none", () => {
    const keys = Object.fromEntries(TENANT_TABLES.map((table) => [table.name, table.key.join("+")]));
    expect(keys).toMatchObject({
      invoices: "id",
      metadata_entries: "object_type+object_id+key",
      idempotency_keys: "scope+key",
      customer_bank_accounts: "organization_id+iban+customer_id",
      payment_provider_accounts: "organization_id+provider",
    });
  });
});
