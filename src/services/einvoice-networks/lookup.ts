// Looking a participant up for an organization (GET /v1/peppol/participants/{scheme}:{id}), and
// in the background when a customer's electronic address is set, so a draft's readiness knows.
import type { Db } from "../../db/client";
import { ApiError, conflict } from "../../lib/errors";
import { getNetworkRow, type NetworkEnv, openRow } from "./connection";
import {
  cachedParticipant,
  lookupParticipant,
  type ParticipantAnswer,
  parseParticipantId,
} from "./participants";
import { logProviderFailure, providerFailed } from "./provider-errors";

/**
 * The participant's registration: the kept answer (`cached: true`) while fresh, else the
 * provider's (kept unless `keep` is false: lookupParticipant). 422 for a malformed id
 * (`details.participant` says why), 409 `peppol_not_connected` without a connection, 502 when
 * the provider fails.
 */
export async function participantLookup(
  db: Db,
  env: NetworkEnv,
  organizationId: string,
  text: string,
  options: { keep?: boolean } = {},
): Promise<ParticipantAnswer & { cached: boolean }> {
  const parsed = parseParticipantId(text);
  if (!parsed.ok) {
    throw new ApiError("validation_error", "Not a Peppol participant id", {
      details: { participant: parsed.problem },
    });
  }
  const row = await getNetworkRow(db, organizationId);
  if (!row) {
    throw conflict(
      "peppol_not_connected",
      "Connect a Peppol access point first (PUT /v1/einvoice-networks/peppol)",
    );
  }
  const kept = await cachedParticipant(db, organizationId, parsed.participant.value);
  if (kept) return { ...kept, cached: true };
  const open = await openRow(env, row);
  try {
    return {
      ...(await lookupParticipant(db, open.provider, organizationId, parsed.participant, options)),
      cached: false,
    };
  } catch (error) {
    logProviderFailure(error, organizationId, "lookup");
    throw providerFailed(row.provider, error);
  }
}

/**
 * Looks `participantId` up and keeps the answer, when the organization has a connection and the
 * id reads as one; never throws (a failure is logged), as it runs after the response.
 */
export async function refreshParticipant(
  db: Db,
  env: NetworkEnv,
  organizationId: string,
  participantId: string,
): Promise<void> {
  const parsed = parseParticipantId(participantId);
  if (!parsed.ok) return;
  try {
    const row = await getNetworkRow(db, organizationId);
    if (!row) return;
    const open = await openRow(env, row);
    await lookupParticipant(db, open.provider, organizationId, parsed.participant);
  } catch (error) {
    logProviderFailure(error, organizationId, "lookup");
  }
}
