// Security headers on every response, whoever built it (c.json, the error handler, a file
// stream built with `new Response`, an idempotent replay): X-Request-Id, nosniff, no caching
// unless the response chose its own Cache-Control, HSTS over https, and a Content-Security-Policy
// with a fresh nonce on the HTML pages (the API reference at /docs).
import type { Context, MiddlewareHandler } from "hono";
import type { AppEnv } from "../lib/create-router";
import { randomToken } from "../lib/encoding";

declare module "hono" {
  interface ContextVariableMap {
    /** The nonce the page's inline <script> and <style> carry, set on page paths only. */
    cspNonce: string | undefined;
  }
}

export const HSTS = "max-age=31536000; includeSubDomains";

/**
 * The page's policy: its own origin, nothing else (the reference UI's bundle is served by this
 * Worker, see app.ts). The script tags run by their nonce; style-src needs 'unsafe-inline' because the reference renders `style="..."`
 * attributes, which no nonce can allow (and a nonce in style-src would switch 'unsafe-inline' off).
 */
export function pagePolicy(nonce: string): string {
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}'`,
    "style-src 'self' 'unsafe-inline'",
    "font-src 'self'",
    "connect-src 'self'",
    "frame-ancestors 'none'",
    "base-uri 'none'",
    "object-src 'none'",
  ].join("; ");
}

export interface SecurityHeadersOptions {
  /** Paths that answer an HTML page: they get the Content-Security-Policy and a nonce. */
  pagePaths?: readonly string[];
}

export function securityHeaders({
  pagePaths = ["/docs"],
}: SecurityHeadersOptions = {}): MiddlewareHandler<AppEnv> {
  return async function securityHeaders(c, next) {
    const nonce = pagePaths.includes(c.req.path) ? randomToken(16) : undefined;
    c.set("cspNonce", nonce);
    await next();

    const headers: Record<string, string> = { "X-Content-Type-Options": "nosniff" };
    // requestId() sets its header on the context, which only responses built by c.json/c.body
    // take up: a handler's own `new Response` (file downloads) never saw it.
    const requestId = c.get("requestId");
    if (requestId && !c.res.headers.has("X-Request-Id")) headers["X-Request-Id"] = requestId;
    // API answers are per caller and may show a secret once (a new API key): never cached.
    // A response that chose its own (downloads: "private, no-store") keeps it.
    if (!c.res.headers.has("Cache-Control")) headers["Cache-Control"] = "no-store";
    if (new URL(c.req.url).protocol === "https:") headers["Strict-Transport-Security"] = HSTS;
    if (nonce) headers["Content-Security-Policy"] = pagePolicy(nonce);
    setResponseHeaders(c, headers);
  };
}

function setResponseHeaders(c: Context<AppEnv>, headers: Record<string, string>): void {
  try {
    for (const [name, value] of Object.entries(headers)) c.res.headers.set(name, value);
  } catch {
    // Immutable headers (a response passed through from fetch): copy it, then set.
    c.res = new Response(c.res.body, c.res);
    for (const [name, value] of Object.entries(headers)) c.res.headers.set(name, value);
  }
}
