// The overdue sweep: persists `overdue` (with its event) for sent invoices past their due date.
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { versionGuard } from "../../db/guards";
import { anyOrganization, type Settled } from "../../db/route";
import { type Invoice, invoiceItems, invoices } from "../../db/schema/invoices";
import { now, utcDate } from "../../lib/clock";
import { ApiError } from "../../lib/errors";
import { INVOICE_TRANSITIONS, invoiceStatesFor, sqlFallsDue, statusIn } from "../lifecycle";
import { commit, event, type Statement } from "./common";
import { serializeInvoice } from "./read";

const SWEEP_CHUNK = 20;
const SWEEP_MAX_PER_RUN = 2000;

/**
 * Persists `overdue` for sent invoices whose due date (UTC) has passed, with an
 * `invoice.overdue` event each, in the same batch. Reads already report overdue before this
 * runs. At most 2,000 per run; the next hour continues. Returns the ids of recorded events.
 * `organizationId`: that organization only (the test clock's sweep); `settled`: the cron's
 * condition on the organizations it may touch on this database (ShardVisit).
 */
export async function markOverdueInvoices(
  db: Db,
  at: Date = now(),
  organizationId?: string,
  settled: Settled = anyOrganization,
): Promise<string[]> {
  const today = utcDate(at);
  const atIso = at.toISOString();
  const eventIds: string[] = [];
  let examined = 0;
  while (examined < SWEEP_MAX_PER_RUN) {
    const due = await db
      .select()
      .from(invoices)
      .where(
        and(
          statusIn(invoices.status, invoiceStatesFor("mark_overdue")),
          sql`${invoices.dueDate} < ${today}`,
          // What the organization owes its customer (381, 389) never falls due.
          sqlFallsDue(),
          // One organization (the test clock), or every live one: test organizations' invoices
          // fall due on their own clock, as it is advanced.
          organizationId
            ? eq(invoices.organizationId, organizationId)
            : sql`${invoices.organizationId} NOT IN (SELECT id FROM organizations WHERE test_mode = 1)`,
          settled(invoices.organizationId),
        ),
      )
      .orderBy(asc(invoices.dueDate), asc(invoices.id))
      .limit(SWEEP_CHUNK);
    if (due.length === 0) break;
    examined += due.length;
    const items = await db
      .select()
      .from(invoiceItems)
      .where(
        inArray(
          invoiceItems.invoiceId,
          due.map((row) => row.id),
        ),
      )
      .orderBy(asc(invoiceItems.invoiceId), asc(invoiceItems.position));
    const marks = due.map((row) => {
      const next: Invoice = {
        ...row,
        status: INVOICE_TRANSITIONS.mark_overdue.to,
        version: row.version + 1,
        updatedAt: atIso,
      };
      const recorded = event(
        db,
        row.organizationId,
        "invoice.overdue",
        serializeInvoice(
          next,
          items.filter((item) => item.invoiceId === row.id),
          today,
        ),
        atIso,
      );
      const statements: Statement[] = [
        versionGuard(db, invoices, row.id, row.version),
        db
          .update(invoices)
          .set({ status: next.status, version: next.version, updatedAt: atIso })
          .where(eq(invoices.id, row.id)),
        ...recorded.statements,
      ];
      return { id: recorded.id, statements };
    });
    try {
      await commit(
        db,
        marks.flatMap((mark) => mark.statements),
      );
      eventIds.push(...marks.map((mark) => mark.id));
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      // One invoice changed meanwhile (paid, say): mark the others one by one.
      for (const mark of marks) {
        try {
          await commit(db, mark.statements);
          eventIds.push(mark.id);
        } catch (inner) {
          if (!(inner instanceof ApiError)) throw inner;
        }
      }
    }
  }
  return eventIds;
}
