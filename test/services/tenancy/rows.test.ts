// The move's engine on two real D1 databases: an organization's rows are copied verbatim in
// small chunks, compared by count and checksum, and deleted; a chunk copied twice (its cursor
// lost) leaves no duplicate, and a row changed on one side is found.
import { describe, expect, it } from "vitest";
import {
  compareChunk,
  copyChunk,
  countRows,
  deleteChunk,
  type Key,
} from "../../../src/services/tenancy/rows";
import { TENANT_TABLES, type TenantTable } from "../../../src/services/tenancy/tables";
import { busyOrganization } from "../../helpers/busy-organization";
import { d1Of, tenantD1s } from "../../helpers/db";

let source: D1Database;
let target: D1Database;

async function copyTable(table: TenantTable, organizationId: string, limit: number) {
  let after: Key | null = null;
  for (;;) {
    const chunk = await copyChunk(source, target, table, organizationId, after, limit);
    after = chunk.last;
    if (chunk.done) return;
  }
}

async function differingTables(organizationId: string, limit: number): Promise<string[]> {
  const differing: string[] = [];
  for (const table of TENANT_TABLES) {
    let after: Key | null = null;
    for (;;) {
      const chunk = await compareChunk(source, target, table, organizationId, after, limit);
      if (!chunk.equal) {
        differing.push(table.name);
        break;
      }
      after = chunk.last;
      if (chunk.done) break;
    }
  }
  return differing;
}

async function counts(d1: D1Database, organizationId: string) {
  const out: Record<string, number> = {};
  for (const table of TENANT_TABLES) out[table.name] = await countRows(d1, table, organizationId);
  return out;
}

describe("copying, comparing and deleting one organization's rows", () => {
  it("copies every row verbatim in chunks, finds a changed row, and deletes children before parents", async () => {
    const { org } = await busyOrganization();
    const id = org.organizationId;
    source = await d1Of(id);
    target = tenantD1s().find((d1) => d1 !== source)!;
    const before = await counts(source, id);
    for (const name of [
      "invoices",
      "invoice_items",
      "payments",
      "credit_notes",
      "documents",
      "webhook_events",
    ]) {
      expect(before[name], name).toBeGreaterThan(0);
    }
    expect(before.webhook_attempts).toBeGreaterThan(0);

    for (const table of TENANT_TABLES) await copyTable(table, id, 3);
    expect(await counts(target, id)).toEqual(before);
    expect(await differingTables(id, 3)).toEqual([]);

    // A chunk copied again (its cursor was never saved) replaces its own rows.
    const items = TENANT_TABLES.find((table) => table.name === "invoice_items")!;
    await copyChunk(source, target, items, id, null, 5);
    expect(await differingTables(id, 4)).toEqual([]);

    // A row changed on the source after the copy is found, and so is a row only the target has.
    await source
      .prepare(
        "UPDATE invoice_items SET description = 'changed' WHERE id = (SELECT max(id) FROM invoice_items WHERE organization_id = ?)",
      )
      .bind(id)
      .run();
    expect(await differingTables(id, 3)).toEqual(["invoice_items"]);
    await copyTable(items, id, 3);
    expect(await differingTables(id, 3)).toEqual([]);
    await target
      .prepare(
        "INSERT INTO metadata_entries (organization_id, object_type, object_id, key, value) VALUES (?, 'customer', 'cus_zzzz', 'late', 'x')",
      )
      .bind(id)
      .run();
    expect(await differingTables(id, 2)).toEqual(["metadata_entries"]);
    await target.prepare("DELETE FROM metadata_entries WHERE object_id = 'cus_zzzz'").run();

    for (const table of [...TENANT_TABLES].reverse()) {
      while (!(await deleteChunk(source, table, id, 4)).done) {}
    }
    expect(Object.values(await counts(source, id)).every((n) => n === 0)).toBe(true);
    expect(await counts(target, id)).toEqual(before);
  }, 120_000);
});
