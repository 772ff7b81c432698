// Where hosted invoice links point: PUBLIC_BASE_URL when set, else the origin of the request.
import type { Context } from "hono";
import { masterKeySet } from "../../crypto/document-keys";
import type { AppEnv } from "../../lib/create-router";
import type { HostedLinks } from "../../services/invoices/hosted";

export function hostedLinksOf(c: Context<AppEnv>): HostedLinks {
  const configured = c.env.PUBLIC_BASE_URL?.trim().replace(/\/+$/, "");
  return { keys: masterKeySet(c.env), baseUrl: configured || new URL(c.req.url).origin };
}
