// Responses kept for 24 h per Idempotency-Key, so a retried POST replays instead of repeating.
import { index, integer, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";

export const idempotencyKeys = sqliteTable(
  "idempotency_keys",
  {
    /** Who may replay: `user:<id>` or `admin`. Keys of different callers never collide. */
    scope: text("scope").notNull(),
    key: text("key").notNull(),
    /** SHA-256 of method, path and body: the same key with another request is refused. */
    fingerprint: text("fingerprint").notNull(),
    /**
     * Streamed uploads only: SHA-256 (hex) over the first upload's file name, part type and the
     * SHA-256 of its bytes. The fingerprint of an upload covers its headers (the body is never
     * buffered), so a retry's file is hashed as it streams and must match this. null for other
     * requests and rows kept before it existed.
     */
    contentDigest: text("content_digest"),
    /** null while the first request is still running. */
    status: integer("status"),
    contentType: text("content_type"),
    body: text("body"),
    createdAt: text("created_at").notNull(),
    expiresAt: text("expires_at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.scope, t.key] }), index("idempotency_keys_expires_idx").on(t.expiresAt)],
);
