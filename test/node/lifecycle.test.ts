// Lifecycle decisions live in src/services/lifecycle.ts (docs/invoices.md, "Lifecycle"): read
// src/ and fail on any comparison of an invoice, quote or bill status literal anywhere else.
// biome-ignore-all lint/suspicious/noTemplateCurlyInString: the samples and allowed lines are source text
import { describe, expect, it } from "vitest";
import { BILL_STATUSES } from "../../src/db/schema/bills";
import { INVOICE_STATUSES } from "../../src/db/schema/invoices";
import { QUOTE_STATUSES } from "../../src/db/schema/quotes";
import { BILL_TRANSITIONS, INVOICE_TRANSITIONS, QUOTE_TRANSITIONS } from "../../src/services/lifecycle";
import { type AllowedLine, linesMatching, staleEntries } from "./helpers/source-lines";

const LIFECYCLE = "src/services/lifecycle.ts";

/** Where the states are declared (schema enums, partial indexes) and the generated client. */
const NOT_SCANNED = ["src/db/schema/", "src/client/"];

/**
 * Comparisons that look like a lifecycle decision but are not one; each with its reason.
 * A line matches an entry when it is in that file and contains the text.
 */
const ALLOWED: AllowedLine[] = [
  {
    file: "src/services/invoices/send.ts",
    text: "${invoiceEmails.status} IN ('queued', 'sent')",
    reason: "an e-mail's delivery status (queued|sent|failed), not the invoice's",
  },
  {
    file: "src/services/documents/policy.ts",
    text: 'doc.status === "expired"',
    reason: "a stored document's status (stored|deleted|expired), not an invoice's or a quote's",
  },
  {
    file: "src/services/documents/lifecycle.ts",
    text: 'inArray(documents.status, ["deleted", "expired"])',
    reason: "a stored document's status, purged once deleted or expired",
  },
];

const STATES = [...new Set<string>([...INVOICE_STATUSES, ...QUOTE_STATUSES, ...BILL_STATUSES])];
const STATE = `(?:${STATES.join("|")})`;

/** The shapes a status comparison takes in TypeScript, Drizzle and raw SQL. */
const COMPARISONS: RegExp[] = [
  new RegExp(`[!=]==?\\s*["'\`]${STATE}["'\`]`),
  new RegExp(`["'\`]${STATE}["'\`]\\s*[!=]==?`),
  new RegExp(`\\bcase\\s+["'\`]${STATE}["'\`]\\s*:`),
  new RegExp(`\\b(?:eq|ne|inArray|notInArray)\\([^)]*\\bstatus\\b[^)]*["'\`]${STATE}["'\`]`),
  new RegExp(`\\[\\s*["'\`]${STATE}["'\`][^\\]]*\\]\\s*\\.includes\\(`),
  new RegExp(`status\\s*(?:=|<>|!=|IN|NOT IN)\\s*\\(?\\s*'${STATE}'`, "i"),
  new RegExp(`status\\}?\\s*(?:=|<>|!=|IN|NOT IN)\\s*\\(?[^)'\`]*'${STATE}'`, "i"),
];

/** Every line of src/ outside the lifecycle module that compares a status literal. */
const statusComparisons = () =>
  linesMatching(
    COMPARISONS,
    ALLOWED,
    (file) => file === LIFECYCLE || NOT_SCANNED.some((prefix) => file.startsWith(prefix)),
  );

describe("the lifecycle table", () => {
  it("is the only place in src/ that compares an invoice or quote status literal", () => {
    expect(statusComparisons()).toEqual([]);
  });

  it("recognises the comparison shapes it guards against", () => {
    const samples = [
      'if (status === "draft") throw x;',
      'if ("paid" !== invoice.status) return;',
      'case "overdue":',
      'eq(invoices.status, "sent")',
      'inArray(invoices.status, ["sent", "overdue"])',
      '["sent", "overdue"].includes(status)',
      "WHERE id = ${id} AND status IN ('sent', 'overdue')",
      "sql`${invoices.status} = 'draft' AND x`",
    ];
    for (const sample of samples)
      expect(
        COMPARISONS.some((pattern) => pattern.test(sample)),
        sample,
      ).toBe(true);
    for (const sample of [
      'status: "draft",',
      "reason: `invoice_${status}`",
      'hint: "POST /v1/invoices/{id}/void"',
    ])
      expect(
        COMPARISONS.some((pattern) => pattern.test(sample)),
        sample,
      ).toBe(false);
  });

  it("keeps each allow-list entry in use, so a stale one does not hide a new comparison", () => {
    expect(staleEntries(ALLOWED)).toEqual([]);
  });

  it("names only real states, roles and from-states in each transition", () => {
    const tables = [
      [INVOICE_TRANSITIONS, INVOICE_STATUSES],
      [QUOTE_TRANSITIONS, QUOTE_STATUSES],
      [BILL_TRANSITIONS, BILL_STATUSES],
    ] as const;
    for (const [table, states] of tables) {
      for (const [name, transition] of Object.entries(table)) {
        const known = new Set<string>(states);
        for (const from of transition.from) expect(known.has(from), `${name} from ${from}`).toBe(true);
        if (transition.to !== null)
          expect(known.has(transition.to), `${name} to ${transition.to}`).toBe(true);
        for (const role of transition.roles) expect(["owner", "admin", "member"]).toContain(role);
      }
    }
    expect(INVOICE_TRANSITIONS.void.roles).toEqual(["owner", "admin"]);
  });
});
