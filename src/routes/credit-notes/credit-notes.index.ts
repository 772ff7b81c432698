// Handlers of /v1/credit-notes.
import { createRouter } from "../../lib/create-router";
import { metadataFilter } from "../../lib/metadata";
import { offsetResult } from "../../lib/pagination";
import { keptAnswer } from "../../middleware/idempotency";
import { servicesOf } from "../../middleware/services";
import {
  archivedDocument,
  archivedFileResponse,
  archiveIssuedDocument,
  CREDIT_NOTE_ISSUE_KINDS,
  einvoiceDocument,
} from "../../services/archive";
import { withDeliveries } from "../../services/einvoice-networks/deliveries";
import { emailSenderFor } from "../../services/email";
import * as invoices from "../../services/invoices";
import { publicBaseUrlOf } from "../hosted/links";
import { archiveContextOf } from "../invoices/archive-context";
import { sendChannelsOf, sent } from "../invoices/send-body";
import * as routes from "./credit-notes.routes";

export const creditNotesRouter = createRouter()
  .openapi(routes.createCreditNote, async (c) => {
    const { db, org, organizationId, dispatch } = servicesOf(c);
    const status = 201;
    // A new credit note has no deliveries.
    const answerOf = (result: invoices.IssuedCreditNote) => ({ ...result.creditNote, deliveries: [] });
    const result = await invoices.createCreditNote(
      db,
      organizationId,
      c.req.valid("json"),
      keptAnswer(c, status, answerOf),
    );
    dispatch(result.eventIds);
    // Issued: its documents are archived as they are now, and served from the archive after.
    await archiveIssuedDocument(
      archiveContextOf(c, org, servicesOf(c).db),
      "credit_note",
      result.creditNote.id,
      CREDIT_NOTE_ISSUE_KINDS,
    );
    return c.json(answerOf(result), status);
  })
  .openapi(routes.listCreditNotes, async (c) => {
    const { db, organizationId } = servicesOf(c);
    const query = c.req.valid("query");
    const { data, total } = await invoices.listCreditNotes(db, organizationId, {
      ...query,
      metadata: metadataFilter(c.req.url),
    });
    const notes = await withDeliveries(db, organizationId, "credit_note", data);
    return c.json(offsetResult(notes, total, query), 200);
  })
  .openapi(routes.getCreditNote, async (c) => {
    const { db, organizationId } = servicesOf(c);
    const { note, items } = await invoices.loadCreditNote(db, organizationId, c.req.valid("param").id);
    const [view] = await withDeliveries(db, organizationId, "credit_note", [
      invoices.serializeCreditNote(note, items),
    ]);
    return c.json(view!, 200);
  })
  .openapi(routes.getCreditNotePdf, async (c) => {
    const { org } = servicesOf(c);
    const file = await archivedDocument(
      archiveContextOf(c, org, servicesOf(c).db),
      "credit_note",
      c.req.valid("param").id,
      c.req.valid("query").format,
    );
    return archivedFileResponse(file) as never;
  })
  .openapi(routes.getCreditNoteEInvoice, async (c) => {
    const { org } = servicesOf(c);
    const { syntax, profile } = c.req.valid("query");
    const file = await einvoiceDocument(
      archiveContextOf(c, org, servicesOf(c).db),
      "credit_note",
      c.req.valid("param").id,
      syntax,
      profile,
    );
    return archivedFileResponse(file) as never;
  })
  .openapi(routes.previewCreditNoteEmail, async (c) => {
    const { org } = servicesOf(c);
    const preview = await invoices.previewCreditNoteEmail(
      archiveContextOf(c, org, servicesOf(c).db),
      emailSenderFor(c.env),
      publicBaseUrlOf(c),
      c.req.valid("param").id,
    );
    return c.json(preview, 200);
  })
  .openapi(routes.sendCreditNote, async (c) => {
    const { org, dispatch } = servicesOf(c);
    const status = 200;
    const answerOf = (result: invoices.SentCreditNote) => result.creditNote;
    const result = await invoices.sendCreditNote(
      archiveContextOf(c, org, servicesOf(c).db),
      emailSenderFor(c.env),
      publicBaseUrlOf(c),
      c.req.valid("param").id,
      { env: c.env, channels: sendChannelsOf(c, () => c.req.valid("json")) },
      keptAnswer(c, status, answerOf),
    );
    return c.json(answerOf(sent(c, dispatch, result)), status);
  })
  .openapi(routes.listCreditNoteEmails, async (c) => {
    const { db, organizationId } = servicesOf(c);
    const data = await invoices.listCreditNoteEmails(db, organizationId, c.req.valid("param").id);
    return c.json({ data }, 200);
  });
