// IP address parsing and the special-purpose ranges, shared by the rate limiter (which buckets
// IPv6 clients by /64) and the webhook SSRF guard (which refuses non-global targets). Pure
// functions over text; nothing here resolves names.

export type IpAddress =
  | { version: 4 /** The address as an unsigned 32-bit number. */; value: number }
  | {
      version: 6 /** Eight 16-bit groups. */;
      groups: number[] /** Zone id after `%`, if any. */;
      zone?: string;
    };

const DOTTED_QUAD = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/;

/**
 * A dotted-quad IPv4 address as a 32-bit number. Each octet is decimal 0-255 without leading
 * zeros (`010` reads as 8 to inet_aton and 10 to others, so it is refused as ambiguous); the
 * WHATWG URL parser has already rewritten hex, octal and short forms into this one.
 */
export function parseIpv4(text: string): number | undefined {
  const match = DOTTED_QUAD.exec(text);
  if (!match) return undefined;
  let value = 0;
  for (const octet of match.slice(1)) {
    if ((octet.length > 1 && octet.startsWith("0")) || Number(octet) > 255) return undefined;
    value = value * 256 + Number(octet);
  }
  return value;
}

/**
 * The eight 16-bit groups of an IPv6 address (RFC 4291 text forms): full, `::`-compressed
 * (standing for at least one group), and with a dotted IPv4 tail as the last two groups. Groups
 * are 1-4 hex digits, case-insensitive. No brackets and no zone id (see `parseIp`).
 */
export function parseIpv6(text: string): number[] | undefined {
  const halves = text.toLowerCase().split("::");
  if (halves.length > 2) return undefined;
  const left = parsePieces(halves[0], halves.length === 1);
  const right = halves.length === 2 ? parsePieces(halves[1], true) : [];
  if (!left || !right) return undefined;
  const missing = 8 - left.length - right.length;
  if (halves.length === 2 ? missing < 1 : missing !== 0) return undefined;
  return [...left, ...Array<number>(missing).fill(0), ...right];
}

/** Colon-separated pieces; a dotted IPv4 address is allowed only as the last piece of the address. */
function parsePieces(part: string | undefined, endsAddress: boolean): number[] | undefined {
  if (!part) return [];
  const pieces = part.split(":");
  const out: number[] = [];
  for (const [index, piece] of pieces.entries()) {
    if (/^[0-9a-f]{1,4}$/.test(piece)) {
      out.push(Number.parseInt(piece, 16));
      continue;
    }
    const v4 = endsAddress && index === pieces.length - 1 ? parseIpv4(piece) : undefined;
    if (v4 === undefined) return undefined;
    out.push(Math.floor(v4 / 65536), v4 % 65536);
  }
  return out;
}

/**
 * Either version from the forms a header or a URL host carries: surrounding brackets
 * (`[2001:db8::1]`) and an IPv6 zone id (`fe80::1%eth0`) are accepted.
 */
export function parseIp(raw: string): IpAddress | undefined {
  let text = raw.trim();
  if (text.startsWith("[") && text.endsWith("]")) text = text.slice(1, -1);
  if (!text.includes(":")) {
    const value = parseIpv4(text);
    return value === undefined ? undefined : { version: 4, value };
  }
  const percent = text.indexOf("%");
  const zone = percent >= 0 ? text.slice(percent + 1) : undefined;
  if (zone !== undefined && !/^[0-9A-Za-z._~-]+$/.test(zone)) return undefined;
  const groups = parseIpv6(percent >= 0 ? text.slice(0, percent) : text);
  if (!groups) return undefined;
  return zone === undefined ? { version: 6, groups } : { version: 6, groups, zone };
}

export function formatIpv4(value: number): string {
  return [value >>> 24, (value >>> 16) & 0xff, (value >>> 8) & 0xff, value & 0xff].join(".");
}

/** The IPv4 address in an IPv4-mapped IPv6 address (`::ffff:a.b.c.d`), if it is one. */
export function mappedIpv4(groups: readonly number[]): number | undefined {
  const isMapped = groups.slice(0, 5).every((g) => g === 0) && groups[5] === 0xffff;
  return isMapped ? embeddedIpv4(groups) : undefined;
}

/** The /64 network of an IPv6 address: `2001:db8:1:2::/64` (groups in lower-case hex, no padding). */
export function ipv6Prefix64(groups: readonly number[]): string {
  return `${groups
    .slice(0, 4)
    .map((g) => g.toString(16))
    .join(":")}::/64`;
}

function embeddedIpv4(groups: readonly number[]): number {
  return (groups[6] ?? 0) * 65536 + (groups[7] ?? 0);
}

/** IPv4 special-purpose ranges that are not globally reachable: [network, prefix length, name]. */
const SPECIAL_V4: ReadonlyArray<readonly [network: string, prefix: number, name: string]> = [
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

/** The name of the non-global IPv4 range an address falls in (`loopback`, `private`, ...), if any. */
export function specialIpv4Range(value: number): string | undefined {
  for (const [network, prefix, name] of SPECIAL_V4) {
    const start = parseIpv4(network) as number;
    if (value >= start && value < start + 2 ** (32 - prefix)) return name;
  }
  return undefined;
}

/**
 * The name of the non-global IPv6 range an address falls in, if any. Addresses that carry an
 * IPv4 target (mapped, compatible, SIIT-translated, well-known NAT64, 6to4) are judged by it;
 * prefixes whose IPv4 target cannot be read off the address (local-use NAT64, Teredo) count as
 * special whatever they embed.
 */
export function specialIpv6Range(groups: readonly number[]): string | undefined {
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
  const embedded = embeddedIpv4(groups);
  // IPv4-mapped (::ffff:a.b.c.d) and IPv4-compatible (::a.b.c.d).
  if (zeroPrefix && (g5 === 0xffff || g5 === 0)) return specialIpv4Range(embedded);
  // SIIT IPv4-translated (::ffff:0:a.b.c.d).
  if (g0 === 0 && g1 === 0 && g2 === 0 && g3 === 0 && g4 === 0xffff && g5 === 0) {
    return specialIpv4Range(embedded);
  }
  // Well-known NAT64 (64:ff9b::/96).
  if (g0 === 0x64 && g1 === 0xff9b && g2 === 0 && g3 === 0 && g4 === 0 && g5 === 0) {
    return specialIpv4Range(embedded);
  }
  // Local-use NAT64 (64:ff9b:1::/48, RFC 8215): the IPv4 position depends on the operator's prefix.
  if (g0 === 0x64 && g1 === 0xff9b && g2 === 1) return "local-use NAT64";
  // 6to4 (2002::/16): the IPv4 address in bits 16-47.
  if (g0 === 0x2002) {
    const special = specialIpv4Range(g1 * 65536 + g2);
    return special ? `6to4 ${special}` : undefined;
  }
  // Teredo (2001::/32): an obfuscated IPv4 client behind a relay.
  if (g0 === 0x2001 && g1 === 0) return "Teredo";
  if ((g0 & 0xfe00) === 0xfc00) return "unique local";
  if ((g0 & 0xffc0) === 0xfe80) return "link-local";
  if ((g0 & 0xffc0) === 0xfec0) return "site-local";
  if ((g0 & 0xff00) === 0xff00) return "multicast";
  if (g0 === 0x2001 && g1 === 0x0db8) return "documentation";
  return undefined;
}

/** The non-global range of either version, if any. */
export function specialRange(address: IpAddress): string | undefined {
  return address.version === 4 ? specialIpv4Range(address.value) : specialIpv6Range(address.groups);
}
