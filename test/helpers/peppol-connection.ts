// An organization connected to the fake Recommand through PUT /v1/einvoice-networks/peppol with a
// `company_id` registered at the fake first (so the organization's own billing profile, which its
// bills are checked against, stays as the test made it), and its connection removed after the file.
import { eq } from "drizzle-orm";
import { expect } from "vitest";
import { einvoiceNetworks } from "../../src/db/schema/networks";
import { recommandProvider } from "../../src/services/einvoice-networks/recommand";
import { api, type TestOrg } from "./api";
import { dbOf } from "./db";
import { connectPeppol, type FakeRecommandAccount, recommandBase } from "./recommand";

export interface DirectConnection {
  companyId: string;
  webhookToken: string;
  /** What the provider calls: `http://api.test/hooks/peppol/<organization id>?token=<token>`. */
  webhookUrl: string;
}

/**
 * The organizations `connectDirectly` connected, by the test file that connected them, for
 * `disconnectDirectly`. The files of a workerd process share this module (`isolate: false`), and
 * a file listed in test/own-database.ts may have run on storage emptied since: each file removes
 * only its own connections.
 */
const connected = new Map<string, string>();

function currentFile(): string {
  const file = expect.getState().testPath;
  if (!file) throw new Error("test/helpers/peppol-connection.ts: no test file in expect's state");
  return file;
}

/**
 * Deletes the connections this file made: the `workers` project's files share one D1, and another
 * file's run of the every-minute cron must not find them (it would read their inboxes outside
 * `useFakeRecommand`). Call it in `afterAll` of every file that connects.
 */
export async function disconnectDirectly() {
  const file = currentFile();
  const ids = [...connected].filter(([, by]) => by === file).map(([id]) => id);
  for (const id of ids) {
    connected.delete(id);
    await (await dbOf(id)).delete(einvoiceNetworks).where(eq(einvoiceNetworks.organizationId, id));
  }
}

export async function connectDirectly(
  org: TestOrg,
  account: FakeRecommandAccount,
): Promise<DirectConnection> {
  const provider = recommandProvider({
    apiBase: recommandBase(),
    apiKeyId: account.apiKeyId,
    apiSecret: account.apiSecret,
  });
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
  const put = await connectPeppol(org, account, company.companyId);
  expect(put.status, JSON.stringify(put.body)).toBe(200);
  const webhookUrl = put.body.webhook_url as string;
  connected.set(org.organizationId, currentFile());
  return {
    companyId: company.companyId,
    webhookToken: new URL(webhookUrl).searchParams.get("token") ?? "",
    webhookUrl,
  };
}

/** Posts a webhook call the fake says the provider would make to the Worker: its URL's path and query. */
export function postPeppolWebhook(hook: { url: string; body: unknown }) {
  const url = new URL(hook.url);
  return api("POST", `${url.pathname}${url.search}`, { body: hook.body });
}
