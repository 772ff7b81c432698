// Handlers of /v1/invoices.
import type { Context } from "hono";
import type { AppEnv } from "../../lib/create-router";
import { createRouter } from "../../lib/create-router";
import { notFound } from "../../lib/errors";
import { metadataFilter } from "../../lib/metadata";
import { offsetResult } from "../../lib/pagination";
import { keptAnswer, markSecretFields } from "../../middleware/idempotency";
import { servicesOf } from "../../middleware/services";
import {
  archivedDocument,
  archivedFileResponse,
  archiveIssuedDocument,
  CREDIT_NOTE_ISSUE_KINDS,
  einvoiceDocument,
} from "../../services/archive";
import {
  deliveriesByDocument,
  deliveriesOf,
  deliveryRowsOf,
  withDeliveries,
  withDeliveriesOf,
} from "../../services/einvoice-networks/deliveries";
import { emailSenderFor } from "../../services/email";
import * as invoices from "../../services/invoices";
import {
  hostedUrlOf,
  rotateHostedLink,
  withHostedUrls,
  withHostedUrlsOf,
} from "../../services/invoices/hosted";
import { hostedLinksOf } from "../hosted/links";
import { archiveContextOf } from "./archive-context";
import * as routes from "./invoices.routes";
import { optionalBodyOf, sendChannelsOf, sent } from "./send-body";

/**
 * An invoice's deliveries, read before a write that leaves them as they are (pay, void), so its
 * kept answer states them as the first answer does.
 */
async function deliveriesOfInvoice(c: Context<AppEnv>, id: string) {
  const { db, organizationId } = servicesOf(c);
  return (await deliveriesOf(db, organizationId, "invoice", [id])).get(id) ?? [];
}

/** The invoices as answered: their hosted links and their deliveries. */
async function withDeliveryViews(c: Context<AppEnv>, views: invoices.InvoiceView[]) {
  const { db, organizationId } = servicesOf(c);
  const hosted = await withHostedUrls(db, hostedLinksOf(c), organizationId, views);
  return withDeliveries(db, organizationId, "invoice", hosted);
}

export const invoicesRouter = createRouter()
  .openapi(routes.createInvoice, async (c) => {
    const { db, org, dispatch } = servicesOf(c);
    const status = 201;
    // A new invoice has no deliveries.
    const answerOf = (result: invoices.CreatedInvoice) => ({ ...result.invoice, deliveries: [] });
    const result = await invoices.createInvoice(db, org, c.req.valid("json"), {
      keep: keptAnswer(c, status, answerOf),
    });
    dispatch(result.eventIds);
    return c.json(answerOf(result), status);
  })
  .openapi(routes.listInvoices, async (c) => {
    const { db, organizationId } = servicesOf(c);
    const query = c.req.valid("query");
    const { data, total, rows, nextCursor } = await invoices.listInvoices(db, organizationId, {
      ...query,
      metadata: metadataFilter(c.req.url),
    });
    const page = await withDeliveries(
      db,
      organizationId,
      "invoice",
      await withHostedUrlsOf(hostedLinksOf(c), data, rows),
    );
    const result = offsetResult(page, total, query);
    // Keyset paging is opt-in (sort or cursor given): the answer without them is unchanged.
    const keyset = query.sort !== undefined || query.cursor !== undefined;
    return c.json(keyset ? { ...result, meta: { ...result.meta, next_cursor: nextCursor } } : result, 200);
  })
  .openapi(routes.getInvoice, async (c) => {
    const { db, organizationId } = servicesOf(c);
    const id = c.req.valid("param").id;
    // The invoice, its lines and its deliveries in one round trip.
    const [[invoice], items, deliveryRows] = await db.batch([
      ...invoices.invoiceReads(db, organizationId, id),
      deliveryRowsOf(db, organizationId, "invoice", [id]),
    ]);
    if (!invoice) throw notFound("Invoice");
    const [draft] = (await invoices.draftIssues(db, organizationId, [{ invoice, items }])).values();
    const view = invoices.serializeInvoice(invoice, items, undefined, draft);
    const answer = withDeliveriesOf(
      { ...view, hosted_url: await hostedUrlOf(hostedLinksOf(c), invoice) },
      deliveriesByDocument(deliveryRows),
    );
    return c.json(answer, 200);
  })
  .openapi(routes.updateInvoice, async (c) => {
    const { db, organizationId, dispatch } = servicesOf(c);
    const { invoice, eventIds } = await invoices.updateInvoice(
      db,
      organizationId,
      c.req.valid("param").id,
      c.req.valid("json"),
    );
    dispatch(eventIds);
    const [view] = await withDeliveryViews(c, [invoice]);
    return c.json(view!, 200);
  })
  .openapi(routes.sendInvoice, async (c) => {
    const { db, org: organization, dispatch } = servicesOf(c);
    // The hosted link is a credential: an idempotent replay answers it as null.
    markSecretFields(c, "hosted_url");
    const status = 200;
    const answerOf = (result: invoices.SentInvoice) => result.invoice;
    const result = await invoices.sendInvoice(
      db,
      emailSenderFor(c.env),
      organization,
      c.req.valid("param").id,
      hostedLinksOf(c),
      archiveContextOf(c, organization, servicesOf(c).db),
      { env: c.env, channels: sendChannelsOf(c, () => c.req.valid("json")) },
      keptAnswer(c, status, answerOf),
    );
    // The invoice is sent even when its e-mail failed (row `failed`).
    return c.json(answerOf(sent(c, dispatch, result)), status);
  })
  .openapi(routes.payInvoice, async (c) => {
    const { db, organizationId, dispatch } = servicesOf(c);
    // The hosted link is a credential: an idempotent replay answers it as null.
    markSecretFields(c, "hosted_url");
    // Kept as answered but for hosted_url (filled in below), a secret kept as null.
    const status = 200;
    const { id } = c.req.valid("param");
    const deliveries = await deliveriesOfInvoice(c, id);
    const { invoice, eventIds } = await invoices.payInvoice(
      db,
      organizationId,
      id,
      keptAnswer(c, status, (result) => ({ ...result.invoice, deliveries })),
    );
    dispatch(eventIds);
    const [view] = await withHostedUrls(db, hostedLinksOf(c), organizationId, [{ ...invoice, deliveries }]);
    return c.json(view!, status);
  })
  .openapi(routes.deleteInvoice, async (c) => {
    const { db, organizationId, dispatch } = servicesOf(c);
    const { eventIds } = await invoices.deleteInvoice(db, organizationId, c.req.valid("param").id);
    dispatch(eventIds);
    return c.body(null, 204);
  })
  .openapi(routes.previewInvoiceEmail, async (c) => {
    const { org } = servicesOf(c);
    const preview = await invoices.previewInvoiceEmail(
      archiveContextOf(c, org, servicesOf(c).db),
      emailSenderFor(c.env),
      hostedLinksOf(c),
      c.req.valid("param").id,
      c.req.valid("query"),
    );
    return c.json(preview, 200);
  })
  .openapi(routes.listInvoiceEmails, async (c) => {
    const { db, organizationId } = servicesOf(c);
    const page = c.req.valid("query");
    const { rows, total } = await invoices.listInvoiceEmails(
      db,
      organizationId,
      c.req.valid("param").id,
      page,
    );
    return c.json(offsetResult(rows, total, page), 200);
  })
  .openapi(routes.createPayment, async (c) => {
    const { db, organizationId, dispatch } = servicesOf(c);
    const status = 201;
    const answerOf = (result: invoices.RecordedPayment) => result.payment;
    const result = await invoices.recordPayment(
      db,
      organizationId,
      c.req.valid("param").id,
      c.req.valid("json"),
      keptAnswer(c, status, answerOf),
    );
    dispatch(result.eventIds);
    return c.json(answerOf(result), status);
  })
  .openapi(routes.sendPaymentReceipt, async (c) => {
    const { db, org } = servicesOf(c);
    const { id, paymentId } = c.req.valid("param");
    const input = { db, bucket: c.env.DOCUMENTS, organization: org, links: hostedLinksOf(c) };
    return c.json(await invoices.sendReceipt(input, emailSenderFor(c.env), id, paymentId), 201);
  })
  .openapi(routes.listPayments, async (c) => {
    const { db, organizationId } = servicesOf(c);
    const page = c.req.valid("query");
    const { rows, total } = await invoices.listPayments(db, organizationId, c.req.valid("param").id, page);
    return c.json(offsetResult(rows, total, page), 200);
  })
  .openapi(routes.reversePayment, async (c) => {
    const { db, organizationId, dispatch } = servicesOf(c);
    const { id, paymentId } = c.req.valid("param");
    const { payment, eventIds } = await invoices.reversePayment(db, organizationId, id, paymentId);
    dispatch(eventIds);
    return c.json(payment, 200);
  })
  .openapi(routes.voidInvoice, async (c) => {
    const { db, org, organizationId, dispatch } = servicesOf(c);
    // The hosted link is a credential: an idempotent replay answers it as null.
    markSecretFields(c, "hosted_url");
    // The body is optional: a bare POST voids with the default reason.
    const body = optionalBodyOf(c, () => c.req.valid("json")) ?? {};
    // Kept as answered but for hosted_url (filled in below), a secret kept as null.
    const status = 200;
    const { id } = c.req.valid("param");
    const deliveries = await deliveriesOfInvoice(c, id);
    const { invoice, creditNote, eventIds } = await invoices.voidInvoice(
      db,
      organizationId,
      id,
      body.reason,
      keptAnswer(c, status, (result) => ({ ...result.invoice, deliveries })),
    );
    dispatch(eventIds);
    // The void's credit note is issued: its documents are archived as they are now.
    await archiveIssuedDocument(
      archiveContextOf(c, org, servicesOf(c).db),
      "credit_note",
      creditNote.id,
      CREDIT_NOTE_ISSUE_KINDS,
    );
    const [view] = await withHostedUrls(db, hostedLinksOf(c), organizationId, [{ ...invoice, deliveries }]);
    return c.json(view!, status);
  })
  .openapi(routes.listInvoiceCreditNotes, async (c) => {
    const { db, organizationId } = servicesOf(c);
    const page = c.req.valid("query");
    const { data, total } = await invoices.listInvoiceCreditNotes(
      db,
      organizationId,
      c.req.valid("param").id,
      page,
    );
    const notes = await withDeliveries(db, organizationId, "credit_note", data);
    return c.json(offsetResult(notes, total, page), 200);
  })
  .openapi(routes.getInvoicePdf, async (c) => {
    const { org: organization } = servicesOf(c);
    const file = await archivedDocument(
      archiveContextOf(c, organization, servicesOf(c).db),
      "invoice",
      c.req.valid("param").id,
      c.req.valid("query").format,
    );
    return archivedFileResponse(file) as never;
  })
  .openapi(routes.rotateHostedLink, async (c) => {
    const { db, organizationId } = servicesOf(c);
    markSecretFields(c, "token", "url");
    const link = await rotateHostedLink(db, hostedLinksOf(c), organizationId, c.req.valid("param").id);
    return c.json(link, 200);
  })
  .openapi(routes.getInvoiceEInvoice, async (c) => {
    const { org } = servicesOf(c);
    const { syntax, profile } = c.req.valid("query");
    const file = await einvoiceDocument(
      archiveContextOf(c, org, servicesOf(c).db),
      "invoice",
      c.req.valid("param").id,
      syntax,
      profile,
    );
    return archivedFileResponse(file) as never;
  });
