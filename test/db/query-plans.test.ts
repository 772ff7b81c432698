// EXPLAIN QUERY PLAN of every list query (as the services spell them) and of the foreign-key
// lookups a delete makes: each must seek an index (no SCAN) and none may sort in a temp B-tree.
// The tables are empty and not ANALYZEd here, the worst case for the planner's guesses.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";

const today = "2026-01-01";

/** `?metadata[k]=v&metadata[k2]=v2` on each list that takes it, as services/metadata.ts spells it. */
function metadataQueries(): Record<string, string> {
  const order = "ORDER BY created_at DESC, id DESC LIMIT 20 OFFSET 0";
  const pair = (type: string, key: string, value: string) =>
    `id IN (SELECT object_id FROM metadata_entries WHERE organization_id = 'o' AND object_type = '${type}' AND "key" = '${key}' AND "value" = '${value}')`;
  const lists = [
    ["customers", "customer"],
    ["products", "product"],
    ["invoices", "invoice"],
    ["credit_notes", "credit_note"],
    ["projects", "project"],
    ["webhook_endpoints", "webhook_endpoint"],
  ];
  return Object.fromEntries(
    lists.map(([table, type]) => [
      `${table} ?metadata[k]=v&metadata[k2]=v2`,
      `SELECT * FROM ${table} WHERE organization_id = 'o' AND ${pair(type!, "k", "v")} AND ${pair(type!, "k2", "v2")} ${order}`,
    ]),
  );
}
const order = "ORDER BY created_at DESC, id DESC LIMIT 20 OFFSET 0";
const queries: Record<string, string> = {
  invoices: `SELECT * FROM invoices WHERE organization_id = 'o' ${order}`,
  "invoices ?status=paid": `SELECT * FROM invoices WHERE organization_id = 'o' AND status = 'paid' ${order}`,
  "invoices ?status=sent": `SELECT * FROM invoices WHERE organization_id = 'o' AND (status = 'sent' AND +due_date >= '${today}') ${order}`,
  "invoices ?status=sent count": `SELECT count(*) FROM invoices WHERE organization_id = 'o' AND (status = 'sent' AND due_date >= '${today}')`,
  "invoices ?status=overdue": `SELECT * FROM invoices WHERE organization_id = 'o' AND (status = 'overdue' OR (status = 'sent' AND due_date < '${today}')) ${order}`,
  "invoices ?status=overdue count": `SELECT count(*) FROM invoices WHERE organization_id = 'o' AND status IN ('overdue', 'sent') AND (status = 'overdue' OR (status = 'sent' AND due_date < '${today}'))`,
  "invoices ?customer_id": `SELECT * FROM invoices WHERE organization_id = 'o' AND customer_id = 'c' ${order}`,
  "invoices ?created_gte&created_lt": `SELECT * FROM invoices WHERE organization_id = 'o' AND created_at >= '2026-01-01' AND created_at < '2026-02-01' ${order}`,
  "invoices ?created_gte count": `SELECT count(*) FROM invoices WHERE organization_id = 'o' AND created_at >= '2026-01-01'`,
  "invoices ?due_date_gte&due_date_lt": `SELECT * FROM invoices WHERE organization_id = 'o' AND +due_date >= '2026-01-01' AND +due_date < '2026-02-01' ${order}`,
  "invoices ?due_date_gte count": `SELECT count(*) FROM invoices WHERE organization_id = 'o' AND due_date >= '2026-01-01' AND due_date < '2026-02-01'`,
  "invoices ?issue_date_gte&issue_date_lt": `SELECT * FROM invoices WHERE organization_id = 'o' AND +issue_date >= '2026-01-01' AND +issue_date < '2026-02-01' ${order}`,
  "invoices ?issue_date_gte count": `SELECT count(*) FROM invoices WHERE organization_id = 'o' AND issue_date >= '2026-01-01' AND issue_date < '2026-02-01'`,
  "invoices ?number": `SELECT * FROM invoices WHERE organization_id = 'o' AND (number = 'INV-000001' AND number <> '') ${order}`,
  "invoices ?number count": `SELECT count(*) FROM invoices WHERE organization_id = 'o' AND (number = 'INV-000001' AND number <> '')`,
  "invoices ?sort=created_at": `SELECT * FROM invoices WHERE organization_id = 'o' ORDER BY created_at ASC, id ASC LIMIT 20 OFFSET 0`,
  "invoices ?sort=due_date": `SELECT * FROM invoices WHERE organization_id = 'o' ORDER BY due_date ASC, id ASC LIMIT 20 OFFSET 0`,
  "invoices ?sort=-due_date": `SELECT * FROM invoices WHERE organization_id = 'o' ORDER BY due_date DESC, id DESC LIMIT 20 OFFSET 0`,
  "invoices ?sort=total": `SELECT * FROM invoices WHERE organization_id = 'o' ORDER BY total_minor ASC, id ASC LIMIT 20 OFFSET 0`,
  "invoices ?sort=-total": `SELECT * FROM invoices WHERE organization_id = 'o' ORDER BY total_minor DESC, id DESC LIMIT 20 OFFSET 0`,
  "invoices ?sort=due_date&due_date_gte": `SELECT * FROM invoices WHERE organization_id = 'o' AND due_date >= '2026-01-01' AND due_date < '2026-02-01' ORDER BY due_date ASC, id ASC LIMIT 20 OFFSET 0`,
  "invoices ?sort=-total&status=paid&customer_id&created_gte&issue_date_gte": `SELECT * FROM invoices WHERE organization_id = 'o' AND +status = 'paid' AND +customer_id = 'c' AND +created_at >= '2026-01-01' AND +issue_date >= '2026-01-01' ORDER BY total_minor DESC, id DESC LIMIT 20 OFFSET 0`,
  "invoices ?sort=-due_date&status=overdue": `SELECT * FROM invoices WHERE organization_id = 'o' AND (+status = 'overdue' OR (+status = 'sent' AND +due_date < '${today}')) ORDER BY due_date DESC, id DESC LIMIT 20 OFFSET 0`,
  "invoices ?sort=total&number": `SELECT * FROM invoices WHERE organization_id = 'o' AND (number = 'INV-000001' AND number <> '') ORDER BY total_minor ASC, id ASC LIMIT 20 OFFSET 0`,
  "invoices ?cursor (default sort)": `SELECT * FROM invoices WHERE organization_id = 'o' AND (created_at, id) < ('2026-01-01T00:00:00.000Z', 'inv_x') ${order}`,
  "invoices ?cursor&status=paid": `SELECT * FROM invoices WHERE organization_id = 'o' AND status = 'paid' AND (created_at, id) < ('2026-01-01T00:00:00.000Z', 'inv_x') ${order}`,
  "invoices ?cursor&sort=due_date": `SELECT * FROM invoices WHERE organization_id = 'o' AND (due_date, id) > ('2026-01-01', 'inv_x') ORDER BY due_date ASC, id ASC LIMIT 20 OFFSET 0`,
  "invoices ?cursor&sort=-total": `SELECT * FROM invoices WHERE organization_id = 'o' AND (total_minor, id) < (1000, 'inv_x') ORDER BY total_minor DESC, id DESC LIMIT 20 OFFSET 0`,
  "invoice e-mails": `SELECT * FROM invoice_emails WHERE invoice_id = 'i' AND organization_id = 'o' ORDER BY created_at, id LIMIT 20`,
  // The hourly sweep of e-mails a stopped Worker left undelivered (services/invoices/abandoned-emails.ts).
  "abandoned http e-mails": `SELECT * FROM invoice_emails INNER JOIN organizations ON organizations.id = invoice_emails.organization_id WHERE (status = 'queued' AND transport = 'http') AND invoice_emails.created_at < '2026-01-01T00:00:00.000Z' ORDER BY invoice_emails.created_at, invoice_emails.id LIMIT 50`,
  "abandoned http credit note e-mails": `SELECT * FROM credit_note_emails INNER JOIN organizations ON organizations.id = credit_note_emails.organization_id WHERE (status = 'queued' AND transport = 'http') AND credit_note_emails.created_at < '2026-01-01T00:00:00.000Z' ORDER BY credit_note_emails.created_at, credit_note_emails.id LIMIT 50`,
  "credit note e-mails": `SELECT * FROM credit_note_emails WHERE credit_note_id = 'c' AND organization_id = 'o' ORDER BY created_at, id`,
  customers: `SELECT * FROM customers WHERE organization_id = 'o' ${order}`,
  "customers ?search": `SELECT * FROM customers WHERE organization_id = 'o' AND (instr(lower(name), lower('x')) > 0 OR instr(lower(email), lower('x')) > 0) ${order}`,
  "customers (active)": `SELECT * FROM customers WHERE organization_id = 'o' AND archived = 0 ${order}`,
  "customers ?archived=true": `SELECT * FROM customers WHERE organization_id = 'o' AND archived = 1 ${order}`,
  products: `SELECT * FROM products WHERE organization_id = 'o' ${order}`,
  "products ?search": `SELECT * FROM products WHERE organization_id = 'o' AND (instr(lower(name), lower('x')) > 0 OR instr(lower(coalesce(description, '')), lower('x')) > 0) ${order}`,
  projects: `SELECT * FROM projects WHERE organization_id = 'o' ${order}`,
  "projects ?status": `SELECT * FROM projects WHERE organization_id = 'o' AND status = 'active' ${order}`,
  "projects ?search": `SELECT * FROM projects WHERE organization_id = 'o' AND instr(lower(name), lower('x')) > 0 ${order}`,
  milestones: `SELECT m.*, coalesce(tc.task_count, 0) FROM milestones m LEFT JOIN (SELECT milestone_id, count(*) AS task_count, sum(status = 'done') AS done FROM tasks WHERE project_id = 'p' GROUP BY milestone_id) tc ON tc.milestone_id = m.id WHERE m.project_id = 'p' AND m.organization_id = 'o' ORDER BY m.position, m.created_at, m.id LIMIT 20`,
  tasks: `SELECT * FROM tasks WHERE project_id = 'p' AND organization_id = 'o' ORDER BY created_at, id LIMIT 20`,
  "tasks ?milestone_id": `SELECT * FROM tasks WHERE project_id = 'p' AND organization_id = 'o' AND milestone_id = 'm' ORDER BY created_at, id LIMIT 20`,
  "tasks ?status": `SELECT * FROM tasks WHERE project_id = 'p' AND organization_id = 'o' AND status = 'done' ORDER BY created_at, id LIMIT 20`,
  "tax rates": `SELECT * FROM tax_rates WHERE organization_id = 'o' ${order}`,
  "credit notes": `SELECT * FROM credit_notes WHERE organization_id = 'o' ${order}`,
  "credit notes ?invoice_id": `SELECT * FROM credit_notes WHERE organization_id = 'o' AND invoice_id = 'i' ${order}`,
  "credit notes ?customer_id": `SELECT * FROM credit_notes WHERE organization_id = 'o' AND customer_id = 'c' ${order}`,
  "credit notes of an invoice (credit check)": `SELECT id, totals_detail FROM credit_notes WHERE invoice_id = 'i'`,
  payments: `SELECT * FROM payments WHERE invoice_id = 'i' AND organization_id = 'o' ORDER BY created_at, id LIMIT 20`,
  // ?metadata[k]=v (see metadataQueries below), on the lists whose default order has an index.
  ...Object.fromEntries(
    Object.entries(metadataQueries()).filter(([name]) => !name.startsWith("webhook_endpoints")),
  ),
  "metadata entries of an object (rewrite, delete)": `DELETE FROM metadata_entries WHERE object_type = 'customer' AND object_id = 'c' AND organization_id = 'o'`,
  "events (a cursor page)": `SELECT id, created_at, payload FROM webhook_events WHERE organization_id = 'o' AND type <> 'webhook.test' AND (created_at < 't' OR (created_at = 't' AND id < 'e')) ORDER BY created_at DESC, id DESC LIMIT 21`,
  "events ?type&created_gte": `SELECT id, created_at, payload FROM webhook_events WHERE organization_id = 'o' AND type <> 'webhook.test' AND type = 'invoice.paid' AND created_at >= 't' ORDER BY created_at DESC, id DESC LIMIT 21`,
  "tax rate in use": `SELECT 1 FROM invoice_items WHERE tax_rate_id = 'r' LIMIT 1`,
  // What SQLite runs to enforce the foreign keys when a parent row is deleted.
  "FK invoices.customer_id": `SELECT 1 FROM invoices WHERE customer_id = 'c'`,
  "FK projects.customer_id": `SELECT 1 FROM projects WHERE customer_id = 'c'`,
  "FK tasks.milestone_id": `SELECT 1 FROM tasks WHERE milestone_id = 'm'`,
  "FK tasks.project_id": `SELECT 1 FROM tasks WHERE project_id = 'p'`,
  "FK milestones.project_id": `SELECT 1 FROM milestones WHERE project_id = 'p'`,
  "FK invoice_items.invoice_id": `SELECT 1 FROM invoice_items WHERE invoice_id = 'i'`,
  "FK invoice_emails.invoice_id": `SELECT 1 FROM invoice_emails WHERE invoice_id = 'i'`,
  "FK payments.invoice_id": `SELECT 1 FROM payments WHERE invoice_id = 'i'`,
  "FK credit_notes.invoice_id": `SELECT 1 FROM credit_notes WHERE invoice_id = 'i'`,
  "FK credit_notes.customer_id": `SELECT 1 FROM credit_notes WHERE customer_id = 'c'`,
  "FK credit_note_items.credit_note_id": `SELECT 1 FROM credit_note_items WHERE credit_note_id = 'n'`,
};

// The reports aggregate over an organization's rows in a range: each must seek its range through
// an index that starts with the organization (no table scan); a GROUP BY sorter over the matched
// rows is expected. The reports' own statements: test/db/report-plans.test.ts.
const aggregates: Record<string, string> = {
  "receivables: open invoices": `SELECT currency, SUM(total_minor - amount_paid_minor - amount_credited_minor) FROM invoices WHERE organization_id = 'o' AND status IN ('sent', 'overdue') GROUP BY currency`,
};

// Before a first webhook attempt: are any of these events' deliveries pending? (The ids are one
// JSON parameter: its json_each is the one SCAN of the plan.)
const pendingOfEvents = `SELECT id FROM webhook_deliveries WHERE event_id IN (SELECT value FROM json_each('["e1","e2","e3"]')) AND +status = 'pending' LIMIT 1`;

describe("query plans", () => {
  it("finds pending deliveries of events through the event index, not by walking every pending one", async () => {
    const query = pendingOfEvents;
    const { results } = await env.DB.prepare(`EXPLAIN QUERY PLAN ${query}`).all<{ detail: string }>();
    const plan = results.map((row) => row.detail).join("\n");
    expect(plan).toContain("webhook_deliveries_event_idx (event_id=?)");
    expect(plan).not.toMatch(/TEMP B-TREE|^SCAN webhook_deliveries/m);
    // Without the unary +, SQLite walks the status index instead: the plan this guards against.
    const { results: bare } = await env.DB.prepare(
      `EXPLAIN QUERY PLAN ${query.replace("+status", "status")}`,
    ).all<{ detail: string }>();
    expect(bare.map((row) => row.detail).join("\n")).not.toContain("webhook_deliveries_event_idx");
  });

  it("reads a sweep visit's unfinished moves through their partial index, not every move ever made", async () => {
    // shardVisit (src/db/route.ts), visiting DB.
    const query = `SELECT organization_moves.organization_id FROM organization_moves LEFT JOIN organization_databases ON organization_databases.organization_id = organization_moves.organization_id WHERE organization_moves.phase <> 'done' AND (organization_databases.state = 'moving' OR ((organization_moves.source = 'DB' OR organization_moves.target = 'DB') AND organization_databases.database IS NOT 'DB'))`;
    const { results } = await env.DB.prepare(`EXPLAIN QUERY PLAN ${query}`).all<{ detail: string }>();
    const plan = results.map((row) => row.detail).join("\n");
    expect(plan).toContain("SCAN organization_moves USING INDEX organization_moves_unfinished_idx");
    expect(plan).toContain("SEARCH organization_databases USING INDEX");
    expect(plan).not.toMatch(/TEMP B-TREE/);
  });

  it.each(Object.entries(queries))("%s: an index seek, no temp B-tree", async (_name, query) => {
    const { results } = await env.DB.prepare(`EXPLAIN QUERY PLAN ${query}`).all<{ detail: string }>();
    const plan = results.map((row) => row.detail);
    expect(plan.join("\n")).not.toMatch(/TEMP B-TREE|^SCAN /m);
    expect(plan.some((step) => step.startsWith("SEARCH"))).toBe(true);
  });

  it.each(Object.entries(metadataQueries()))(
    "%s: each pair is a seek of the metadata lookup index",
    async (_name, query) => {
      const { results } = await env.DB.prepare(`EXPLAIN QUERY PLAN ${query}`).all<{ detail: string }>();
      const plan = results.map((row) => row.detail);
      const lookups = plan.filter((step) => step.includes("metadata_entries"));
      expect(lookups).toHaveLength(2);
      for (const step of lookups) {
        expect(step).toMatch(
          /^SEARCH metadata_entries USING COVERING INDEX metadata_entries_lookup_idx \(organization_id=\? AND object_type=\? AND key=\? AND value=\?\)/,
        );
      }
      expect(plan.filter((step) => step.startsWith("SCAN"))).toEqual([]);
    },
  );

  it.each(Object.entries(aggregates))(
    "%s: an index range of one organization, no table scan",
    async (_name, query) => {
      const { results } = await env.DB.prepare(`EXPLAIN QUERY PLAN ${query}`).all<{ detail: string }>();
      const plan = results.map((row) => row.detail);
      expect(plan[0]).toMatch(/^SEARCH \w+ USING (COVERING )?INDEX \w+ \(organization_id=\? AND /);
      expect(plan.filter((step) => step.startsWith("SCAN") && !step.includes("VIRTUAL TABLE"))).toEqual([]);
    },
  );

  it.each([
    ["object_id", "object_id = 'x'"],
    ["legacy rows", "object_id IS NULL AND json_extract(payload, '$.data.object.id') = 'x'"],
  ])("finds one object's events (%s) through the object index", async (_name, condition) => {
    const query = `SELECT id, created_at, payload FROM webhook_events WHERE organization_id = 'o' AND type <> 'webhook.test' AND ${condition} ORDER BY created_at DESC, id DESC LIMIT 21`;
    const { results } = await env.DB.prepare(`EXPLAIN QUERY PLAN ${query}`).all<{ detail: string }>();
    const plan = results.map((row) => row.detail).join("\n");
    // The seek yields them in list order: no sort, no walk over the organization's history.
    expect(plan).toContain("USING INDEX webhook_events_object_idx (organization_id=? AND object_id=?)");
    expect(plan).not.toContain("TEMP B-TREE");
    expect(plan).not.toMatch(/^SCAN /m);
  });

  it("serves each invoice sort from its own index, and ?number from the unique number index", async () => {
    const plan = async (query: string) =>
      (await env.DB.prepare(`EXPLAIN QUERY PLAN ${query}`).all<{ detail: string }>()).results
        .map((row) => row.detail)
        .join("\n");
    expect(await plan(queries["invoices ?sort=-due_date"]!)).toContain("invoices_organization_due_id_idx");
    expect(await plan(queries["invoices ?cursor&sort=due_date"]!)).toContain(
      "invoices_organization_due_id_idx",
    );
    expect(await plan(queries["invoices ?sort=-total"]!)).toContain("invoices_organization_total_id_idx");
    expect(await plan(queries["invoices ?number"]!)).toContain("invoices_organization_number_unique");
    expect(await plan(queries["invoices ?created_gte&created_lt"]!)).toContain(
      "invoices_organization_created_idx (organization_id=? AND created_at>? AND created_at<?)",
    );
  });

  it("walks the status index in order for ?status=sent, and the default-order index for overdue", async () => {
    const plan = async (query: string) =>
      (await env.DB.prepare(`EXPLAIN QUERY PLAN ${query}`).all<{ detail: string }>()).results
        .map((row) => row.detail)
        .join("\n");
    expect(await plan(queries["invoices ?status=sent"]!)).toContain(
      "invoices_organization_status_created_idx",
    );
    expect(await plan(queries["invoices ?status=overdue"]!)).toContain("invoices_organization_created_idx");
    expect(await plan(queries["invoices ?status=overdue count"]!)).toContain(
      "COVERING INDEX invoices_organization_status_due_idx (organization_id=? AND status=?)",
    );
  });
});
