// Handlers of /v1/quotes.
import { createRouter } from "../../lib/create-router";
import { offsetResult } from "../../lib/pagination";
import { keptAnswer } from "../../middleware/idempotency";
import { servicesOf } from "../../middleware/services";
import { emailSenderFor } from "../../services/email";
import { emailBrandingOf } from "../../services/email/branding";
import * as quotes from "../../services/quotes";
import { publicBaseUrlOf } from "../hosted/links";
import * as routes from "./quotes.routes";

export const quotesRouter = createRouter()
  .openapi(routes.createQuote, async (c) => {
    const status = 201;
    const answerOf = (result: quotes.CreatedQuote) => result.quote;
    const result = await quotes.createQuote(
      servicesOf(c).db,
      servicesOf(c).org,
      c.req.valid("json"),
      keptAnswer(c, status, answerOf),
    );
    servicesOf(c).dispatch(result.eventIds);
    return c.json(answerOf(result), status);
  })
  .openapi(routes.listQuotes, async (c) => {
    const query = c.req.valid("query");
    const { data, total } = await quotes.listQuotes(servicesOf(c).db, servicesOf(c).organizationId, query);
    return c.json(offsetResult(data, total, query), 200);
  })
  .openapi(routes.getQuote, async (c) => {
    const row = await quotes.getQuote(
      servicesOf(c).db,
      servicesOf(c).organizationId,
      c.req.valid("param").id,
    );
    return c.json(quotes.serializeQuote(row), 200);
  })
  .openapi(routes.updateQuote, async (c) => {
    const result = await quotes.updateQuote(
      servicesOf(c).db,
      servicesOf(c).org,
      c.req.valid("param").id,
      c.req.valid("json"),
    );
    servicesOf(c).dispatch(result.eventIds);
    return c.json(result.quote, 200);
  })
  .openapi(routes.deleteQuote, async (c) => {
    const { eventIds } = await quotes.deleteQuote(
      servicesOf(c).db,
      servicesOf(c).organizationId,
      c.req.valid("param").id,
    );
    servicesOf(c).dispatch(eventIds);
    return c.body(null, 204);
  })
  .openapi(routes.previewQuoteEmail, async (c) => {
    const { db, org } = servicesOf(c);
    const branding = await emailBrandingOf(c.env.DOCUMENTS, publicBaseUrlOf(c), org);
    const id = c.req.valid("param").id;
    return c.json(await quotes.previewQuoteEmail(db, emailSenderFor(c.env), org, id, branding), 200);
  })
  .openapi(routes.sendQuote, async (c) => {
    const { db, org } = servicesOf(c);
    const branding = await emailBrandingOf(c.env.DOCUMENTS, publicBaseUrlOf(c), org);
    const result = await quotes.sendQuote(db, emailSenderFor(c.env), org, c.req.valid("param").id, branding);
    servicesOf(c).dispatch(result.eventIds);
    if (result.failure) throw result.failure;
    return c.json(result.quote, 200);
  })
  .openapi(routes.acceptQuote, async (c) => {
    const result = await quotes.acceptQuote(
      servicesOf(c).db,
      servicesOf(c).organizationId,
      c.req.valid("param").id,
    );
    servicesOf(c).dispatch(result.eventIds);
    return c.json(result.quote, 200);
  })
  .openapi(routes.declineQuote, async (c) => {
    const result = await quotes.declineQuote(
      servicesOf(c).db,
      servicesOf(c).organizationId,
      c.req.valid("param").id,
    );
    servicesOf(c).dispatch(result.eventIds);
    return c.json(result.quote, 200);
  })
  .openapi(routes.convertQuote, async (c) => {
    const status = 201;
    // The invoice is a new draft: no deliveries.
    const answerOf = (result: quotes.ConvertedQuote) => ({
      invoice_id: result.invoice.id,
      invoice: { ...result.invoice, deliveries: [] },
    });
    const result = await quotes.convertQuote(
      servicesOf(c).db,
      servicesOf(c).org,
      c.req.valid("param").id,
      keptAnswer(c, status, answerOf),
    );
    servicesOf(c).dispatch(result.eventIds);
    return c.json(answerOf(result), status);
  })
  .openapi(routes.listQuoteEmails, async (c) => {
    const data = await quotes.listQuoteEmails(
      servicesOf(c).db,
      servicesOf(c).organizationId,
      c.req.valid("param").id,
    );
    return c.json({ data }, 200);
  });
