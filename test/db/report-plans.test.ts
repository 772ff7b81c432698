// EXPLAIN QUERY PLAN of the statements the reports and a filtered keyset page of the invoice list
// actually run: each service is called on a D1 handle that records what it prepares, and every
// recorded statement is explained with its own parameters. The reports read covering indexes
// (no table row, no JSON), and no statement scans the invoices. The tables are empty and not
// ANALYZEd, the worst case for the planner's guesses.
import { env } from "cloudflare:workers";
import { drizzle } from "drizzle-orm/d1";
import { describe, expect, it } from "vitest";
import type { Db } from "../../src/db/client";
import { encodeCursor, listInvoices } from "../../src/services/invoices/read";
import { receivablesReport, taxReport } from "../../src/services/invoices/reports";
import { payablesReport } from "../../src/services/reports/payables";

interface Recorded {
  sql: string;
  params: unknown[];
}

/** A Drizzle handle over env.DB that records every statement it prepares and the values bound. */
function recordingDb(): { db: Db; statements: Recorded[] } {
  const statements: Recorded[] = [];
  const forward = <T extends object>(target: T, prop: string | symbol) => {
    const value = Reflect.get(target, prop);
    return typeof value === "function" ? value.bind(target) : value;
  };
  const statement = (stmt: D1PreparedStatement, entry: Recorded): D1PreparedStatement =>
    new Proxy(stmt, {
      get: (target, prop) =>
        prop === "bind"
          ? (...params: unknown[]) => {
              entry.params = params;
              return statement(target.bind(...params), entry);
            }
          : forward(target, prop),
    });
  const d1 = new Proxy(env.DB, {
    get: (target, prop) =>
      prop === "prepare"
        ? (query: string) => {
            const entry = { sql: query, params: [] };
            statements.push(entry);
            return statement(target.prepare(query), entry);
          }
        : prop === "batch"
          ? // The batch takes the real statements: unwrap them through their own bind.
            (list: D1PreparedStatement[]) => target.batch(list)
          : forward(target, prop),
  });
  return { db: drizzle(d1) as unknown as Db, statements };
}

async function plans(statements: Recorded[]): Promise<string[]> {
  return Promise.all(
    statements.map(async ({ sql, params }) => {
      const { results } = await env.DB.prepare(`EXPLAIN QUERY PLAN ${sql}`)
        .bind(...params)
        .all<{ detail: string }>();
      return results.map((row) => row.detail).join("\n");
    }),
  );
}

const organizationId = "org_plans";

describe("report query plans", () => {
  it("sums the tax report's invoices, credit notes and bills from the tax lines' covering index, no JSON", async () => {
    const { db, statements } = recordingDb();
    await taxReport(db, organizationId, "2026-01-01", "2026-12-31");
    const all = await plans(statements);
    // The issued documents' sums and the bills' (received) sums: two ranges of the one index.
    expect(all).toHaveLength(2);
    for (const plan of all) {
      expect(plan).toMatch(
        /^SEARCH document_tax_lines USING COVERING INDEX document_tax_lines_report_idx \(organization_id=\? AND document_type=\? AND tax_date>\? AND tax_date<\?\)/m,
      );
      // Nothing the report runs reads a document's row or its JSON.
      expect(plan).not.toMatch(/\b(invoices|credit_notes|bills)\b|json_each|^SCAN/m);
    }
  });

  it("ages the receivables from the open states' covering index, naming each customer once per group", async () => {
    const { db, statements } = recordingDb();
    await receivablesReport(db, organizationId);
    const all = await plans(statements);
    expect(all).toHaveLength(2);
    for (const plan of all) {
      expect(plan).toMatch(
        /SEARCH invoices USING COVERING INDEX invoices_organization_status_due_idx \(organization_id=\? AND status=\?\)/,
      );
      expect(plan).not.toMatch(/^SCAN (?!s\b)/m);
    }
    expect(all[1]).toMatch(/SEARCH c USING INDEX sqlite_autoindex_customers_1 \(id=\?\)/);
  });

  it("ages the payables from the open states' covering index", async () => {
    const { db, statements } = recordingDb();
    await payablesReport(db, organizationId);
    const all = await plans(statements);
    expect(all).toHaveLength(2);
    for (const plan of all) {
      expect(plan).toMatch(
        /SEARCH bills USING COVERING INDEX bills_organization_status_due_idx \(organization_id=\? AND status=\?\)/,
      );
      expect(plan).not.toMatch(/^SCAN (?!s\b)/m);
    }
  });

  it("serves a filtered keyset page of the invoice list from indexes, in order, without scanning", async () => {
    const { db, statements } = recordingDb();
    const cursor = encodeCursor({ sort: "-created_at", key: "2026-06-01T00:00:00.000Z", id: "inv_x" });
    await listInvoices(db, organizationId, {
      status: "paid",
      sort: "-created_at",
      cursor,
      limit: 50,
      offset: 0,
    });
    const all = await plans(statements);
    const [page, total] = all;
    expect(page).toMatch(
      /SEARCH invoices USING INDEX invoices_organization_status_created_idx \(organization_id=\? AND status=\? AND \(created_at,id\)<\(\?,\?\)\)/,
    );
    // The total over a whole status: one row of the per-status counts, not a count of the invoices.
    expect(total).toMatch(
      /^SEARCH invoice_counts USING INDEX sqlite_autoindex_invoice_counts_1 \(organization_id=\? AND status=\?\)$/,
    );
    for (const plan of all) expect(plan).not.toMatch(/^SCAN|TEMP B-TREE FOR ORDER BY/m);
  });

  it("counts a page filtered beyond the status through a covering index", async () => {
    const { db, statements } = recordingDb();
    const cursor = encodeCursor({ sort: "-created_at", key: "2026-06-01T00:00:00.000Z", id: "inv_x" });
    await listInvoices(db, organizationId, {
      status: "paid",
      customer_id: "cus_x",
      sort: "-created_at",
      cursor,
      limit: 50,
      offset: 0,
    });
    const [page, total] = await plans(statements);
    expect(page).toMatch(/^SEARCH invoices USING INDEX \w+ \(organization_id=\? AND customer_id=\?/);
    expect(total).toMatch(/^SEARCH invoices USING (COVERING )?INDEX \w+ \(organization_id=\? AND/);
    for (const plan of [page, total]) expect(plan).not.toMatch(/^SCAN|TEMP B-TREE FOR ORDER BY/m);
  });
});
