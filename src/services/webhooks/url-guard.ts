// The SSRF guard for webhook targets: which URLs the service may POST to. Checked when an
// endpoint is created or changed, and again before every attempt. The URL is judged as the
// WHATWG parser reads it (the form stored and fetched). Names are not resolved (Workers cannot
// query DNS): names that are private by convention, or wildcard DNS services that resolve to
// the address spelled in the name, are refused; Cloudflare's egress does not reach private
// networks, which closes the rest of that gap in production.

import { parseIp, specialRange } from "../../lib/ip";

export type UrlVerdict = { ok: true; url: URL } | { ok: false; reason: string };

export interface UrlGuardOptions {
  /**
   * WEBHOOK_ALLOW_PRIVATE: plain http, private, loopback or link-local targets and any port
   * (dev and tests only, where receivers listen on loopback with random ports).
   */
  allowPrivate: boolean;
  /** Ports a target may use besides DEFAULT_PORTS (WEBHOOK_ALLOWED_PORTS). */
  extraPorts?: ReadonlySet<number>;
}

/** Ports every target may use: https, http and the common alternative https port. */
export const DEFAULT_PORTS: ReadonlySet<number> = new Set([443, 80, 8443]);

export function webhookUrlPolicy(env: {
  WEBHOOK_ALLOW_PRIVATE?: string;
  WEBHOOK_ALLOWED_PORTS?: string;
}): UrlGuardOptions {
  return {
    allowPrivate: env.WEBHOOK_ALLOW_PRIVATE === "true",
    extraPorts: parsePortList(env.WEBHOOK_ALLOWED_PORTS),
  };
}

/** `"9443, 8080"` -> {9443, 8080}; entries that are not ports (1-65535) are ignored. */
export function parsePortList(text: string | undefined): ReadonlySet<number> {
  const ports = new Set<number>();
  for (const entry of (text ?? "").split(",")) {
    const trimmed = entry.trim();
    if (!/^\d{1,5}$/.test(trimmed)) continue;
    const port = Number(trimmed);
    if (port >= 1 && port <= 65535) ports.add(port);
  }
  return ports;
}

/**
 * Suffixes private by convention (RFC 6761, RFC 8375, ICANN's `.internal`, and the ones home and
 * office routers hand out): every name under them. Single labels are refused anyway.
 */
const PRIVATE_NAME_SUFFIXES = [
  "localhost",
  "local",
  "localdomain",
  "internal",
  "home.arpa",
  "lan",
  "home",
  "corp",
  "intranet",
  "private",
];

/**
 * Public wildcard DNS services whose names resolve to the address written in them
 * (`127.0.0.1.nip.io`) or to loopback (`localtest.me`, `lvh.me`): the name and every name under it.
 */
const WILDCARD_DNS_SUFFIXES = [
  "nip.io",
  "sslip.io",
  "xip.io",
  "localtest.me",
  "lvh.me",
  "vcap.me",
  "traefik.me",
  "local.gd",
];

/** The port the request goes to: the explicit one, else the scheme's default. */
function effectivePort(url: URL): number {
  if (url.port) return Number(url.port);
  return url.protocol === "http:" ? 80 : 443;
}

export function checkWebhookUrl(raw: string, options: UrlGuardOptions): UrlVerdict {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return { ok: false, reason: "Must be an absolute URL" };
  }
  if (url.protocol !== "https:" && !(options.allowPrivate && url.protocol === "http:")) {
    return { ok: false, reason: "Must use https" };
  }
  if (url.username || url.password) return { ok: false, reason: "Must not carry credentials" };
  if (options.allowPrivate) return { ok: true, url };
  const port = effectivePort(url);
  if (!DEFAULT_PORTS.has(port) && !options.extraPorts?.has(port)) {
    const allowed = [...DEFAULT_PORTS, ...(options.extraPorts ?? [])].join(", ");
    return { ok: false, reason: `Must use an allowed port (${allowed})` };
  }

  // The URL parser has already normalized decimal, hex and octal IPv4 forms to dotted quads.
  // Every trailing dot goes: `localhost..` and `x.internal..` name the same hosts as without them.
  const host = url.hostname.toLowerCase().replace(/\.+$/, "");
  // Every special-purpose range is refused: none of them is a public receiver.
  const address = parseIp(host);
  if (address) {
    const blocked = specialRange(address);
    return blocked ? { ok: false, reason: `Must not target a ${blocked} address` } : { ok: true, url };
  }
  if (host.startsWith("[")) return { ok: false, reason: "Must not target a malformed IPv6 address" };
  if (host === "localhost" || PRIVATE_NAME_SUFFIXES.some((suffix) => host.endsWith(`.${suffix}`))) {
    return { ok: false, reason: "Must not target a local or internal host name" };
  }
  if (WILDCARD_DNS_SUFFIXES.some((suffix) => host === suffix || host.endsWith(`.${suffix}`))) {
    return { ok: false, reason: "Must not target a wildcard DNS name that resolves to a private address" };
  }
  if (!host.includes(".")) return { ok: false, reason: "Must be a fully qualified public host name" };
  return { ok: true, url };
}
