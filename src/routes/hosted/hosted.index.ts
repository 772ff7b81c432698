// Handler of the hosted invoice page: find the invoice by its token, record the first view,
// answer the HTML with a policy that allows nothing but its own inline style.
import { createDb } from "../../db/client";
import { utcDate } from "../../lib/clock";
import { createRouter } from "../../lib/create-router";
import { dispatchEvents } from "../../services/events";
import { findHostedInvoice, recordFirstView } from "../../services/invoices/hosted";
import * as routes from "./hosted.routes";
import { renderHostedInvoicePage, styleSource } from "./invoice-page";

/** No script, no frames, no forms, no base; the one inline <style> by its hash; QR and images inline. */
export async function hostedPagePolicy(): Promise<string> {
  return [
    "default-src 'none'",
    `style-src ${await styleSource()}`,
    "img-src 'self' data:",
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'none'",
  ].join("; ");
}

export const hostedRouter = createRouter().openapi(routes.hostedInvoicePage, async (c) => {
  const db = createDb(c.env.DB);
  const found = await findHostedInvoice(db, c.req.valid("param").token);
  const { invoice, eventIds } = await recordFirstView(db, found.invoice, found.items);
  dispatchEvents(c.executionCtx, c.env, eventIds);
  const html = await renderHostedInvoicePage({
    invoice,
    items: found.items,
    organization: found.organization,
    today: utcDate(),
  });
  return new Response(html, {
    status: 200,
    headers: {
      "Content-Type": "text/html; charset=utf-8",
      "Content-Security-Policy": await hostedPagePolicy(),
      "X-Robots-Tag": "noindex, nofollow",
      "Referrer-Policy": "no-referrer",
      "X-Frame-Options": "DENY",
      // The token is a credential and the page shows amounts that change: never kept.
      "Cache-Control": "no-store",
    },
  }) as never;
});
