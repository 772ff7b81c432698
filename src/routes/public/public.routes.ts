// Route description of what mail clients load without credentials: the organization's logo,
// shown at the top of every e-mail (docs/emails.md, "Logo").
import { createRoute, z } from "@hono/zod-openapi";
import { commonErrors, errorResponse, RATE_LIMIT_HEADERS } from "../../lib/openapi";

export const getPublicLogo = createRoute({
  method: "get",
  path: "/v1/public/logo/{organization_id}",
  operationId: "getPublicLogo",
  tags: ["Organization"],
  summary: "The organization's logo as its e-mails show it (no authentication)",
  description:
    "The image PUT /v1/organization/logo stored (PNG or JPEG, checked and normalized at upload), " +
    "for mail clients, which load images without credentials. The organization id is a random " +
    "UUID that only its documents and e-mails carry; `v` changes with the image (caches key on it). " +
    "404 when the organization has no logo.",
  security: [],
  request: {
    params: z.object({
      organization_id: z
        .string()
        .uuid()
        .openapi({ param: { name: "organization_id", in: "path" }, description: "The organization's id" }),
    }),
    query: z.object({
      v: z.string().max(64).optional().openapi({ description: "The image's version (ignored; for caches)" }),
    }),
  },
  responses: {
    200: {
      headers: RATE_LIMIT_HEADERS,
      content: {
        "image/png": { schema: z.string().openapi({ format: "binary" }) },
        "image/jpeg": { schema: z.string().openapi({ format: "binary" }) },
      },
      description: "The logo",
    },
    400: commonErrors[400],
    404: errorResponse("No logo"),
    429: commonErrors[429],
    500: commonErrors[500],
  },
});
