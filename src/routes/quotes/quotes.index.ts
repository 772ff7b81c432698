// Handlers of /v1/quotes.
import { createDb } from "../../db/client";
import { createRouter } from "../../lib/create-router";
import { offsetResult } from "../../lib/pagination";
import { authOf } from "../../middleware/auth";
import { emailSenderFor } from "../../services/email";
import { dispatchEvents } from "../../services/events";
import * as quotes from "../../services/quotes";
import * as routes from "./quotes.routes";

export const quotesRouter = createRouter()
  .openapi(routes.createQuote, async (c) => {
    const result = await quotes.createQuote(createDb(c.env.DB), authOf(c).organization, c.req.valid("json"));
    dispatchEvents(c.executionCtx, c.env, result.eventIds);
    return c.json(result.quote, 201);
  })
  .openapi(routes.listQuotes, async (c) => {
    const query = c.req.valid("query");
    const { data, total } = await quotes.listQuotes(createDb(c.env.DB), authOf(c).organization.id, query);
    return c.json(offsetResult(data, total, query), 200);
  })
  .openapi(routes.getQuote, async (c) => {
    const row = await quotes.loadQuote(
      createDb(c.env.DB),
      authOf(c).organization.id,
      c.req.valid("param").id,
    );
    return c.json(quotes.serializeQuote(row), 200);
  })
  .openapi(routes.updateQuote, async (c) => {
    const result = await quotes.updateQuote(
      createDb(c.env.DB),
      authOf(c).organization,
      c.req.valid("param").id,
      c.req.valid("json"),
    );
    dispatchEvents(c.executionCtx, c.env, result.eventIds);
    return c.json(result.quote, 200);
  })
  .openapi(routes.deleteQuote, async (c) => {
    const { eventIds } = await quotes.deleteQuote(
      createDb(c.env.DB),
      authOf(c).organization.id,
      c.req.valid("param").id,
    );
    dispatchEvents(c.executionCtx, c.env, eventIds);
    return c.body(null, 204);
  })
  .openapi(routes.sendQuote, async (c) => {
    const result = await quotes.sendQuote(
      createDb(c.env.DB),
      emailSenderFor(c.env),
      authOf(c).organization,
      c.req.valid("param").id,
    );
    dispatchEvents(c.executionCtx, c.env, result.eventIds);
    if (result.failure) throw result.failure;
    return c.json(result.quote, 200);
  })
  .openapi(routes.acceptQuote, async (c) => {
    const result = await quotes.acceptQuote(
      createDb(c.env.DB),
      authOf(c).organization.id,
      c.req.valid("param").id,
    );
    dispatchEvents(c.executionCtx, c.env, result.eventIds);
    return c.json(result.quote, 200);
  })
  .openapi(routes.declineQuote, async (c) => {
    const result = await quotes.declineQuote(
      createDb(c.env.DB),
      authOf(c).organization.id,
      c.req.valid("param").id,
    );
    dispatchEvents(c.executionCtx, c.env, result.eventIds);
    return c.json(result.quote, 200);
  })
  .openapi(routes.convertQuote, async (c) => {
    const result = await quotes.convertQuote(
      createDb(c.env.DB),
      authOf(c).organization,
      c.req.valid("param").id,
    );
    dispatchEvents(c.executionCtx, c.env, result.eventIds);
    return c.json({ invoice_id: result.invoice.id, invoice: result.invoice }, 201);
  })
  .openapi(routes.listQuoteEmails, async (c) => {
    const data = await quotes.listQuoteEmails(
      createDb(c.env.DB),
      authOf(c).organization.id,
      c.req.valid("param").id,
    );
    return c.json({ data }, 200);
  });
