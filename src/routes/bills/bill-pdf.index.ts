// GET /v1/bills/{id}/pdf: a bill's readable PDF. Its own router beside the bills' so the rendition
// (drawn by src/services/pdf/bill.ts) stays apart from the import and the workflow.
import { z } from "@hono/zod-openapi";
import { createRouter } from "../../lib/create-router";
import { IdParam, notFoundError, RATE_LIMIT_HEADERS } from "../../lib/openapi";
import { servicesOf } from "../../middleware/services";
import * as bills from "../../services/bills";
import { billingProfileOf } from "../../services/organization";
import { pdfResponse } from "../../services/pdf";
import { billIsPdf, billPdf } from "../../services/pdf/bill";
import { memberRoute } from "../factories";

export const getBillPdf = memberRoute({
  method: "get",
  path: "/v1/bills/{id}/pdf",
  operationId: "getBillPdf",
  tags: ["Bills"],
  summary:
    "A readable PDF of the bill, in the organization's language; a PDF received (Factur-X) as received",
  description:
    "An XML e-invoice (UBL, CII) is drawn by the service's own PDF renderer from the stored document: " +
    'its stated figures, a line saying how and when it was received ("Received as XRechnung (UBL) on ...") ' +
    "and the validation result with each broken rule's id. A bill received as a PDF is answered with " +
    "its original bytes, as GET /v1/bills/{id}/original answers them.",
  request: { params: IdParam("id", "Bill id") },
  responses: {
    200: {
      description: "The PDF",
      headers: RATE_LIMIT_HEADERS,
      content: { "application/pdf": { schema: z.string().openapi({ format: "binary" }) } },
    },
    ...notFoundError,
  },
});

export const billPdfRouter = createRouter().openapi(getBillPdf, async (c) => {
  const { db, organizationId, org } = servicesOf(c);
  const bill = await bills.getBill(db, organizationId, c.req.valid("param").id);
  if (billIsPdf(bill))
    return (await bills.originalResponse(c.env, bill, c.req.header("If-None-Match"))) as never;
  return pdfResponse(await billPdf(bill, billingProfileOf(org).locale)) as never;
});
