// The `bank_transaction.needs_review` events of an import, written by SQL from the stored rows
// in the import's final batch: 20,000 payloads built in JavaScript would be some 30 MB held at
// once (their JSON, then the batch's copy of it), a quarter of an isolate's memory. The payload
// is serializeTransaction's for a transaction that waits (no allocations, no credit); the
// import test compares each event's object with GET /v1/bank-transactions/{id}.
import { sql } from "drizzle-orm";
import { batchableRun, type Db } from "../../db/client";
import { bankTransactions } from "../../db/schema/bank";
import { webhookDeliveries, webhookEndpoints, webhookEvents } from "../../db/schema/webhooks";
import { currencyExponent, isCurrency } from "../../lib/money";
import type { Statement } from "../invoices/common";

const TYPE = "bank_transaction.needs_review";

/**
 * SQL turning the minor units in `column` into the JSON number toMajor gives (an integer when
 * whole), for each currency present. Only constants reach the text: a column name, checked
 * currency codes and their scales.
 */
function majorSql(column: string, currencies: readonly string[]) {
  const cases = currencies.map((currency) => {
    const scale = 10 ** currencyExponent(currency);
    return `WHEN '${currency}' THEN CASE WHEN ${column} % ${scale} = 0 THEN ${column} / ${scale} ELSE ${column} / ${scale}.0 END`;
  });
  return sql.raw(`(CASE t.currency ${cases.join(" ")} END)`);
}

export function needsReviewEvents(
  db: Db,
  event: { organizationId: string; statementId: string; currencies: readonly string[]; at: string },
): Statement[] {
  const currencies = [...new Set(event.currencies)].filter((c) => /^[A-Z]{3}$/.test(c) && isCurrency(c));
  if (currencies.length === 0) return [];
  const amount = majorSql("t.amount_minor", currencies);
  const suggestionAmount = majorSql("json_extract(s.value, '$.amount_minor')", currencies);
  const object = sql`json_object(
      'id', t.id, 'statement_id', t.statement_id, 'booking_date', t.booking_date,
      'value_date', t.value_date, 'amount', ${amount}, 'currency', t.currency,
      'counterparty_name', t.counterparty_name, 'counterparty_iban', t.counterparty_iban,
      'remittance_information', t.remittance_information, 'structured_reference', t.structured_reference,
      'end_to_end_id', t.end_to_end_id, 'bank_reference', t.bank_reference, 'status', t.status,
      'allocations', json('[]'), 'credit', NULL,
      'suggestions', json((SELECT json_group_array(json_object('invoice_id', json_extract(s.value, '$.invoice_id'),
          'amount', ${suggestionAmount}, 'rule', json_extract(s.value, '$.rule'),
          'score', json_extract(s.value, '$.score'))) FROM json_each(t.suggestions) s)),
      'matched_by', t.matched_by, 'matched_at', t.matched_at,
      'likely_duplicate_of', t.likely_duplicate_of, 'created_at', t.created_at)`;
  return [
    batchableRun(
      db,
      sql`WITH waiting AS MATERIALIZED (
          SELECT 'evt_' || lower(hex(randomblob(12))) AS event_id, t.*
          FROM ${bankTransactions} t
          WHERE t.statement_id = ${event.statementId} AND t.status IN ('suggested', 'unmatched'))
        INSERT INTO ${webhookEvents} (id, organization_id, type, payload, created_at, object_id)
        SELECT t.event_id, ${event.organizationId}, ${TYPE},
          json_object('id', t.event_id, 'type', ${TYPE}, 'created_at', ${event.at},
            'data', json_object('object', ${object})),
          ${event.at}, t.id
        FROM waiting t`,
    ),
    batchableRun(
      db,
      sql`INSERT INTO ${webhookDeliveries} (id, organization_id, endpoint_id, event_id, status,
          attempt_count, next_attempt_at, last_status_code, last_error, created_at, updated_at, leased_until)
        SELECT 'msg_' || lower(hex(randomblob(12))), e.organization_id, e.id, v.id,
          'pending', 0, ${event.at}, NULL, NULL, ${event.at}, ${event.at}, NULL
        FROM ${webhookEndpoints} e, ${webhookEvents} v
        WHERE e.organization_id = ${event.organizationId} AND e.enabled = 1
          AND EXISTS (SELECT 1 FROM json_each(e.events) k WHERE k.value IN ('*', ${TYPE}))
          AND v.organization_id = ${event.organizationId} AND v.type = ${TYPE} AND v.created_at = ${event.at}
          AND v.object_id IN (SELECT id FROM ${bankTransactions} WHERE statement_id = ${event.statementId})`,
    ),
  ];
}
