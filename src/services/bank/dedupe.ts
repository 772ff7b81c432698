// When a bank entry is one imported before. Exactly: the same dedupe key (the account and the
// bank's reference of the entry, else a hash of what the entry says, its free text normalized
// the way banks re-format it between two exports). Likely: the same account, booking date,
// amount, currency and payment references, with only free text or the bank's reference missing
// on one side; such an entry waits for a person instead of paying again.
import { sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { bankStatements, bankTransactions } from "../../db/schema/bank";
import type { StatementEntry } from "../../lib/bank-statement/types";
import { sha256Hex } from "../../lib/encoding";

/** A key part longer than this (an account or a bank reference) enters the key as its hash. */
const MAX_KEY_PART_CHARS = 64;
/** Keys per lookup query: one JSON parameter, well under D1's 2 MB per value. */
const KEYS_PER_QUERY = 2000;
/** The earlier transactions of one day, amount and references an entry is compared with. */
const MAX_CANDIDATES = 64;
/** The longest bank reference looked up under the key it had before references were hashed. */
const MAX_EARLIER_REF_CHARS = 256;

/**
 * A free text as banks re-format it between two exports of one entry: Unicode compatibility
 * forms, case and runs of white space do not make another entry.
 */
export function comparableText(text: string | null): string | null {
  if (text === null) return null;
  return text.normalize("NFKC").toLowerCase().replace(/\s+/g, " ").trim() || null;
}

/** What a hashed key part starts with. */
const HASHED = "sha256:";

/** A key part of bounded length: itself when short, else `sha256:` and its hash. */
async function keyPart(value: string): Promise<string> {
  return value.length <= MAX_KEY_PART_CHARS ? value : `${HASHED}${(await sha256Hex(value)).slice(0, 40)}`;
}

const contentHash = async (fields: readonly unknown[]) =>
  (await sha256Hex(JSON.stringify(fields))).slice(0, 40);

/**
 * Keys counted by a 64-bit fingerprint, in typed arrays: 8 bytes a slot, at most half of the slots
 * used, where a Map of the keys themselves holds some 100 bytes a key (a 100,000-entry file would
 * keep 20 MB for its numbering). A count above 1 (two identical transfers on a day) is kept apart,
 * by slot. Two keys share a fingerprint with odds of about 2^-63 per pair; if two did, the second
 * would be numbered `#2`, which only changes its key.
 */
export class KeyCounts {
  private high = new Uint32Array(1024);
  /** 0 in an empty slot: a fingerprint's low word never is. */
  private low = new Uint32Array(1024);
  private repeats = new Map<number, number>();
  private size = 0;

  /** Counts `key` once more and answers how many times it has been counted. */
  count(key: string): number {
    const [high, low] = fingerprint(key);
    const slot = this.slotOf(high, low);
    if (this.low[slot] !== 0) {
      const n = (this.repeats.get(slot) ?? 1) + 1;
      this.repeats.set(slot, n);
      return n;
    }
    this.high[slot] = high;
    this.low[slot] = low;
    this.size++;
    if (this.size * 2 > this.low.length) this.grow();
    return 1;
  }

  has(key: string): boolean {
    const [high, low] = fingerprint(key);
    return this.low[this.slotOf(high, low)] !== 0;
  }

  /** The slot holding the fingerprint, or the empty one where it goes (linear probing). */
  private slotOf(high: number, low: number): number {
    const mask = this.low.length - 1;
    let slot = low & mask;
    while (this.low[slot] !== 0 && (this.high[slot] !== high || this.low[slot] !== low)) {
      slot = (slot + 1) & mask;
    }
    return slot;
  }

  private grow() {
    const { high, low, repeats } = this;
    this.high = new Uint32Array(low.length * 2);
    this.low = new Uint32Array(low.length * 2);
    this.repeats = new Map();
    for (let i = 0; i < low.length; i++) {
      const l = low[i] ?? 0;
      if (l === 0) continue;
      const slot = this.slotOf(high[i] ?? 0, l);
      this.high[slot] = high[i] ?? 0;
      this.low[slot] = l;
      const n = repeats.get(i);
      if (n !== undefined) this.repeats.set(slot, n);
    }
  }
}

/** Two independent 32-bit hashes of a string (murmur3's mixing, two seeds). */
function fingerprint(text: string): [number, number] {
  let a = 0x9e3779b9;
  let b = 0x85ebca6b;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    a = Math.imul(a ^ c, 0xcc9e2d51);
    a = (a << 15) | (a >>> 17);
    b = Math.imul(b ^ c, 0x1b873593);
    b = (b << 13) | (b >>> 19);
  }
  const mix = (h: number) => {
    let x = h ^ text.length;
    x = Math.imul(x ^ (x >>> 16), 0x85ebca6b);
    x = Math.imul(x ^ (x >>> 13), 0xc2b2ae35);
    return (x ^ (x >>> 16)) >>> 0;
  };
  // The low word is never 0 (KeyCounts' empty slot).
  return [mix(a), mix(b) || 1];
}

/**
 * The n-th repeat of a key within one file gets `#n`: two identical transfers on a day stay two.
 * A null base is not counted and stays null.
 */
function numbered<T extends string | null>(bases: readonly T[], seen: KeyCounts): T[] {
  return bases.map((base) => {
    if (base === null) return base;
    const n = seen.count(base);
    return (n === 1 ? base : `${base}#${n}`) as T;
  });
}

/** What numbering remembers of a file's keys, from one part of it to the next. */
export interface FileKeys {
  keys: KeyCounts;
  earlierKeys: KeyCounts;
}

export const newFileKeys = (): FileKeys => ({ keys: new KeyCounts(), earlierKeys: new KeyCounts() });

export interface EntryKeys {
  /** The key an entry is stored under. */
  keys: string[];
  /**
   * The keys an earlier version stored content-hashed entries under (the texts as written):
   * looked up too, so a file imported before free text was normalized is still found. Null where
   * it equals the key.
   */
  earlierKeys: (string | null)[];
  /** What keys start with: the account, bounded. */
  accountPrefix: string;
}

/**
 * The dedupe keys of a file's entries (their texts as parsed, before they are clipped to store).
 * A file read in parts passes the same `file` with each part, in order.
 */
export async function dedupeKeys(
  account: string | null,
  entries: readonly StatementEntry[],
  file: FileKeys = newFileKeys(),
): Promise<EntryKeys> {
  const accountPrefix = `${account === null ? "-" : await keyPart(account)}|`;
  // Earlier keys held the account as written: no bank's account is longer than this.
  const earlierAccount = account === null ? "-" : account.length <= MAX_KEY_PART_CHARS ? account : null;
  const bases: string[] = [];
  // Null where the earlier key is the key itself, numbered alike: a short bank reference (the
  // usual entry) was always written as it is, and no other entry's earlier key can equal its key.
  const earlierBases: (string | null)[] = [];
  for (const e of entries) {
    if (e.bankReference) {
      const base = `${accountPrefix}ref:${await keyPart(e.bankReference)}`;
      bases.push(base);
      if (
        earlierAccount === null ||
        (e.bankReference.length <= MAX_KEY_PART_CHARS && !e.bankReference.startsWith(HASHED))
      ) {
        earlierBases.push(null);
        continue;
      }
      // Earlier keys held the reference as written (no bank's is longer than 35 characters).
      const earlierRef = e.bankReference.length <= MAX_EARLIER_REF_CHARS ? e.bankReference : null;
      earlierBases.push(earlierRef === null ? base : `${earlierAccount}|ref:${earlierRef}`);
      continue;
    }
    const fields = [e.bookingDate, e.valueDate, e.amountMinor, e.currency];
    const texts = [
      e.counterpartyName,
      e.counterpartyIban,
      e.remittanceInformation,
      e.structuredReference,
      e.endToEndId,
    ];
    bases.push(`${accountPrefix}hash:${await contentHash([...fields, ...texts.map(comparableText)])}`);
    earlierBases.push(`${earlierAccount}|hash:${await contentHash([...fields, ...texts])}`);
  }
  const keys = numbered(bases, file.keys);
  const earlier = numbered(earlierBases, file.earlierKeys);
  return {
    keys,
    earlierKeys: earlier.map((key, i) => (key === keys[i] || earlierAccount === null ? null : key)),
    accountPrefix,
  };
}

/** The payment references an entry carries, as compared between two exports of it. */
const referencesOf = (e: Pick<StatementEntry, "structuredReference" | "endToEndId">) =>
  `${comparableText(e.structuredReference) ?? ""}\u0000${comparableText(e.endToEndId) ?? ""}`;

const probeOf = (e: Pick<StatementEntry, "bookingDate" | "amountMinor" | "currency">) =>
  JSON.stringify([e.bookingDate, e.amountMinor, e.currency]);

interface EarlierRow {
  id: string;
  dedupeKey: string;
  bookingDate: string | null;
  amountMinor: number;
  currency: string;
  structuredReference: string | null;
  endToEndId: string | null;
  bankReference: string | null;
  counterpartyIban: string | null;
}

/**
 * Whether `entry` likely repeats `row`, an earlier entry of the same account, booking date,
 * amount and currency: their payment references (structured reference, end-to-end id) are the
 * same, and so is the payer's account where both state one. With a bank reference on both sides
 * (and so two different ones) only a reference the payer gave, the same on both, says it is one
 * payment reported twice (a notification's NtryRef, the statement's AcctSvcrRef).
 */
function repeats(entry: StatementEntry, references: string, row: EarlierRow) {
  if (entry.counterpartyIban && row.counterpartyIban && entry.counterpartyIban !== row.counterpartyIban) {
    return false;
  }
  return !entry.bankReference || !row.bankReference || references !== "\u0000";
}

/**
 * For each entry, an earlier imported transaction of the organization it likely repeats
 * (`repeats`), or null. Credits only: a debit or a zero is never posted. Each earlier
 * transaction is claimed once, and not at all when this file holds its exact copy (`found`: the
 * keys of this file already imported), so an end-of-day statement that repeats an intraday one
 * pairs each entry with its own copy, and a second payment of the same amount that day is not
 * taken for the first. Linear in the entries and the earlier transactions of their days. A file
 * read in parts passes the same `claimed` with each part, and in `found` the keys of the parts
 * read so far.
 */
export async function likelyDuplicates(
  db: Db,
  organizationId: string,
  accountPrefix: string,
  entries: EntrySource,
  found: { has(key: string): boolean },
  claimed: Set<string> = new Set(),
): Promise<(string | null)[]> {
  const lists = probeLists(entries);
  // The earlier rows by what must be equal (day, amount, currency, references), in import order,
  // with a cursor past the rows claimed from the front.
  const groups = new Map<string, { rows: EarlierRow[]; next: number }>();
  const groupKey = (e: Parameters<typeof probeOf>[0] & Parameters<typeof referencesOf>[0]) =>
    `${probeOf(e)}\u0000${referencesOf(e)}`;
  for (const json of lists) {
    const rows = await db.all<EarlierRow>(sql`
      SELECT t.id AS id, t.dedupe_key AS dedupeKey, t.booking_date AS bookingDate,
        t.amount_minor AS amountMinor, t.currency AS currency,
        t.structured_reference AS structuredReference, t.end_to_end_id AS endToEndId,
        t.bank_reference AS bankReference, t.counterparty_iban AS counterpartyIban
      FROM json_each(${json}) p
      JOIN ${bankTransactions} t ON t.organization_id = ${organizationId}
        AND t.booking_date IS json_extract(p.value, '$[0]')
        AND t.amount_minor = json_extract(p.value, '$[1]')
        AND t.currency = json_extract(p.value, '$[2]')
      WHERE t.statement_id IN (SELECT id FROM ${bankStatements}
        WHERE organization_id = ${organizationId} AND state = 'imported')
      ORDER BY t.created_at, t.id`);
    for (const row of rows) {
      if (!row.dedupeKey.startsWith(accountPrefix) || found.has(row.dedupeKey)) continue;
      const key = groupKey(row);
      const group = groups.get(key);
      if (group) group.rows.push(row);
      else groups.set(key, { rows: [row], next: 0 });
    }
  }
  const repeated: (string | null)[] = new Array(entries.length).fill(null);
  if (groups.size === 0) return repeated;
  for (let i = 0; i < entries.length; i++) {
    const entry = entries.at(i);
    if (entry.amountMinor <= 0) continue;
    const group = groups.get(groupKey(entry));
    if (!group) continue;
    const references = referencesOf(entry);
    while (group.next < group.rows.length && claimed.has(group.rows[group.next]?.id ?? "")) group.next++;
    // Rows another payer's account rules out are passed over, a bounded number of them.
    const end = Math.min(group.rows.length, group.next + MAX_CANDIDATES);
    for (let r = group.next; r < end; r++) {
      const row = group.rows[r];
      if (!row || claimed.has(row.id) || !repeats(entry, references, row)) continue;
      claimed.add(row.id);
      repeated[i] = row.id;
      break;
    }
  }
  return repeated;
}

/**
 * The credits' distinct days, amounts and currencies, as JSON lists of KEYS_PER_QUERY (only these
 * strings wait for the database).
 */
function probeLists(entries: EntrySource): string[] {
  const probes = new Set<string>();
  for (let i = 0; i < entries.length; i++) {
    const entry = entries.at(i);
    if (entry.amountMinor > 0) probes.add(probeOf(entry));
  }
  const distinct = [...probes];
  const lists: string[] = [];
  for (let start = 0; start < distinct.length; start += KEYS_PER_QUERY) {
    lists.push(`[${distinct.slice(start, start + KEYS_PER_QUERY).join(",")}]`);
  }
  return lists;
}

/** Entries made one at a time, each when it is needed (a part of a file held packed). */
export interface EntrySource {
  readonly length: number;
  at(index: number): StatementEntry;
}
