// The every-minute Peppol inbox sweep: what a lost webhook missed becomes a bill, a document both
// webhooked and swept is one bill, what was refused is not fetched again, an inbox is read again
// only after its interval, and one organization's failure leaves the others' inboxes read.
import { env } from "cloudflare:workers";
import { and, eq } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { EVERY_MINUTE, runScheduled } from "../../src/cron";
import {
  INBOX_DOCUMENTS_PER_RUN,
  INBOX_SYNC_INTERVAL_MS,
  sweepPeppolInboxes,
} from "../../src/cron/peppol-inbox";
import { einvoiceNetworks, networkReceipts } from "../../src/db/schema/networks";
import { api, createOrg, type TestOrg } from "../helpers/api";
import { dbOf } from "../helpers/db";
import { connectDirectly, disconnectDirectly, postPeppolWebhook } from "../helpers/peppol-connection";
import { FakeRecommandAccount, useFakeRecommand } from "../helpers/recommand";
import { type SupplierInvoice, supplier } from "../helpers/supplier-invoices";

useFakeRecommand();
afterAll(disconnectDirectly);

/** Sweep runs each past the previous one's interval, so every connection is due again. */
let runs = 0;
const sweepLater = () =>
  sweepPeppolInboxes(env, new Date(Date.now() + ++runs * (INBOX_SYNC_INTERVAL_MS + 60_000)));

async function connected() {
  const org = await createOrg({ currency: "EUR" });
  const account = await FakeRecommandAccount.open();
  const connection = await connectDirectly(org, account);
  return { org, account, connection };
}

async function billsOf(org: TestOrg) {
  return (await api("GET", "/v1/bills?limit=100", { token: org.owner.key })).body.data as Array<
    Record<string, any>
  >;
}

async function fetchesOf(account: FakeRecommandAccount, documentId: string) {
  return (await account.requests())
    .filter((r) => r.path.startsWith(`/api/v1/documents/${documentId}`))
    .map((r) => `${r.method} ${r.path}`);
}

const readAt = async (account: FakeRecommandAccount, documentId: string) =>
  (await account.documents()).find((d) => d.id === documentId)?.readAt ?? null;

const lastSync = async (org: TestOrg) =>
  (
    await (
      await dbOf(org.organizationId)
    )
      .select({ at: einvoiceNetworks.lastInboxSyncAt })
      .from(einvoiceNetworks)
      .where(eq(einvoiceNetworks.organizationId, org.organizationId))
  )[0]?.at ?? null;

/** Supplier invoices (3 x 80.00 + 19 % = 285.60), each with its own number. */
let seller: Awaited<ReturnType<typeof supplier>> | undefined;
async function supplierInvoice(): Promise<{ invoice: SupplierInvoice; xml: string }> {
  seller ??= await supplier();
  const invoice = await seller.issue([{ description: "Wartung", quantity: 3, unit_price: 80 }]);
  return { invoice, xml: new TextDecoder().decode(invoice.ubl) };
}

describe("the Peppol inbox sweep", () => {
  it("imports a document whose webhook was lost, then leaves the inbox until its interval is over", async () => {
    const { org, account, connection } = await connected();
    const first = await supplierInvoice();
    const { documentId } = await account.receive(connection.companyId, first.xml);

    await runScheduled({ cron: EVERY_MINUTE }, env);

    const bills = await billsOf(org);
    expect(bills).toEqual([
      expect.objectContaining({ source: "peppol", number: first.invoice.number, total: 285.6 }),
    ]);
    const original = await api("GET", `/v1/bills/${bills[0]!.id}/original`, { token: org.owner.key });
    expect(new Uint8Array(await original.raw.arrayBuffer())).toEqual(first.invoice.ubl);
    expect(await readAt(account, documentId)).not.toBeNull();
    const synced = await lastSync(org);
    expect(synced).not.toBeNull();

    // Read a minute ago: not read again until the interval is over.
    const second = await supplierInvoice();
    await account.receive(connection.companyId, second.xml);
    await sweepPeppolInboxes(env, new Date(new Date(synced!).getTime() + 60_000));
    expect(await billsOf(org)).toHaveLength(1);
    await sweepPeppolInboxes(env, new Date(new Date(synced!).getTime() + INBOX_SYNC_INTERVAL_MS + 60_000));
    expect((await billsOf(org)).map((b) => b.number).sort()).toEqual(
      [first.invoice.number, second.invoice.number].sort(),
    );
  });

  it("makes one bill of a document both webhooked and swept, fetching it once", async () => {
    const { org, account, connection } = await connected();
    const { xml } = await supplierInvoice();
    const received = await account.receive(connection.companyId, xml);
    const documentId = received.documentId;
    // Marking read fails after the webhook's import: the document stays in the inbox.
    await account.fail({ method: "POST", path: `/api/v1/documents/${documentId}/mark-as-read`, status: 503 });
    expect((await postPeppolWebhook(received.webhooks[0]!)).body).toMatchObject({ outcome: "imported" });
    expect(await readAt(account, documentId)).toBeNull();

    await sweepLater();

    expect(await billsOf(org)).toHaveLength(1);
    expect(await readAt(account, documentId)).not.toBeNull();
    expect(await fetchesOf(account, documentId)).toEqual([
      `GET /api/v1/documents/${documentId}`,
      `POST /api/v1/documents/${documentId}/mark-as-read`,
      `POST /api/v1/documents/${documentId}/mark-as-read`,
    ]);

    // A webhook arriving after the sweep received the document: answered as recorded.
    const late = await supplierInvoice();
    const other = await account.receive(connection.companyId, late.xml);
    await sweepLater();
    expect((await postPeppolWebhook(other.webhooks[0]!)).body).toMatchObject({ outcome: "imported" });
    expect(await billsOf(org)).toHaveLength(2);
    expect(await fetchesOf(account, other.documentId)).toHaveLength(2);
  });

  it("refuses what is not an e-invoice once: it stays unread at the provider, later sweeps skip it", async () => {
    const { org, account, connection } = await connected();
    const { documentId } = await account.receive(
      connection.companyId,
      `<?xml version="1.0"?><Catalogue xmlns="urn:oasis:names:specification:ubl:schema:xsd:Catalogue-2"/>`,
    );

    await sweepLater();
    const receipt = async () =>
      (
        await (
          await dbOf(org.organizationId)
        )
          .select()
          .from(networkReceipts)
          .where(
            and(
              eq(networkReceipts.organizationId, org.organizationId),
              eq(networkReceipts.providerDocumentId, documentId),
            ),
          )
      )[0];
    expect(await receipt()).toMatchObject({
      outcome: "refused",
      reason: expect.stringContaining("Catalogue"),
      markedReadAt: null,
    });

    await sweepLater();
    await sweepLater();
    expect(await readAt(account, documentId)).toBeNull();
    expect(await fetchesOf(account, documentId)).toEqual([`GET /api/v1/documents/${documentId}`]);
    expect(await billsOf(org)).toHaveLength(0);
  });

  it("does not count refused documents left in the inbox against a run's documents", async () => {
    const { org, account, connection } = await connected();
    for (let i = 0; i < INBOX_DOCUMENTS_PER_RUN; i++) {
      await account.receive(connection.companyId, `<?xml version="1.0"?><Catalogue n="${i}"/>`);
    }
    await sweepLater();
    expect(await billsOf(org)).toHaveLength(0);

    const { xml } = await supplierInvoice();
    await account.receive(connection.companyId, xml);
    await sweepLater();
    expect(await billsOf(org)).toHaveLength(1);
  });

  it.each([
    ["refuses the credentials", { status: 401 }],
    ["answers 503", { status: 503 }],
    ["drops the connection", { drop: true }],
  ])("reads the other organizations' inboxes when one's provider %s", async (_, failure) => {
    const broken = await connected();
    const working = await connected();
    const { xml } = await supplierInvoice();
    const kept = await broken.account.receive(broken.connection.companyId, xml);
    await working.account.receive(working.connection.companyId, xml);
    await broken.account.fail({ method: "GET", path: "/api/v1/inbox", ...failure });

    await sweepLater();

    expect(await billsOf(working.org)).toHaveLength(1);
    expect(await billsOf(broken.org)).toHaveLength(0);
    expect(await lastSync(broken.org)).not.toBeNull();
    expect(await readAt(broken.account, kept.documentId)).toBeNull();

    await sweepLater();
    expect(await billsOf(broken.org)).toHaveLength(1);
  });
});
