// Drizzle over the D1 binding. No relational schema is registered: queries use the core
// builder, so each aggregate's schema file stands alone.
import { drizzle } from "drizzle-orm/d1";

export function createDb(d1: D1Database) {
  return drizzle(d1);
}

export type Db = ReturnType<typeof createDb>;
