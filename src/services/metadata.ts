// The metadata side table: the statements that keep it equal to a resource's `metadata` column
// (to go in the resource's own write batch), and the list condition `?metadata[k]=v` becomes.
import { and, eq, type SQL, type SQLWrapper, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { batchableRun, type Db } from "../db/client";
import { type MetadataObjectType, metadataEntries } from "../db/schema/metadata";
import type { Metadata } from "../lib/metadata";

interface MetadataOwner {
  organizationId: string;
  objectType: MetadataObjectType;
  objectId: string;
}

/** Removes an object's entries (its delete, or before rewriting them). */
export function clearMetadataEntries(db: Db, owner: MetadataOwner): BatchItem<"sqlite"> {
  return db
    .delete(metadataEntries)
    .where(
      and(
        eq(metadataEntries.objectType, owner.objectType),
        eq(metadataEntries.objectId, owner.objectId),
        eq(metadataEntries.organizationId, owner.organizationId),
      ),
    );
}

/**
 * The object's entries set to `metadata`: one INSERT for all keys (json_each of one bound JSON
 * text, so 50 keys never pass D1's 100-parameter limit). `replace` clears the old ones first.
 */
export function writeMetadataEntries(
  db: Db,
  owner: MetadataOwner,
  metadata: Metadata | null,
  { replace }: { replace: boolean },
): BatchItem<"sqlite">[] {
  const statements = replace ? [clearMetadataEntries(db, owner)] : [];
  if (metadata === null || Object.keys(metadata).length === 0) return statements;
  statements.push(
    batchableRun(
      db,
      sql`INSERT INTO ${metadataEntries} (organization_id, object_type, object_id, "key", "value")
          SELECT ${owner.organizationId}, ${owner.objectType}, ${owner.objectId}, j.key, j.value
          FROM json_each(${JSON.stringify(metadata)}) AS j`,
    ),
  );
  return statements;
}

/** The entries rewritten for an update that set `metadata`; none when the update left it alone. */
export function rewrittenMetadata(
  db: Db,
  owner: MetadataOwner,
  metadata: Metadata | null,
  changed: boolean,
): BatchItem<"sqlite">[] {
  return changed ? writeMetadataEntries(db, owner, metadata, { replace: true }) : [];
}

/**
 * The object's entries rebuilt from its stored `metadata` column, whatever the statements before
 * it in the batch did: for writes that may not happen (a conditional insert or update).
 */
export function syncMetadataEntries(
  db: Db,
  owner: MetadataOwner,
  source: { table: SQLWrapper; id: SQLWrapper; metadata: SQLWrapper },
): BatchItem<"sqlite">[] {
  return [
    clearMetadataEntries(db, owner),
    batchableRun(
      db,
      sql`INSERT INTO ${metadataEntries} (organization_id, object_type, object_id, "key", "value")
          SELECT ${owner.organizationId}, ${owner.objectType}, ${owner.objectId}, j.key, j.value
          FROM ${source.table}, json_each(${source.metadata}) AS j
          WHERE ${source.id} = ${owner.objectId} AND ${source.metadata} IS NOT NULL`,
    ),
  ];
}

/**
 * `idColumn` of the listed table holds every pair of `filter` (undefined when the filter is
 * empty). Each pair is one seek of metadata_entries_lookup_idx.
 */
export function metadataMatches(
  idColumn: SQLWrapper,
  organizationId: string,
  objectType: MetadataObjectType,
  filter: Metadata | undefined,
): SQL | undefined {
  const pairs = Object.entries(filter ?? {});
  if (pairs.length === 0) return undefined;
  return and(
    ...pairs.map(
      ([key, value]) =>
        sql`${idColumn} IN (SELECT object_id FROM metadata_entries WHERE organization_id = ${organizationId} AND object_type = ${objectType} AND "key" = ${key} AND "value" = ${value})`,
    ),
  );
}
