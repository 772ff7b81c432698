// Peppol participant identifiers (`scheme:id`, the scheme an EAS code Peppol accepts as an
// EndpointID) and their lookup at the provider, kept in `peppol_participants` for a while: a
// registered participant for a day (registrations rarely end), one not registered for an hour (it
// may be registering now). Send, the participants route and readiness read the same answer.
import { and, eq, gt, inArray, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { einvoiceNetworks, type PeppolParticipantRow, peppolParticipants } from "../../db/schema/networks";
import { now } from "../../lib/clock";
import { mod97Belgian, PEPPOL_EAS_CODES, peppolIdentifierFormatBroken } from "../../lib/eas";
import type { NetworkProvider } from "./types";

/** How long a lookup is kept, by its answer. */
export const PARTICIPANT_CACHE_MS = {
  registered: 24 * 60 * 60 * 1000,
  unregistered: 60 * 60 * 1000,
} as const;

/** The longest identifier value Peppol's policy for identifiers allows. */
export const MAX_PARTICIPANT_ID_LENGTH = 50;

export interface ParticipantId {
  scheme: string;
  id: string;
  /** `scheme:id` */
  value: string;
}

/** A participant id read, or why it is not one (a sentence for `details`). */
export type ParsedParticipantId = { ok: true; participant: ParticipantId } | { ok: false; problem: string };

/**
 * Reads `scheme:id`: the scheme one of Peppol's EAS codes, the identifier printable without spaces
 * and at most 50 characters, in the register's format where Peppol checks one (PEPPOL-COMMON-R040
 * to R050: a Belgian enterprise number's modulus 97 under 0208, a GLN's check digit under 0088,
 * ...), and a Belgian VAT number (9925) with its enterprise number's check digits.
 */
export function parseParticipantId(text: string): ParsedParticipantId {
  const at = text.indexOf(":");
  if (at < 0) return { ok: false, problem: "A participant id is `scheme:id`, e.g. 0208:0403170701" };
  const scheme = text.slice(0, at).trim();
  const id = text.slice(at + 1).trim();
  if (!PEPPOL_EAS_CODES.has(scheme)) {
    return {
      ok: false,
      problem: `Scheme ${scheme || "(empty)"} is not an EAS code Peppol accepts (e.g. 0208, 9925, 0088)`,
    };
  }
  if (id === "" || id.length > MAX_PARTICIPANT_ID_LENGTH || !/^[\x21-\x7e]+$/.test(id)) {
    return {
      ok: false,
      problem: `The identifier must be 1 to ${MAX_PARTICIPANT_ID_LENGTH} printable characters without spaces`,
    };
  }
  const broken = peppolIdentifierFormatBroken(scheme, id);
  if (broken) return { ok: false, problem: `Scheme ${scheme} needs ${broken.name} (${broken.rule})` };
  if (scheme === "9925" && !(/^BE/i.test(id) && mod97Belgian(id.slice(2)))) {
    return { ok: false, problem: "Scheme 9925 needs a Belgian VAT number: BE and 10 digits, modulus 97" };
  }
  return { ok: true, participant: { scheme, id, value: `${scheme}:${id}` } };
}

/**
 * The participant id of an electronic address (a customer's, a buyer's): `scheme:id` as
 * `parseParticipantId` reads it (trimmed); null without both parts.
 */
export function participantIdOf(
  scheme: string | null | undefined,
  id: string | null | undefined,
): ParsedParticipantId | null {
  if (!scheme || !id) return null;
  return parseParticipantId(`${scheme}:${id}`);
}

export interface ParticipantAnswer {
  participant_id: string;
  registered: boolean;
  document_types: string[];
  checked_at: string;
}

const answerOf = (row: PeppolParticipantRow): ParticipantAnswer => ({
  participant_id: row.participantId,
  registered: row.registered,
  document_types: row.documentTypes,
  checked_at: row.checkedAt,
});

/** The kept answer for the participant, while it is fresh; undefined when there is none. */
export async function cachedParticipant(
  db: Db,
  organizationId: string,
  participantId: string,
  at = now(),
): Promise<ParticipantAnswer | undefined> {
  const [row] = await db
    .select()
    .from(peppolParticipants)
    .where(
      and(
        eq(peppolParticipants.organizationId, organizationId),
        eq(peppolParticipants.participantId, participantId),
        gt(peppolParticipants.expiresAt, at.toISOString()),
      ),
    );
  return row && answerOf(row);
}

/** The most participant ids one read of the kept answers binds (D1 binds at most 100 values). */
const KEPT_READ_CHUNK = 90;

/**
 * The participants among `participantIds` whose kept answer, still fresh, says they are not
 * registered, when the organization is connected to Peppol (none when it is not): one read per 90
 * ids, no provider call.
 */
export async function keptUnregistered(
  db: Db,
  organizationId: string,
  participantIds: readonly string[],
  at = now(),
): Promise<Set<string>> {
  const unregistered = new Set<string>();
  const ids = [...new Set(participantIds)];
  for (let start = 0; start < ids.length; start += KEPT_READ_CHUNK) {
    const rows = await db
      .select({ participantId: peppolParticipants.participantId })
      .from(peppolParticipants)
      .where(
        and(
          eq(peppolParticipants.organizationId, organizationId),
          inArray(peppolParticipants.participantId, ids.slice(start, start + KEPT_READ_CHUNK)),
          eq(peppolParticipants.registered, false),
          gt(peppolParticipants.expiresAt, at.toISOString()),
          sql`EXISTS (SELECT 1 FROM ${einvoiceNetworks} WHERE ${einvoiceNetworks.organizationId} = ${organizationId} AND ${einvoiceNetworks.network} = 'peppol')`,
        ),
      );
    for (const row of rows) unregistered.add(row.participantId);
  }
  return unregistered;
}

/**
 * Whether `participant` is registered and what it receives: the kept answer while fresh, else the
 * provider's, kept (`keep: false`, while the organization moves to another database: answered,
 * not kept). Throws what the provider throws (NetworkProviderError, a network failure).
 */
export async function lookupParticipant(
  db: Db,
  provider: NetworkProvider,
  organizationId: string,
  participant: ParticipantId,
  options: { keep?: boolean } = {},
): Promise<ParticipantAnswer> {
  const at = now();
  const kept = await cachedParticipant(db, organizationId, participant.value, at);
  if (kept) return kept;
  const found = await provider.lookup(participant.value);
  const ttl = found.registered ? PARTICIPANT_CACHE_MS.registered : PARTICIPANT_CACHE_MS.unregistered;
  const row: PeppolParticipantRow = {
    organizationId,
    participantId: participant.value,
    registered: found.registered,
    documentTypes: found.documentTypes,
    checkedAt: at.toISOString(),
    expiresAt: new Date(at.getTime() + ttl).toISOString(),
  };
  if (options.keep === false) return answerOf(row);
  await db
    .insert(peppolParticipants)
    .values(row)
    .onConflictDoUpdate({
      target: [peppolParticipants.organizationId, peppolParticipants.participantId],
      set: {
        registered: row.registered,
        documentTypes: row.documentTypes,
        checkedAt: row.checkedAt,
        expiresAt: row.expiresAt,
      },
    });
  return answerOf(row);
}
