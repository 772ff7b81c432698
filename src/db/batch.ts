// Drizzle's D1 batch as this code relies on it (drizzle-orm/d1/session.js, `batch`): it calls each
// item's `_prepare()`, binds the prepared query's `stmt` with `getQuery().params`, sends the
// statements as one D1 batch, and maps each answer with the prepared query's
// `mapResult(response, true)`. Both helpers here work at those points, and only there.

/** What Drizzle's batch reads of a prepared item (a builder's `_prepare()`, or `.prepare()`'s query). */
export interface PreparedBatchItem {
  stmt: D1PreparedStatement;
  getQuery(): { sql: string; params: unknown[] };
  mapResult(response: unknown, isFromBatch?: boolean): unknown;
}

interface BatchItemHooks {
  _prepare?: (...args: unknown[]) => Partial<PreparedBatchItem>;
}

/**
 * `statement` (a query builder) telling `seen` D1's answer for it when it runs in a batch, before
 * Drizzle maps that answer. Run alone, or under a Drizzle without these hooks, it tells nothing.
 */
export function onBatchResult<S extends object>(statement: S, seen: (response: D1Result) => void): S {
  const item = statement as BatchItemHooks;
  const prepare = item._prepare?.bind(item);
  if (!prepare) return statement;
  item._prepare = (...args) => {
    const prepared = prepare(...args);
    const mapResult = prepared.mapResult?.bind(prepared);
    if (!mapResult) return prepared;
    prepared.mapResult = (response, isFromBatch) => {
      if (isFromBatch && response) seen(response as D1Result);
      return mapResult(response, isFromBatch);
    };
    return prepared;
  };
  return statement;
}
