// Open amounts by age, as the receivables and payables reports sum them: days past the due date in
// five buckets (not yet due, 1-30, 31-60, 61-90, over 90), written once as SQL over any table's
// amount due and age, and read back into the figures both reports answer with.
import { type SQL, sql } from "drizzle-orm";

/** Each bucket's days past the due date, both ends included; the last is open-ended. */
const BUCKETS = {
  current: [Number.MIN_SAFE_INTEGER, 0],
  days_1_30: [1, 30],
  days_31_60: [31, 60],
  days_61_90: [61, 90],
  days_over_90: [91, undefined],
} as const satisfies Record<string, readonly [number, number | undefined]>;

export type AgingBucket = keyof typeof BUCKETS;

/** A row of aging sums as SQL answers it: each bucket, the total and the number of documents. */
export type AgingSums = Record<AgingBucket | "total", number> & { documents: number };

/** Days past the due date of a row whose due date is `dueDate`, as of `today` (YYYY-MM-DD). */
export const daysPastDue = (today: string, dueDate: SQL) =>
  sql`(julianday(${today}) - julianday(${dueDate}))`;

/**
 * The SELECT columns of the aging sums (`current`, `days_1_30`, ..., `total`, `documents`): the
 * SUM of `due` in each bucket of `age` (a row whose age is NULL counts in `total` only).
 */
export function agingColumns(due: SQL, age: SQL): SQL {
  const buckets = Object.entries(BUCKETS).map(([name, [low, high]]) => {
    const within = high === undefined ? sql`${age} >= ${low}` : sql`${age} BETWEEN ${low} AND ${high}`;
    return sql`SUM(CASE WHEN ${within} THEN ${due} ELSE 0 END) AS ${sql.identifier(name)}`;
  });
  return sql.join([...buckets, sql`SUM(${due}) AS total`, sql`COUNT(*) AS documents`], sql`, `);
}

/** The sums as the reports answer them: each amount through `money` (minor units to a JSON number). */
export function agingFigures<T>(row: Record<AgingBucket | "total", T>, money: (minor: T) => number) {
  return {
    current: money(row.current),
    days_1_30: money(row.days_1_30),
    days_31_60: money(row.days_31_60),
    days_61_90: money(row.days_61_90),
    days_over_90: money(row.days_over_90),
    total: money(row.total),
  };
}
