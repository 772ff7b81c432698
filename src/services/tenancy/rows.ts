// One organization's rows of one table between two D1 databases, in bounded chunks ordered by
// the table's key: copy, compare (count and SHA-256) and delete. Raw SQL over `SELECT *`, so a
// column added later is carried without touching this file. Every function does one chunk and
// says where the next one starts, so a move resumes from a saved key after any interruption.
import type { TenantTable } from "./tables";

/** The last key of a chunk: where the next chunk of the same table starts. */
export type Key = (string | number | null)[];

/** D1 refuses a statement that binds more than 100 parameters. */
const MAX_BOUND_PARAMETERS = 100;

export interface Chunk {
  columns: string[];
  rows: unknown[][];
  /** Key of the last row; null when the chunk is empty. */
  last: Key | null;
}

const quoted = (name: string) => `"${name.replaceAll('"', '""')}"`;
const keyList = (table: TenantTable) => table.key.map(quoted).join(", ");
const placeholders = (count: number) => Array.from({ length: count }, () => "?").join(", ");

/** The organization's rows of `table` with keys in (after, upTo], in key order. */
function rangeCondition(
  table: TenantTable,
  after: Key | null,
  upTo: Key | null,
): { where: string; binds: unknown[] } {
  const parts = [`(${table.rows})`];
  const binds: unknown[] = [];
  const keys = `(${keyList(table)})`;
  if (after) {
    parts.push(`${keys} > (${placeholders(after.length)})`);
    binds.push(...after);
  }
  if (upTo) {
    parts.push(`${keys} <= (${placeholders(upTo.length)})`);
    binds.push(...upTo);
  }
  return { where: parts.join(" AND "), binds };
}

async function readChunk(
  d1: D1Database,
  table: TenantTable,
  organizationId: string,
  range: { after: Key | null; upTo?: Key | null; limit: number },
): Promise<Chunk> {
  const { where, binds } = rangeCondition(table, range.after, range.upTo ?? null);
  const [columns, ...rows] = await d1
    .prepare(`SELECT * FROM ${quoted(table.name)} WHERE ${where} ORDER BY ${keyList(table)} LIMIT ?`)
    .bind(organizationId, ...binds, range.limit)
    .raw<unknown[]>({ columnNames: true });
  const names = (columns ?? []) as unknown as string[];
  const keyIndexes = table.key.map((column) => names.indexOf(column));
  const lastRow = rows.at(-1);
  return {
    columns: names,
    rows,
    last: lastRow ? keyIndexes.map((index) => lastRow[index] as Key[number]) : null,
  };
}

/** A BLOB as D1 reads it (bytes as an array of numbers) bound back as bytes. */
const bindable = (value: unknown) => (Array.isArray(value) ? new Uint8Array(value) : value);

/** A value as JSON can state it: bytes as hex. */
function canonicalValue(value: unknown): unknown {
  if (value instanceof ArrayBuffer) value = new Uint8Array(value);
  if (Array.isArray(value) || ArrayBuffer.isView(value)) {
    const view = value as ArrayBufferView;
    const bytes = Array.isArray(value)
      ? value
      : [...new Uint8Array(view.buffer, view.byteOffset, view.byteLength)];
    return { bytes: bytes.map((byte: number) => byte.toString(16).padStart(2, "0")).join("") };
  }
  return value;
}

/** A row as text that does not depend on the order of the columns. */
function canonicalRow(columns: string[], row: unknown[]): string {
  const pairs = columns.map((column, index) => [column, canonicalValue(row[index])] as const);
  pairs.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return JSON.stringify(pairs);
}

async function sha256Hex(text: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text));
  return [...new Uint8Array(digest)].map((byte) => byte.toString(16).padStart(2, "0")).join("");
}

/** SHA-256 of a chunk's rows, each serialized canonically, one per line, in key order. */
function digestOf(chunk: Chunk): Promise<string> {
  return sha256Hex(chunk.rows.map((row) => canonicalRow(chunk.columns, row)).join("\n"));
}

const CHECKSUM_MODULUS = 1n << 256n;
export const EMPTY_CHECKSUM = "0".repeat(64);

/**
 * A table's checksum: the sum of its rows' SHA-256 modulo 2^256, as hex. It does not depend on
 * how the rows were split into chunks, so a later pass with other chunk sizes finds the same value
 * for the same rows.
 */
export async function addRows(checksum: string, chunk: Chunk): Promise<string> {
  let sum = BigInt(`0x${checksum}`);
  const digests = await Promise.all(chunk.rows.map((row) => sha256Hex(canonicalRow(chunk.columns, row))));
  for (const digest of digests) sum = (sum + BigInt(`0x${digest}`)) % CHECKSUM_MODULUS;
  return sum.toString(16).padStart(64, "0");
}

export interface ChunkResult {
  /** Rows the chunk handled. */
  rows: number;
  /** Where the next chunk starts (unchanged when the table is finished). */
  last: Key | null;
  /** No rows are left after this chunk. */
  done: boolean;
}

/**
 * Copies up to `limit` rows after `after` from source to target, verbatim. The target's rows of
 * that key range go first in the same batch, so a chunk that committed before its cursor was
 * saved is copied again without a duplicate key.
 */
export async function copyChunk(
  source: D1Database,
  target: D1Database,
  table: TenantTable,
  organizationId: string,
  after: Key | null,
  limit: number,
): Promise<ChunkResult> {
  const chunk = await readChunk(source, table, organizationId, { after, limit });
  if (chunk.rows.length === 0) return { rows: 0, last: after, done: true };
  const range = rangeCondition(table, after, chunk.last);
  const statements = [
    target
      .prepare(`DELETE FROM ${quoted(table.name)} WHERE ${range.where}`)
      .bind(organizationId, ...range.binds),
  ];
  const perInsert = Math.floor(MAX_BOUND_PARAMETERS / chunk.columns.length);
  if (perInsert < 1) throw new Error(`${table.name} has more than ${MAX_BOUND_PARAMETERS} columns`);
  const rowValues = `(${placeholders(chunk.columns.length)})`;
  for (let start = 0; start < chunk.rows.length; start += perInsert) {
    const rows = chunk.rows.slice(start, start + perInsert);
    statements.push(
      target
        .prepare(
          `INSERT INTO ${quoted(table.name)} (${chunk.columns.map(quoted).join(", ")}) VALUES ${rows.map(() => rowValues).join(", ")}`,
        )
        .bind(...rows.flat().map(bindable)),
    );
  }
  await target.batch(statements);
  return { rows: chunk.rows.length, last: chunk.last, done: chunk.rows.length < limit };
}

export interface CompareResult extends ChunkResult {
  /** Source and target hold the same rows in this key range. */
  equal: boolean;
  /** The source's rows of the range. */
  chunk: Chunk;
}

/**
 * Compares the next `limit` source rows after `after` with the target's rows of the same key
 * range: the same count and the same SHA-256. Once the source has no rows left, the target must
 * have none left either, so ranges that all agree mean the same rows on both sides.
 */
export async function compareChunk(
  source: D1Database,
  target: D1Database,
  table: TenantTable,
  organizationId: string,
  after: Key | null,
  limit: number,
): Promise<CompareResult> {
  const ours = await readChunk(source, table, organizationId, { after, limit });
  if (ours.rows.length === 0) {
    const rest = await readChunk(target, table, organizationId, { after, limit: 1 });
    return { rows: 0, last: after, done: true, equal: rest.rows.length === 0, chunk: ours };
  }
  const theirs = await readChunk(target, table, organizationId, { after, upTo: ours.last, limit: limit + 1 });
  const [digest, targetDigest] = await Promise.all([digestOf(ours), digestOf(theirs)]);
  return {
    rows: ours.rows.length,
    last: ours.last,
    done: ours.rows.length < limit,
    equal: ours.rows.length === theirs.rows.length && digest === targetDigest,
    chunk: ours,
  };
}

/** The next `limit` of the organization's rows of `table` after `after`, for a checksum. */
export async function readRows(
  d1: D1Database,
  table: TenantTable,
  organizationId: string,
  after: Key | null,
  limit: number,
): Promise<ChunkResult & { chunk: Chunk }> {
  const chunk = await readChunk(d1, table, organizationId, { after, limit });
  return {
    rows: chunk.rows.length,
    last: chunk.rows.length > 0 ? chunk.last : after,
    done: chunk.rows.length < limit,
    chunk,
  };
}

/** Deletes the organization's rows of `table` with keys in (after, upTo]. */
export async function deleteRange(
  d1: D1Database,
  table: TenantTable,
  organizationId: string,
  after: Key | null,
  upTo: Key,
): Promise<void> {
  const range = rangeCondition(table, after, upTo);
  await d1
    .prepare(`DELETE FROM ${quoted(table.name)} WHERE ${range.where}`)
    .bind(organizationId, ...range.binds)
    .run();
}

/** Deletes up to `limit` of the organization's rows of `table`; answers how many went. */
export async function deleteChunk(
  d1: D1Database,
  table: TenantTable,
  organizationId: string,
  limit: number,
): Promise<ChunkResult> {
  const result = await d1
    .prepare(
      `DELETE FROM ${quoted(table.name)} WHERE rowid IN (SELECT rowid FROM ${quoted(table.name)} WHERE ${table.rows} LIMIT ?)`,
    )
    .bind(organizationId, limit)
    .run();
  const rows = result.meta.changes ?? 0;
  return { rows, last: null, done: rows < limit };
}

/** How many of the organization's rows `table` holds. */
export async function countRows(d1: D1Database, table: TenantTable, organizationId: string): Promise<number> {
  const row = await d1
    .prepare(`SELECT count(*) AS n FROM ${quoted(table.name)} WHERE ${table.rows}`)
    .bind(organizationId)
    .first<{ n: number }>();
  return row?.n ?? 0;
}
