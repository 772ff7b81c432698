// Handler of the hosted invoice page: find the invoice by its token, record the first view, read
// its issued-document model and live standing, and answer the page (src/render/hosted-page.tsx)
// with a policy that allows nothing but its own inline style.
import type { Context, MiddlewareHandler } from "hono";
import { organizationByKey } from "../../db/directory";
import { dbOn, organizationMoving, routeOf } from "../../db/route";
import { sellerDisplayName } from "../../document/address";
import { documentLabels } from "../../document/labels";
import { utcDate } from "../../lib/clock";
import { type AppEnv, createRouter } from "../../lib/create-router";
import { notFound } from "../../lib/errors";
import { publicServicesOf } from "../../middleware/services";
import { renderHostedInvoicePage, styleSource } from "../../render/hosted-page";
import { archivedDocument, archivedFileResponse } from "../../services/archive";
import { type EInvoiceReadiness, einvoiceReadiness } from "../../services/einvoice";
import {
  findHostedInvoice,
  hostedTokenKey,
  hostedUrl,
  organizationOfHostedToken,
  recordFirstView,
} from "../../services/invoices/hosted";
import { invoiceStanding, issuedDocumentOf } from "../../services/issued-document";
import { getLogo, pageLogoOf } from "../../services/logo";
import { hasConnectedProvider, startCheckout } from "../../services/payment-providers";
import { archiveContextOf } from "../invoices/archive-context";
import * as routes from "./hosted.routes";
import { hostedLinksOf } from "./links";

/**
 * Where the Pay now form may go: this origin (POST /i/{token}/pay), then the provider's checkout
 * it redirects to (Chrome applies form-action to the redirects after a form's POST too).
 */
export const CHECKOUT_FORM_TARGETS = ["'self'", "https://checkout.stripe.com"];

/**
 * No script, no frames, no base; one form (Pay now) to this origin and the checkout; the one
 * inline <style> by its hash (its accent is the seller's brand color, the default one for answers
 * other than the page); QR and images inline.
 */
export async function hostedPagePolicy(accent?: string): Promise<string> {
  return [
    "default-src 'none'",
    `style-src ${await styleSource(accent)}`,
    "img-src 'self' data:",
    "base-uri 'none'",
    `form-action ${CHECKOUT_FORM_TARGETS.join(" ")}`,
    "frame-ancestors 'none'",
  ].join("; ");
}

const PAGE_HEADERS = {
  "Content-Type": "text/html; charset=utf-8",
  // The token is a credential and the page shows amounts that change: never kept.
  "Cache-Control": "no-store",
};

/**
 * One header set for every answer under /i/ (the page, HEAD, the PDF and XML downloads, a 404
 * for an unknown token): the URL holds a credential, so no search engine indexes it, no
 * referrer carries it away, no other site frames it, and the page's policy applies throughout.
 */
const hostedHeaders: MiddlewareHandler<AppEnv> = async function hostedHeaders(c, next) {
  await next();
  const headers: Record<string, string> = {
    "X-Robots-Tag": "noindex, nofollow",
    "Referrer-Policy": "no-referrer",
    "X-Frame-Options": "DENY",
    // The page states the policy of its own style (its brand color); every other answer the default.
    "Content-Security-Policy": c.res.headers.get("Content-Security-Policy") ?? (await hostedPagePolicy()),
  };
  // A response whose headers are immutable (passed through from elsewhere) is copied first.
  const res = new Response(c.res.body, c.res);
  for (const [name, value] of Object.entries(headers)) res.headers.set(name, value);
  c.res = res;
};

/**
 * The page's XML link: the syntax that can be produced (else the link would answer 422). The UBL
 * (the route's default) when it is ready, else the CII: a buyer without a Peppol endpoint (an
 * e-mail alone, scheme EM) still gets the EN 16931 CII. Null when neither can be produced.
 */
function hostedXmlLink(token: string, einvoice: EInvoiceReadiness): string | null {
  if (einvoice.syntaxes.ubl.ready) return `/i/${token}/xml`;
  if (einvoice.syntaxes.cii.ready) return `/i/${token}/xml?syntax=cii`;
  return null;
}

/**
 * The invoice behind a link's token and its organization's database: the directory names the
 * organization (src/db/directory.ts). Every token that finds nothing is the same 404.
 */
async function hostedInvoiceOf(c: Context<AppEnv>, token: string, options: { write?: boolean } = {}) {
  const key = await hostedTokenKey(token);
  const organizationId =
    key &&
    (await organizationByKey(c.env, "hosted_invoice", key, (db) => organizationOfHostedToken(db, key)));
  const route = organizationId ? await routeOf(c.env, organizationId) : null;
  if (!route) throw notFound("Invoice");
  const db = dbOn(c.env, route.database);
  const found = await findHostedInvoice(db, token);
  // While the organization moves its database must not change: what the page and its files
  // would write (the first view, an archive on first read) waits; a checkout answers 503.
  const moving = route.state === "moving";
  if (moving && options.write) throw organizationMoving();
  return { db, moving, ...found };
}

export const hostedRouter = createRouter();
hostedRouter.use("/i/*", hostedHeaders);
hostedRouter
  .openapi(routes.hostedInvoicePage, async (c) => {
    const { dispatch } = publicServicesOf(c);
    const token = c.req.valid("param").token;
    const { db, moving, ...found } = await hostedInvoiceOf(c, token);
    // HEAD (link scanners, preview fetchers) is not a customer looking: no view is recorded.
    if (c.req.method === "HEAD") return new Response(null, { status: 200, headers: PAGE_HEADERS }) as never;
    // While the organization moves, the page shows and the first view after the move is recorded.
    const { invoice, eventIds } = moving
      ? { invoice: found.invoice, eventIds: [] as string[] }
      : await recordFirstView(db, found.invoice, found.items);
    dispatch(eventIds);
    // The model, the standing, the provider and the logo are read at the same time.
    const model = issuedDocumentOf(db, found.organization, "invoice", invoice.id, { freeze: !moving });
    const [doc, standing, providerConnected, logo] = await Promise.all([
      model,
      invoiceStanding(db, invoice, model, utcDate()),
      hasConnectedProvider(db, found.organization.id),
      pageLogoOf(c.env.DOCUMENTS, found.organization.id),
    ]);
    const html = await renderHostedInvoicePage(
      doc,
      standing,
      {
        pdf: `/i/${token}/pdf`,
        xml: hostedXmlLink(token, einvoiceReadiness(doc)),
        // Offered only while the customer may pay (the standing's acceptsPayment).
        pay: providerConnected && !moving ? `/i/${token}/pay` : null,
      },
      logo ? { url: `/i/${token}/logo`, ...logo } : null,
    );
    const policy = await hostedPagePolicy(doc.brandColor);
    return new Response(html, {
      status: 200,
      headers: { ...PAGE_HEADERS, "Content-Security-Policy": policy },
    }) as never;
  })
  // The documents behind the page, for whoever holds the link: no view is recorded for them.
  .openapi(routes.hostedInvoicePdf, async (c) => {
    const { db, moving, invoice, organization } = await hostedInvoiceOf(c, c.req.valid("param").token);
    // HEAD answers the headers without rendering a PDF to throw away.
    if (c.req.method === "HEAD") {
      return new Response(null, { status: 200, headers: { "Content-Type": "application/pdf" } }) as never;
    }
    const context = archiveContextOf(c, organization, db, moving);
    const file = await archivedDocument(context, "invoice", invoice.id, "pdf");
    return archivedFileResponse(file) as never;
  })
  // Pay now: a checkout for the live balance, or back to the page, which says why there is none.
  .openapi(routes.hostedInvoicePay, async (c) => {
    const token = c.req.valid("param").token;
    const { db, ...found } = await hostedInvoiceOf(c, token, { write: true });
    const page = hostedUrl(hostedLinksOf(c).baseUrl, token);
    const doc = await issuedDocumentOf(db, found.organization, "invoice", found.invoice.id);
    const t = documentLabels(doc.locale, doc.seller.address?.country);
    const outcome = await startCheckout(db, c.env, found.invoice, {
      url: page,
      description: `${t.invoice} ${doc.number ?? ""} · ${sellerDisplayName(doc.seller)}`,
    });
    const location = outcome.kind === "checkout" ? outcome.url : page;
    return new Response(null, { status: 303, headers: { Location: location, ...PAGE_HEADERS } }) as never;
  })
  .openapi(routes.hostedInvoiceEInvoice, async (c) => {
    const { db, moving, invoice, organization } = await hostedInvoiceOf(c, c.req.valid("param").token);
    const kind = c.req.valid("query").syntax;
    const file = await archivedDocument(
      archiveContextOf(c, organization, db, moving),
      "invoice",
      invoice.id,
      kind,
    );
    return archivedFileResponse(file) as never;
  })
  .openapi(routes.hostedInvoiceLogo, async (c) => {
    const { organization } = await hostedInvoiceOf(c, c.req.valid("param").token);
    const logo = await getLogo(c.env.DOCUMENTS, organization.id);
    return new Response(logo.bytes, {
      headers: {
        "Content-Type": logo.contentType,
        "Content-Length": String(logo.bytes.byteLength),
        // The URL holds the page's credential: kept by the customer's browser only, briefly.
        "Cache-Control": "private, max-age=300",
      },
    }) as never;
  });
