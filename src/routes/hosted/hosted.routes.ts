// Route description of the hosted invoice page: public (the token is the credential), as the
// share-link download is.
import { createRoute, z } from "@hono/zod-openapi";
import { commonErrors, errorResponse, RATE_LIMIT_HEADERS } from "../../lib/openapi";

export const hostedInvoicePage = createRoute({
  method: "get",
  path: "/i/{token}",
  tags: ["Hosted pages"],
  summary: "The customer's page of an issued invoice (HTML, no authentication; the token is the key)",
  description:
    "Linked from the invoice e-mails and the invoice's `hosted_url`. The first view sets the invoice's " +
    "`viewed_at` and records `invoice.viewed`. Any token that is not an issued invoice's current one " +
    "answers the same 404.",
  request: {
    params: z.object({
      token: z
        .string()
        .openapi({ param: { name: "token", in: "path" }, description: "The invoice's link token" }),
    }),
  },
  responses: {
    200: {
      headers: RATE_LIMIT_HEADERS,
      content: { "text/html": { schema: z.string() } },
      description: "The invoice as an HTML page",
    },
    404: errorResponse("No invoice behind this link"),
    429: commonErrors[429],
    500: commonErrors[500],
  },
});
