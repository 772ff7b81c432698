// A document number taken inside a write's batch (an invoice's, a credit note's, a quote's). It
// does not exist yet when the write builds its answer, its events and its e-mail, so a
// placeholder stands in for it there, and the batch itself puts the number in its place.
import { inArray, type SQL, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { Db } from "../db/client";
import type { creditNotes } from "../db/schema/billing";
import type { invoices } from "../db/schema/invoices";
import type { quotes } from "../db/schema/quotes";
import { webhookEvents } from "../db/schema/webhooks";
import type { FilledInBatch } from "./idempotency";
import { UNNUMBERED } from "./invoices/numbering";

export interface NumberTakenInBatch {
  /** Stands for the number in what is built before the batch (a JSON string, e-mail text). */
  placeholder: string;
  /**
   * SQL that reads the row's number back, for statements after those that take it; NULL while
   * the row has none (an invoice numbered on send).
   */
  value: SQL;
  /** What the kept answer fills (`KeepAnswer`'s third argument). */
  filled: FilledInBatch[];
  /** Writes the number into these events' payloads (`data.object.number`), after their inserts. */
  fillEvents(db: Db, eventIds: string[]): BatchItem<"sqlite">;
}

export function numberTakenInBatch(
  table: typeof invoices | typeof creditNotes | typeof quotes,
  id: string,
): NumberTakenInBatch {
  const placeholder = `[number-${crypto.randomUUID()}]`;
  const value = sql`(SELECT nullif(${table.number}, ${UNNUMBERED}) FROM ${table} WHERE ${table.id} = ${id})`;
  return {
    placeholder,
    value,
    filled: [{ placeholder, value }],
    fillEvents: (db, eventIds) =>
      db
        .update(webhookEvents)
        .set({ payload: sql`json_set(${webhookEvents.payload}, '$.data.object.number', ${value})` })
        .where(inArray(webhookEvents.id, eventIds)),
  };
}
