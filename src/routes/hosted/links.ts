// Where hosted invoice links point: PUBLIC_BASE_URL when set, else the origin of the request.
import type { Context } from "hono";
import { masterKeySet } from "../../crypto/document-keys";
import type { AppEnv } from "../../lib/create-router";
import type { HostedLinks } from "../../services/invoices/hosted";

export function hostedLinksOf(c: Context<AppEnv>): HostedLinks {
  return { keys: masterKeySet(c.env), baseUrl: publicBaseUrlOf(c) };
}

/** The public origin links in e-mails (the hosted page, the logo) start with. */
export function publicBaseUrlOf(c: Context<AppEnv>): string {
  const configured = c.env.PUBLIC_BASE_URL?.trim().replace(/\/+$/, "");
  return configured || new URL(c.req.url).origin;
}
