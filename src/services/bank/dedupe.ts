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

/**
 * A free text as banks re-format it between two exports of one entry: Unicode compatibility
 * forms, case and runs of white space do not make another entry.
 */
export function comparableText(text: string | null): string | null {
  if (text === null) return null;
  return text.normalize("NFKC").toLowerCase().replace(/\s+/g, " ").trim() || null;
}

/** A key part of bounded length: itself when short, else `sha256:` and its hash. */
async function keyPart(value: string): Promise<string> {
  return value.length <= MAX_KEY_PART_CHARS ? value : `sha256:${(await sha256Hex(value)).slice(0, 40)}`;
}

const contentHash = async (fields: readonly unknown[]) =>
  (await sha256Hex(JSON.stringify(fields))).slice(0, 40);

/** The n-th repeat of a key within one file gets `#n`: two identical transfers on a day stay two. */
function numbered(bases: readonly string[]): string[] {
  const seen = new Map<string, number>();
  return bases.map((base) => {
    const n = (seen.get(base) ?? 0) + 1;
    seen.set(base, n);
    return n === 1 ? base : `${base}#${n}`;
  });
}

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

/** The dedupe keys of a file's entries (their texts as parsed, before they are clipped to store). */
export async function dedupeKeys(
  account: string | null,
  entries: readonly StatementEntry[],
): Promise<EntryKeys> {
  const accountPrefix = `${account === null ? "-" : await keyPart(account)}|`;
  // Earlier keys held the account as written: no bank's account is longer than this.
  const earlierAccount = account === null ? "-" : account.length <= MAX_KEY_PART_CHARS ? account : null;
  const bases: string[] = [];
  const earlierBases: string[] = [];
  for (const e of entries) {
    if (e.bankReference) {
      const base = `${accountPrefix}ref:${await keyPart(e.bankReference)}`;
      bases.push(base);
      earlierBases.push(base);
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
  const keys = numbered(bases);
  const earlier = numbered(earlierBases);
  return {
    keys,
    earlierKeys: earlier.map((key, i) => (key === keys[i] || earlierAccount === null ? null : key)),
    accountPrefix,
  };
}

/** The payment references an entry carries, as compared between two exports of it. */
const referencesOf = (e: Pick<StatementEntry, "structuredReference" | "endToEndId">) =>
  `${comparableText(e.structuredReference) ?? ""}\u0000${comparableText(e.endToEndId) ?? ""}`;

/**
 * For each entry, an earlier imported transaction of the organization it likely repeats, or
 * null: the same account, booking date, amount, currency and payment references (structured
 * reference, end-to-end id), where one of the two has no bank reference (with both, the bank says
 * whether they are one). Such an entry differs only in free text: a re-export, an intraday and
 * an end-of-day statement of one booking.
 */
export async function likelyDuplicates(
  db: Db,
  organizationId: string,
  accountPrefix: string,
  entries: readonly StatementEntry[],
): Promise<(string | null)[]> {
  const probes = [...new Set(entries.map((e) => JSON.stringify([e.bookingDate, e.amountMinor, e.currency])))];
  const earlier: {
    id: string;
    dedupeKey: string;
    bookingDate: string | null;
    amountMinor: number;
    currency: string;
    structuredReference: string | null;
    endToEndId: string | null;
    bankReference: string | null;
  }[] = [];
  for (let start = 0; start < probes.length; start += KEYS_PER_QUERY) {
    const json = `[${probes.slice(start, start + KEYS_PER_QUERY).join(",")}]`;
    const rows = await db.all<(typeof earlier)[number]>(sql`
      SELECT t.id AS id, t.dedupe_key AS dedupeKey, t.booking_date AS bookingDate,
        t.amount_minor AS amountMinor, t.currency AS currency,
        t.structured_reference AS structuredReference, t.end_to_end_id AS endToEndId,
        t.bank_reference AS bankReference
      FROM json_each(${json}) p
      JOIN ${bankTransactions} t ON t.organization_id = ${organizationId}
        AND t.booking_date IS json_extract(p.value, '$[0]')
        AND t.amount_minor = json_extract(p.value, '$[1]')
        AND t.currency = json_extract(p.value, '$[2]')
      WHERE t.statement_id IN (SELECT id FROM ${bankStatements}
        WHERE organization_id = ${organizationId} AND state = 'imported')
      ORDER BY t.created_at, t.id`);
    earlier.push(...rows);
  }
  const byProbe = new Map<string, typeof earlier>();
  for (const row of earlier) {
    if (!row.dedupeKey.startsWith(accountPrefix)) continue;
    const probe = JSON.stringify([row.bookingDate, row.amountMinor, row.currency]);
    byProbe.set(probe, [...(byProbe.get(probe) ?? []), row]);
  }
  return entries.map((e) => {
    const candidates = byProbe.get(JSON.stringify([e.bookingDate, e.amountMinor, e.currency])) ?? [];
    const references = referencesOf(e);
    const same = candidates.find(
      (row) => (!row.bankReference || !e.bankReference) && referencesOf(row) === references,
    );
    return same?.id ?? null;
  });
}
