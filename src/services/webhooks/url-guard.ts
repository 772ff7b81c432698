// The SSRF guard for webhook targets: which URLs the service may POST to. Checked when an
// endpoint is created or changed, and again before every attempt. The URL is judged as the
// WHATWG parser reads it (the form stored and fetched). Names are not resolved (Workers cannot
// query DNS): names that are private by convention, or wildcard DNS services that resolve to
// the address spelled in the name, are refused; Cloudflare's egress does not reach private
// networks, which closes the rest of that gap in production.

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

/** IPv4 ranges a webhook may not reach: [first octets as a 32-bit network, prefix length, name]. */
const BLOCKED_V4: ReadonlyArray<[string, number, string]> = [
  ["0.0.0.0", 8, "this network"],
  ["10.0.0.0", 8, "private"],
  ["100.64.0.0", 10, "carrier-grade NAT"],
  ["127.0.0.0", 8, "loopback"],
  ["169.254.0.0", 16, "link-local"],
  ["172.16.0.0", 12, "private"],
  ["192.0.0.0", 24, "IETF protocol assignments"],
  ["192.0.2.0", 24, "documentation"],
  ["192.168.0.0", 16, "private"],
  ["198.18.0.0", 15, "benchmarking"],
  ["198.51.100.0", 24, "documentation"],
  ["203.0.113.0", 24, "documentation"],
  ["224.0.0.0", 4, "multicast"],
  ["240.0.0.0", 4, "reserved"],
];

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
  if (host.startsWith("[")) {
    const blocked = blockedIpv6(host.slice(1, -1));
    return blocked ? { ok: false, reason: `Must not target a ${blocked} address` } : { ok: true, url };
  }
  const v4 = parseIpv4(host);
  if (v4 !== undefined) {
    const blocked = blockedIpv4(v4);
    return blocked ? { ok: false, reason: `Must not target a ${blocked} address` } : { ok: true, url };
  }
  if (host === "localhost" || PRIVATE_NAME_SUFFIXES.some((suffix) => host.endsWith(`.${suffix}`))) {
    return { ok: false, reason: "Must not target a local or internal host name" };
  }
  if (WILDCARD_DNS_SUFFIXES.some((suffix) => host === suffix || host.endsWith(`.${suffix}`))) {
    return { ok: false, reason: "Must not target a wildcard DNS name that resolves to a private address" };
  }
  if (!host.includes(".")) return { ok: false, reason: "Must be a fully qualified public host name" };
  return { ok: true, url };
}

function parseIpv4(host: string): number | undefined {
  const match = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(host);
  if (!match) return undefined;
  const octets = match.slice(1).map(Number);
  if (octets.some((o) => o > 255)) return undefined;
  return octets.reduce((acc, o) => acc * 256 + o, 0);
}

function blockedIpv4(address: number): string | undefined {
  for (const [network, prefix, name] of BLOCKED_V4) {
    const size = 2 ** (32 - prefix);
    const start = parseIpv4(network) as number;
    if (address >= start && address < start + size) return name;
  }
  return undefined;
}

/**
 * The eight 16-bit groups of an IPv6 address as the URL parser serializes it: compressed hex,
 * embedded IPv4 already rewritten as two groups (`::ffff:127.0.0.1` becomes `::ffff:7f00:1`).
 */
function ipv6Groups(text: string): number[] | undefined {
  const halves = text.split("::");
  if (halves.length > 2 || !/^[0-9a-f:]+$/.test(text)) return undefined;
  const groups = (s: string | undefined) => (s ? s.split(":").map((g) => Number.parseInt(g, 16)) : []);
  const left = groups(halves[0]);
  const right = groups(halves[1]);
  const missing = 8 - left.length - right.length;
  if (missing < 0 || (halves.length === 1 && missing !== 0)) return undefined;
  const all = [...left, ...Array<number>(missing).fill(0), ...right];
  return all.every((g) => g >= 0 && g <= 0xffff) ? all : undefined;
}

function blockedIpv6(text: string): string | undefined {
  const groups = ipv6Groups(text);
  if (!groups) return "malformed IPv6";
  const [g0, g1, g2, g3, g4, g5, g6, g7] = groups as [
    number,
    number,
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  const zeroPrefix = g0 === 0 && g1 === 0 && g2 === 0 && g3 === 0 && g4 === 0;
  if (zeroPrefix && g5 === 0 && g6 === 0 && g7 === 0) return "unspecified";
  if (zeroPrefix && g5 === 0 && g6 === 0 && g7 === 1) return "loopback";
  const embedded = g6 * 65536 + g7;
  // IPv4-mapped (::ffff:a.b.c.d) and IPv4-compatible (::a.b.c.d) addresses carry an IPv4 target.
  if (zeroPrefix && (g5 === 0xffff || g5 === 0)) return blockedIpv4(embedded);
  // SIIT IPv4-translated addresses (::ffff:0:a.b.c.d, ::ffff:0:0:0/96) carry one too.
  if (g0 === 0 && g1 === 0 && g2 === 0 && g3 === 0 && g4 === 0xffff && g5 === 0) {
    return blockedIpv4(embedded);
  }
  // Well-known NAT64 (64:ff9b::/96) also reaches the embedded IPv4 address.
  if (g0 === 0x64 && g1 === 0xff9b && g2 === 0 && g3 === 0 && g4 === 0 && g5 === 0) {
    return blockedIpv4(embedded);
  }
  // Local-use NAT64 (64:ff9b:1::/48, RFC 8215) translates into the operator's own network, with
  // the IPv4 address at a position that depends on the prefix length chosen: refused outright.
  if (g0 === 0x64 && g1 === 0xff9b && g2 === 1) return "local-use NAT64";
  // 6to4 (2002::/16) tunnels to the IPv4 address in bits 16-47.
  if (g0 === 0x2002) {
    const blocked = blockedIpv4(g1 * 65536 + g2);
    return blocked ? `6to4 ${blocked}` : undefined;
  }
  // Teredo (2001::/32) tunnels through a relay to an obfuscated IPv4 client: refused outright.
  if (g0 === 0x2001 && g1 === 0) return "Teredo";
  if ((g0 & 0xfe00) === 0xfc00) return "unique local";
  if ((g0 & 0xffc0) === 0xfe80) return "link-local";
  if ((g0 & 0xffc0) === 0xfec0) return "site-local";
  if ((g0 & 0xff00) === 0xff00) return "multicast";
  if (g0 === 0x2001 && g1 === 0x0db8) return "documentation";
  return undefined;
}
