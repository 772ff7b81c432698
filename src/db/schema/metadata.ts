// The metadata filter's index: one row per key of a resource's `metadata` (the JSON column on the
// resource stays what reads answer). Written in the same batch as the resource, so the two agree.
import { index, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";

export const METADATA_OBJECT_TYPES = [
  "customer",
  "product",
  "invoice",
  "credit_note",
  "project",
  "webhook_endpoint",
] as const;
export type MetadataObjectType = (typeof METADATA_OBJECT_TYPES)[number];

export const metadataEntries = sqliteTable(
  "metadata_entries",
  {
    organizationId: text("organization_id").notNull(),
    objectType: text("object_type", { enum: METADATA_OBJECT_TYPES }).notNull(),
    objectId: text("object_id").notNull(),
    key: text("key").notNull(),
    value: text("value").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.objectType, t.objectId, t.key] }),
    // `?metadata[key]=value`: a seek to the ids holding that pair in one organization.
    index("metadata_entries_lookup_idx").on(t.organizationId, t.objectType, t.key, t.value, t.objectId),
  ],
);
