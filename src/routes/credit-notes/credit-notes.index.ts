// Handlers of /v1/credit-notes.
import { createDb } from "../../db/client";
import { createRouter } from "../../lib/create-router";
import { metadataFilter } from "../../lib/metadata";
import { offsetResult } from "../../lib/pagination";
import { authOf } from "../../middleware/auth";
import { creditNoteEInvoice, xmlResponse } from "../../services/einvoice";
import { dispatchEvents } from "../../services/events";
import * as invoices from "../../services/invoices";
import { pdfResponse, renderCreditNotePdf } from "../../services/pdf";
import * as routes from "./credit-notes.routes";

export const creditNotesRouter = createRouter()
  .openapi(routes.createCreditNote, async (c) => {
    const { creditNote, eventIds } = await invoices.createCreditNote(
      createDb(c.env.DB),
      authOf(c).organization.id,
      c.req.valid("json"),
    );
    dispatchEvents(c.executionCtx, c.env, eventIds);
    return c.json(creditNote, 201);
  })
  .openapi(routes.listCreditNotes, async (c) => {
    const query = c.req.valid("query");
    const { data, total } = await invoices.listCreditNotes(createDb(c.env.DB), authOf(c).organization.id, {
      ...query,
      metadata: metadataFilter(c.req.url),
    });
    return c.json(offsetResult(data, total, query), 200);
  })
  .openapi(routes.getCreditNote, async (c) => {
    const { note, items } = await invoices.loadCreditNote(
      createDb(c.env.DB),
      authOf(c).organization.id,
      c.req.valid("param").id,
    );
    return c.json(invoices.serializeCreditNote(note, items), 200);
  })
  .openapi(routes.getCreditNotePdf, async (c) => {
    const pdf = await renderCreditNotePdf(
      createDb(c.env.DB),
      c.env.DOCUMENTS,
      authOf(c).organization,
      c.req.valid("param").id,
      c.req.valid("query").format,
    );
    return pdfResponse(pdf) as never;
  })
  .openapi(routes.getCreditNoteEInvoice, async (c) => {
    const file = await creditNoteEInvoice(
      createDb(c.env.DB),
      authOf(c).organization.id,
      c.req.valid("param").id,
      c.req.valid("query").syntax,
    );
    return xmlResponse(file);
  });
