// Handlers of /v1/bills. The import is mounted by hand (its body is a file read within its cap,
// never validated as JSON) and registered for the OpenAPI document.
import { startsAsPdf } from "../../document/received";
import { createRouter } from "../../lib/create-router";
import { ApiError } from "../../lib/errors";
import { MAX_BILL_BODY_BYTES, MAX_BILL_BYTES } from "../../lib/limits";
import { offsetResult } from "../../lib/pagination";
import { readRequestFile } from "../../lib/request-file";
import { requireUser } from "../../middleware/auth";
import { servicesOf } from "../../middleware/services";
import * as bills from "../../services/bills";
import * as routes from "./bills.routes";

export const billsRouter = createRouter();

const XML_TYPES = new Set(["application/xml", "text/xml"]);

const mediaTypeOf = (contentType: string) => (contentType.split(";")[0] ?? "").trim().toLowerCase();

/** A raw body's container, by its media type; 415 for any other. */
function rawContainer(mediaType: string): "xml" | "pdf" {
  if (mediaType === "application/pdf") return "pdf";
  if (XML_TYPES.has(mediaType)) return "xml";
  throw new ApiError(
    "unsupported_media_type",
    "Content-Type must be application/xml (UBL, CII), application/pdf (Factur-X, ZUGFeRD) or multipart/form-data",
  );
}

/** A form's file is a PDF when it starts with `%PDF-`, else XML (the reader refuses anything else). */
const sniffedContainer = (bytes: Uint8Array): "xml" | "pdf" => (startsAsPdf(bytes) ? "pdf" : "xml");

billsRouter.openAPIRegistry.registerPath(routes.importDoc);
billsRouter.post("/v1/bills", requireUser(), async function importBill(c) {
  const services = servicesOf(c);
  const contentType = c.req.header("Content-Type") ?? "";
  const multipart = mediaTypeOf(contentType) === "multipart/form-data";
  const raw = multipart ? undefined : rawContainer(mediaTypeOf(contentType));
  const received = await readRequestFile(c.req.raw.body, contentType, {
    maxFileBytes: MAX_BILL_BYTES,
    maxBodyBytes: MAX_BILL_BODY_BYTES,
  });
  const { bill, created, eventIds } = await bills.importBill(
    { db: services.db, env: c.env },
    services.org,
    received.bytes,
    raw ?? sniffedContainer(received.bytes),
    { source: "api", filename: received.filename },
  );
  services.dispatch(eventIds);
  return c.json(bills.serializeBill(bill), created ? 201 : 200);
});

billsRouter
  .openapi(routes.listBills, async (c) => {
    const { db, organizationId } = servicesOf(c);
    const query = c.req.valid("query");
    const { rows, total } = await bills.listBills(db, organizationId, query);
    return c.json(offsetResult(rows.map(bills.serializeBill), total, query), 200);
  })
  .openapi(routes.getBill, async (c) => {
    const { db, organizationId } = servicesOf(c);
    return c.json(bills.serializeBill(await bills.getBill(db, organizationId, c.req.valid("param").id)), 200);
  })
  .openapi(routes.getBillOriginal, async (c) => {
    const { db, organizationId } = servicesOf(c);
    const bill = await bills.getBill(db, organizationId, c.req.valid("param").id);
    return (await bills.originalResponse(c.env, bill, c.req.header("If-None-Match"))) as never;
  })
  .openapi(routes.approveBill, async (c) => {
    const { db, organizationId, dispatch } = servicesOf(c);
    const { bill, eventIds } = await bills.approveBill(db, organizationId, c.req.valid("param").id);
    dispatch(eventIds);
    return c.json(bills.serializeBill(bill), 200);
  })
  .openapi(routes.rejectBill, async (c) => {
    const { db, organizationId, dispatch } = servicesOf(c);
    const { bill, eventIds } = await bills.rejectBill(
      db,
      organizationId,
      c.req.valid("param").id,
      c.req.valid("json").reason,
    );
    dispatch(eventIds);
    return c.json(bills.serializeBill(bill), 200);
  })
  .openapi(routes.createBillPayment, async (c) => {
    const { db, organizationId, dispatch } = servicesOf(c);
    const { payment, bill, eventIds } = await bills.recordBillPayment(
      db,
      organizationId,
      c.req.valid("param").id,
      c.req.valid("json"),
    );
    dispatch(eventIds);
    return c.json({ payment, bill: bills.serializeBill(bill) }, 201);
  })
  .openapi(routes.listBillPayments, async (c) => {
    const { db, organizationId } = servicesOf(c);
    return c.json({ data: await bills.listBillPayments(db, organizationId, c.req.valid("param").id) }, 200);
  });
