// A Peppol connection stored directly for a test organization (as PUT /v1/einvoice-networks/peppol
// stores one): the organization registered as a company at the fake, its credentials sealed.
// Tests of sending use it where connectPeppol (test/helpers/recommand.ts) can replace it.
import { env } from "cloudflare:workers";
import { createDb } from "../../src/db/client";
import { einvoiceNetworks } from "../../src/db/schema/networks";
import { sealNetworkSecrets } from "../../src/services/einvoice-networks/connection";
import { recommandProvider } from "../../src/services/einvoice-networks/recommand";
import type { TestOrg } from "./api";
import { type FakeRecommandAccount, recommandBase } from "./recommand";

/** Registers the organization at the fake and stores its connection; answers the company. */
export async function insertPeppolConnection(org: TestOrg, account: FakeRecommandAccount) {
  const provider = recommandProvider({
    apiBase: recommandBase(),
    apiKeyId: account.apiKeyId,
    apiSecret: account.apiSecret,
  });
  const company = await provider.registerCompany({
    name: "Acme GmbH",
    address: "Hauptstraße 5",
    postalCode: "80331",
    city: "München",
    country: "DE",
    vatNumber: "DE123456789",
    enterpriseNumberScheme: "9930",
    enterpriseNumber: "DE123456789",
    email: null,
    phone: null,
  });
  const sealed = await sealNetworkSecrets(env, org.organizationId, "recommand", {
    apiKeyId: account.apiKeyId,
    apiSecret: account.apiSecret,
    webhookToken: "t",
  });
  const at = new Date().toISOString();
  await createDb(env.DB)
    .insert(einvoiceNetworks)
    .values({
      organizationId: org.organizationId,
      network: "peppol",
      provider: "recommand",
      ...sealed,
      companyId: company.companyId,
      participantId: company.participantId,
      webhookId: null,
      lastInboxSyncAt: null,
      createdAt: at,
      updatedAt: at,
    });
  return company;
}
