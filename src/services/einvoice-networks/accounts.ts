// Connecting an organization to Peppol through its access point provider (PUT|GET|DELETE
// /v1/einvoice-networks/peppol): the provider's company (given, or registered from the billing
// profile), the webhook it calls when a document arrives, and the row holding the credentials and
// the webhook's token sealed. GET answers the connection, never the API key.
import { and, asc, eq, ne, sql } from "drizzle-orm";
import { masterKeySet } from "../../crypto/document-keys";
import type { Db } from "../../db/client";
import type { Organization } from "../../db/schema/identity";
import {
  type EInvoiceNetworkRow,
  einvoiceNetworks,
  type NetworkProviderName,
} from "../../db/schema/networks";
import type { Bindings } from "../../env";
import { nowIso } from "../../lib/clock";
import { randomToken } from "../../lib/encoding";
import { ApiError, notFound, validationError } from "../../lib/errors";
import { ICD_CODES } from "../../lib/icd";
import { logError, logInfo } from "../../lib/log";
import { billingProfileOf } from "../organization";
import { type RewrapPass, rewrapAllShards, rewrapWalk } from "../rewrap";
import {
  getNetworkRow,
  type NetworkEnv,
  type OpenNetwork,
  openNetworkSecrets,
  openRow,
  providerFor,
  sealNetworkSecrets,
} from "./connection";
import { logProviderFailure, providerFailed, providerTitle, refusedCredentials } from "./provider-errors";
import { type CompanyRegistration, NetworkProviderError, type RegisteredCompany } from "./types";

export interface NetworkConnectionInput {
  provider: NetworkProviderName;
  api_key_id: string;
  api_secret: string;
  company_id?: string;
}

/** Where the provider calls when a document arrives: the organization's path, its token in the query. */
export const peppolWebhookUrl = (baseUrl: string, organizationId: string, token: string) =>
  `${baseUrl}/hooks/peppol/${organizationId}?token=${encodeURIComponent(token)}`;

/** What GET answers: the connection and its webhook, never the API key id or secret. */
export function serializeNetworkConnection(open: OpenNetwork | null, baseUrl: string) {
  const row = open?.row;
  return {
    provider: row?.provider ?? ("recommand" as const),
    connected: open !== null,
    company_id: row?.companyId ?? null,
    participant_id: row?.participantId ?? null,
    webhook_url: open ? peppolWebhookUrl(baseUrl, open.row.organizationId, open.secrets.webhookToken) : null,
    last_inbox_sync_at: row?.lastInboxSyncAt ?? null,
    created_at: row?.createdAt ?? null,
    updated_at: row?.updatedAt ?? null,
  };
}

/** The organization fields (their API paths) each field the provider registers a company with comes from. */
const ORGANIZATION_FIELD_OF: Record<string, string> = {
  name: "organization.legal_name",
  address: "organization.address.line1",
  postalCode: "organization.address.postal_code",
  city: "organization.address.city",
  country: "organization.address.country",
  vatNumber: "organization.vat_id",
  enterpriseNumber: "organization.company_id",
  enterpriseNumberScheme: "organization.company_id_scheme",
  email: "organization.email",
  phone: "organization.phone",
};

/**
 * The organization as the provider registers it, from its billing profile: 422 naming the
 * organization fields to fill when the postal address the register needs is incomplete. The
 * company id goes along with its scheme when that is an ISO 6523 ICD code (`0208`).
 */
export function companyRegistrationOf(
  org: Pick<Organization, "name" | "billingProfile">,
): CompanyRegistration {
  const profile = billingProfileOf(org);
  const address = profile.address;
  const required = {
    address: address?.line1,
    postalCode: address?.postal_code,
    city: address?.city,
    country: address?.country,
  };
  const missing = Object.entries(required).filter(([, value]) => !value?.trim());
  if (missing.length > 0) {
    throw validationError(
      Object.fromEntries(
        missing.map(([field]) => [
          ORGANIZATION_FIELD_OF[field] as string,
          "Required to register the organization at the Peppol access point (PATCH /v1/organization)",
        ]),
      ),
      "The organization's billing profile lacks what its Peppol registration needs",
    );
  }
  const scheme = org.billingProfile?.company_id_scheme ?? null;
  const icd = scheme !== null && ICD_CODES.has(scheme) && profile.company_id !== null;
  return {
    name: profile.legal_name ?? org.name,
    address: [address?.line1, address?.line2].filter(Boolean).join(", "),
    postalCode: required.postalCode as string,
    city: required.city as string,
    country: required.country as string,
    vatNumber: profile.vat_id,
    enterpriseNumberScheme: icd ? scheme : null,
    enterpriseNumber: icd ? profile.company_id : null,
    email: profile.email,
    phone: profile.phone,
  };
}

/** A provider's 400 on registration, as 422 details keyed by the organization fields it refused. */
function refusedRegistration(provider: NetworkProviderName, error: NetworkProviderError) {
  const details: Record<string, string> = {};
  for (const [field, messages] of Object.entries(error.fields)) {
    details[ORGANIZATION_FIELD_OF[field] ?? `provider.${field}`] = messages.join(" ");
  }
  if (Object.keys(details).length === 0) details.organization = error.message;
  return new ApiError(
    "validation_error",
    `${providerTitle(provider)} refused to register the organization: ${error.message}`,
    { details },
  );
}

/**
 * The company the connection is for: `company_id` checked; else the company the organization is
 * connected with, when these credentials see it (a key rotated, a PUT retried); else the
 * organization registered.
 */
async function companyFor(
  open: Pick<OpenNetwork, "provider">,
  org: Organization,
  input: NetworkConnectionInput,
  connectedCompanyId: string | null,
): Promise<RegisteredCompany> {
  if (input.company_id === undefined && connectedCompanyId !== null) {
    try {
      return await open.provider.company(connectedCompanyId);
    } catch (error) {
      if (!(error instanceof NetworkProviderError && error.kind === "not_found")) throw error;
    }
  }
  const registration = input.company_id === undefined ? companyRegistrationOf(org) : null;
  try {
    return registration
      ? await open.provider.registerCompany(registration)
      : await open.provider.company(input.company_id as string);
  } catch (error) {
    if (!(error instanceof NetworkProviderError)) throw error;
    if (error.kind === "not_found" && !registration) {
      throw validationError(
        {
          company_id: `${providerTitle(input.provider)} has no company ${input.company_id} for this API key`,
        },
        "The company is not one of this API key's",
      );
    }
    if (error.kind === "invalid" && registration) throw refusedRegistration(input.provider, error);
    throw error;
  }
}

/**
 * PUT: checks the credentials against the company (the given one, else the connected one, else it
 * registers the organization), registers the webhook under a new token, and stores the connection
 * sealed. A connection it replaces loses its
 * webhook at the provider, best effort (a failure is logged: the old token no longer opens the hook).
 */
export async function connectNetwork(
  db: Db,
  env: NetworkEnv,
  org: Organization,
  input: NetworkConnectionInput,
  baseUrl: string,
): Promise<OpenNetwork> {
  const secrets = { apiKeyId: input.api_key_id, apiSecret: input.api_secret, webhookToken: randomToken() };
  const provider = providerFor(env, { provider: input.provider }, secrets);
  const previous = await getNetworkRow(db, org.id);
  let company: RegisteredCompany;
  let webhookId: string;
  try {
    company = await companyFor({ provider }, org, input, previous?.companyId ?? null);
    webhookId = await provider.registerWebhook(
      company.companyId,
      peppolWebhookUrl(baseUrl, org.id, secrets.webhookToken),
    );
  } catch (error) {
    if (error instanceof ApiError) throw error;
    logProviderFailure(error, org.id, "connect");
    if (error instanceof NetworkProviderError && error.kind === "unauthorized") {
      throw refusedCredentials(input.provider, error);
    }
    throw providerFailed(input.provider, error);
  }
  const at = nowIso();
  const columns = {
    provider: input.provider,
    ...(await sealNetworkSecrets(env, org.id, input.provider, secrets)),
    companyId: company.companyId,
    participantId: company.participantId,
    webhookId,
    // The inbox read so far was another company's.
    lastInboxSyncAt: previous?.companyId === company.companyId ? previous.lastInboxSyncAt : null,
    updatedAt: at,
  };
  const [row] = await db
    .insert(einvoiceNetworks)
    .values({ organizationId: org.id, network: "peppol", ...columns, createdAt: at })
    .onConflictDoUpdate({ target: [einvoiceNetworks.organizationId, einvoiceNetworks.network], set: columns })
    .returning();
  if (previous?.webhookId && previous.webhookId !== webhookId) await forgetWebhook(env, previous);
  return { row: row as EInvoiceNetworkRow, secrets, provider };
}

/** Deletes the row's webhook at the provider, with the row's own credentials; a failure is logged. */
async function forgetWebhook(env: NetworkEnv, row: EInvoiceNetworkRow): Promise<void> {
  if (!row.webhookId) return;
  try {
    const open = await openRow(env, row);
    await open.provider.deleteWebhook(row.webhookId);
  } catch (error) {
    logProviderFailure(error, row.organizationId, "delete_webhook");
  }
}

/** DELETE: the webhook deleted at the provider (best effort), then the connection; 404 without one. */
export async function disconnectNetwork(db: Db, env: NetworkEnv, organizationId: string): Promise<void> {
  const row = await getNetworkRow(db, organizationId);
  if (!row) throw notFound("Peppol connection");
  await forgetWebhook(env, row);
  await db
    .delete(einvoiceNetworks)
    .where(
      and(eq(einvoiceNetworks.organizationId, organizationId), eq(einvoiceNetworks.network, row.network)),
    );
}

/**
 * Rotation: seals again, under the current master key version, every connection's secrets that
 * are under another version, in pages walked by (organization, network), up to `limit` rows per
 * call. The update is conditional on the stored secret, so a PUT racing it is never undone.
 */
export const rewrapNetworkSecrets: RewrapPass<NetworkEnv> = async (db, env, options = {}) => {
  const keys = masterKeySet(env);
  const stale = ne(einvoiceNetworks.secretVersion, keys.current);
  return rewrapWalk<EInvoiceNetworkRow>(db, keys, options, {
    page: (after, size, settled) =>
      db
        .select()
        .from(einvoiceNetworks)
        .where(
          and(
            stale,
            sql`(${einvoiceNetworks.organizationId}, ${einvoiceNetworks.network}) > (${after?.organizationId ?? ""}, ${after?.network ?? ""})`,
            settled(einvoiceNetworks.organizationId),
          ),
        )
        .orderBy(asc(einvoiceNetworks.organizationId), asc(einvoiceNetworks.network))
        .limit(size),
    reseal: async (row) => {
      const sealed = await sealNetworkSecrets(
        env,
        row.organizationId,
        row.provider,
        await openNetworkSecrets(env, row),
      );
      const update = db
        .update(einvoiceNetworks)
        .set(sealed)
        .where(
          and(
            eq(einvoiceNetworks.organizationId, row.organizationId),
            eq(einvoiceNetworks.network, row.network),
            eq(einvoiceNetworks.apiSecret, row.apiSecret),
          ),
        );
      return { update };
    },
    failed: (row, error) =>
      logError("network secret rewrap failed", {
        organization_id: row.organizationId,
        network: row.network,
        error: String(error),
      }),
    remaining: () => db.$count(einvoiceNetworks, stale),
  });
};

/** Hourly: moves up to 500 connections' secrets to the current master key version. */
export async function networkSecretRewrapSweep(env: Bindings): Promise<void> {
  const result = await rewrapAllShards(env, rewrapNetworkSecrets, { limit: 500 });
  logInfo("network secret rewrap", { rewrapped: result.rewrapped, remaining: result.remaining });
}
