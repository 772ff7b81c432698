// The request's D1 sessions (src/db/sessions.ts), one per database it uses: writes start at the
// primary, reads at the client's bookmark; the answer carries the bookmark of the session used
// last (the organization's database) in `x-d1-bookmark`.
import type { MiddlewareHandler } from "hono";
import { BOOKMARK_HEADER, isBookmark, sessionConstraint, withD1Sessions } from "../db/sessions";
import type { AppEnv } from "../lib/create-router";
import { ApiError } from "../lib/errors";

export function d1Session(): MiddlewareHandler<AppEnv> {
  return async function d1Session(c, next) {
    const sent = c.req.header(BOOKMARK_HEADER)?.trim() || undefined;
    if (sent !== undefined && !isBookmark(sent)) {
      throw new ApiError("invalid_request", `${BOOKMARK_HEADER} is not a D1 bookmark`, {
        details: { [BOOKMARK_HEADER]: "Pass back the value of a previous answer's x-d1-bookmark header" },
      });
    }
    const constraint = sessionConstraint(c.req.method, sent);
    await withD1Sessions(constraint, async (latestBookmark) => {
      await next();
      const bookmark = latestBookmark();
      if (!bookmark) return;
      try {
        c.res.headers.set(BOOKMARK_HEADER, bookmark);
      } catch {
        // A response with immutable headers (fetched from a binding): copied to set it.
        c.res = new Response(c.res.body, c.res);
        c.res.headers.set(BOOKMARK_HEADER, bookmark);
      }
    });
  };
}
