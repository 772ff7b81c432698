// The directory: which database holds each organization, and the global lookups that come before
// an organization is known. It lives in the primary database (`DB`); every database has the
// tables (one schema everywhere), only the primary's are read.
import { index, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";

export const ROUTE_STATES = ["active", "moving"] as const;
export type RouteState = (typeof ROUTE_STATES)[number];

/** One row per organization: the binding name of the database that holds its rows. */
export const organizationDatabases = sqliteTable(
  "organization_databases",
  {
    organizationId: text("organization_id").primaryKey(),
    /** A binding name listed in TENANT_DATABASES (`DB`, `DB_2`, ...). */
    database: text("database").notNull(),
    /** `moving`: a move to `moving_to` is under way; the organization's writes are refused. */
    state: text("state", { enum: ROUTE_STATES }).notNull().default("active"),
    movingTo: text("moving_to"),
    stateChangedAt: text("state_changed_at").notNull(),
    createdAt: text("created_at").notNull(),
    updatedAt: text("updated_at").notNull(),
  },
  (t) => [index("organization_databases_database_idx").on(t.database)],
);

export const DIRECTORY_KINDS = [
  "api_key",
  "hosted_invoice",
  "document_share",
  "document",
  "inbound_email",
  "user_email",
] as const;
export type DirectoryKind = (typeof DIRECTORY_KINDS)[number];

/**
 * Keys that name an organization before its database is known. `user_email` (lower-cased) is
 * claimed when a member is added and released when removed: member e-mails are unique across
 * every database. `document`: a document id, for the members of other organizations a public
 * document is open to. `api_key` (a key's prefix) is recorded when the service issues the key (a
 * new organization's owner key with the organization's registration, before its rows). The other
 * kinds, and an API key whose entry is missing, are learned: the first lookup of a key the
 * directory has not seen asks every database and records the organization that answers.
 */
export const directoryEntries = sqliteTable(
  "directory_entries",
  {
    kind: text("kind", { enum: DIRECTORY_KINDS }).notNull(),
    key: text("key").notNull(),
    organizationId: text("organization_id").notNull(),
    createdAt: text("created_at").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.kind, t.key] }),
    index("directory_entries_organization_idx").on(t.organizationId),
  ],
);

export type OrganizationDatabase = typeof organizationDatabases.$inferSelect;
