// Races made deterministic at the database: a handle on D1 that lets another request run to its
// end just before the first query (alone or in a batch) whose SQL matches, so a test chooses the
// moment the concurrent write commits: between two reads, or after every read and before the
// write. Statements are unwrapped before they reach D1's batch, which takes only its own.
import { createDb, type Db } from "../../src/db/client";

export interface Race {
  db: Db;
  /** Whether the competitor ran (its moment came). */
  raced: () => boolean;
  /** How many queries matching `before` ran, the one it ran before included: 2 means a retry. */
  matching: () => number;
}

export function raceBefore(d1: D1Database, before: RegExp, competitor: () => Promise<unknown>): Race {
  let pending: (() => Promise<unknown>) | null = competitor;
  let matching = 0;
  const real = new WeakMap<object, D1PreparedStatement>();
  const sqlOf = new WeakMap<object, string>();

  async function reached(sqls: readonly string[]) {
    if (!sqls.some((sql) => before.test(sql))) return;
    matching++;
    const run = pending;
    pending = null;
    if (run) await run();
  }

  function wrap(statement: D1PreparedStatement, sql: string): D1PreparedStatement {
    const wrapped = new Proxy(statement, {
      get(target, property) {
        if (property === "bind") {
          return (...values: unknown[]) => wrap(target.bind(...values), sql);
        }
        const value = Reflect.get(target, property, target);
        if (typeof value !== "function") return value;
        if (property === "all" || property === "raw" || property === "run" || property === "first") {
          return async (...args: unknown[]) => {
            await reached([sql]);
            return (value as (...a: unknown[]) => unknown).apply(target, args);
          };
        }
        return value.bind(target);
      },
    });
    real.set(wrapped, statement);
    sqlOf.set(wrapped, sql);
    return wrapped;
  }

  const racing = new Proxy(d1, {
    get(target, property) {
      if (property === "prepare") return (sql: string) => wrap(target.prepare(sql), sql);
      if (property === "batch") {
        return async (statements: D1PreparedStatement[]) => {
          await reached(statements.map((s) => sqlOf.get(s) ?? ""));
          return target.batch(statements.map((s) => real.get(s) ?? s));
        };
      }
      const value = Reflect.get(target, property, target);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
  return { db: createDb(racing), raced: () => pending === null, matching: () => matching };
}

/** The moment after every read of an invoice write: its committing batch updates the invoice. */
export const INVOICE_WRITE = /^update "invoices"/i;
