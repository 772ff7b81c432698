// Handler of the public logo: the stored image, cacheable (its URL changes with it), served only
// as the image type it was checked to be, never sniffed into anything else.
import { createRouter } from "../../lib/create-router";
import * as logos from "../../services/logo";
import * as routes from "./public.routes";

export const publicRouter = createRouter().openapi(routes.getPublicLogo, async (c) => {
  const logo = await logos.getLogo(c.env.DOCUMENTS, c.req.valid("param").organization_id);
  return new Response(logo.bytes, {
    headers: {
      "Content-Type": logo.contentType,
      "Content-Length": String(logo.bytes.byteLength),
      "Cache-Control": "public, max-age=86400",
      "Content-Security-Policy": "default-src 'none'",
      "Cross-Origin-Resource-Policy": "cross-origin",
    },
  }) as never;
});
