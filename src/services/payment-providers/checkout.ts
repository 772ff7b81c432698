// The hosted page's "Pay now": a checkout at the organization's provider for the invoice's live
// balance, or the reason there is none (then the page, which tells the truth, is shown again).
import type { Db } from "../../db/client";
import type { Invoice } from "../../db/schema/invoices";
import type { Bindings } from "../../env";
import { ApiError } from "../../lib/errors";
import { logError } from "../../lib/log";
import { amountDueMinor, customerMayPay } from "../invoices/amount-due";
import { connectedProvider, getProviderAccount } from "./accounts";
import { ProviderError } from "./types";

export type CheckoutOutcome =
  | { kind: "checkout"; url: string }
  | { kind: "not_payable"; reason: "nothing_due" | "no_provider" };

/**
 * One checkout per invoice, version and balance (the provider's Idempotency-Key): a double click,
 * or a second tab, gets the same session; a payment or reversal in between changes the version
 * and so starts a new one.
 */
export const checkoutIdempotencyKey = (invoice: Pick<Invoice, "id" | "version">, dueMinor: number) =>
  `checkout:${invoice.id}:v${invoice.version}:${dueMinor}`;

/** Whether the page may offer "Pay now" (with a balance due): a provider is connected. No secret is opened. */
export async function hasConnectedProvider(db: Db, organizationId: string) {
  return (await getProviderAccount(db, organizationId, "stripe")) !== undefined;
}

export async function startCheckout(
  db: Db,
  env: Bindings,
  invoice: Invoice,
  page: { url: string; description: string },
): Promise<CheckoutOutcome> {
  if (!customerMayPay(invoice)) return { kind: "not_payable", reason: "nothing_due" };
  const due = amountDueMinor(invoice);
  const provider = await connectedProvider(db, env, invoice.organizationId);
  if (!provider) return { kind: "not_payable", reason: "no_provider" };
  try {
    const checkout = await provider.createCheckout({
      organizationId: invoice.organizationId,
      invoiceId: invoice.id,
      invoiceNumber: invoice.number ?? invoice.id,
      amountMinor: due,
      currency: invoice.currency,
      description: page.description,
      successUrl: page.url,
      cancelUrl: page.url,
      idempotencyKey: checkoutIdempotencyKey(invoice, due),
    });
    return { kind: "checkout", url: checkout.url };
  } catch (error) {
    if (!(error instanceof ProviderError)) throw error;
    logError("payment provider checkout failed", {
      provider: provider.name,
      invoice_id: invoice.id,
      status: error.status,
      error: error.message,
    });
    throw new ApiError(
      "payment_provider_error",
      "The payment provider could not start a payment; try again later",
    );
  }
}
