// An organization connected to the fake Recommand WITHOUT the connect route: the company and its
// webhook registered at the fake, and the `einvoice_networks` row inserted with its secrets sealed.
// For the receive tests, which run beside the connect route's own work; `connectPeppol` (through
// PUT /v1/einvoice-networks/peppol) replaces it where that route is at hand.
import { env } from "cloudflare:workers";
import { inArray } from "drizzle-orm";
import { createDb } from "../../src/db/client";
import { einvoiceNetworks } from "../../src/db/schema/networks";
import { randomToken } from "../../src/lib/encoding";
import { sealNetworkSecrets } from "../../src/services/einvoice-networks/connection";
import { recommandProvider } from "../../src/services/einvoice-networks/recommand";
import { api, type TestOrg } from "./api";
import { type FakeRecommandAccount, recommandBase } from "./recommand";

export interface DirectConnection {
  companyId: string;
  webhookToken: string;
  /** What the provider calls: `http://api.test/hooks/peppol/<organization id>?token=<token>`. */
  webhookUrl: string;
}

/** The organizations `connectDirectly` connected in this file, for `disconnectDirectly`. */
const connectedHere = new Set<string>();

/**
 * Deletes the connections this file made: the `workers` project's files share one D1, and another
 * file's run of the every-minute cron must not find them (it would read their inboxes outside
 * `useFakeRecommand`). Call it in `afterAll`.
 */
export async function disconnectDirectly() {
  const ids = [...connectedHere];
  connectedHere.clear();
  if (ids.length > 0)
    await createDb(env.DB).delete(einvoiceNetworks).where(inArray(einvoiceNetworks.organizationId, ids));
}

export async function connectDirectly(
  org: TestOrg,
  account: FakeRecommandAccount,
): Promise<DirectConnection> {
  const credentials = { apiKeyId: account.apiKeyId, apiSecret: account.apiSecret };
  const provider = recommandProvider({ apiBase: recommandBase(), ...credentials });
  const company = await provider.registerCompany({
    name: "Käufer AG",
    address: "Marktplatz 1",
    postalCode: "50667",
    city: "Köln",
    country: "BE",
    vatNumber: "BE0403170701",
    enterpriseNumberScheme: "0208",
    enterpriseNumber: "0403170701",
    email: null,
    phone: null,
  });
  const webhookToken = randomToken(24);
  const webhookUrl = `http://api.test/hooks/peppol/${org.organizationId}?token=${webhookToken}`;
  const webhookId = await provider.registerWebhook(company.companyId, webhookUrl);
  const at = new Date().toISOString();
  await createDb(env.DB)
    .insert(einvoiceNetworks)
    .values({
      organizationId: org.organizationId,
      network: "peppol",
      provider: "recommand",
      ...(await sealNetworkSecrets(env, org.organizationId, "recommand", { ...credentials, webhookToken })),
      companyId: company.companyId,
      participantId: company.participantId,
      webhookId,
      lastInboxSyncAt: null,
      createdAt: at,
      updatedAt: at,
    });
  connectedHere.add(org.organizationId);
  return { companyId: company.companyId, webhookToken, webhookUrl };
}

/** Posts a webhook call the fake says the provider would make to the Worker: its URL's path and query. */
export function postPeppolWebhook(hook: { url: string; body: unknown }) {
  const url = new URL(hook.url);
  return api("POST", `${url.pathname}${url.search}`, { body: hook.body });
}
