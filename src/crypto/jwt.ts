// HS256 JSON Web Tokens, WebCrypto only. The algorithm is pinned: a token whose header names
// anything else (`none`, RS256, ...) is refused before its signature is looked at.
import { fromBase64Url, toBase64Url, utf8 } from "../lib/encoding";

export interface TokenClaims {
  sub: string;
  /** The API key the token was minted from: revoking the key ends its tokens too. */
  kid: string;
  org: string;
  email: string;
  role: string;
  iat: number;
  exp: number;
  iss: string;
  aud: string;
}

export class InvalidTokenError extends Error {}

const HEADER = toBase64Url(utf8(JSON.stringify({ alg: "HS256", typ: "JWT" })));
const keyCache = new Map<string, Promise<CryptoKey>>();

function hmacKey(secret: string): Promise<CryptoKey> {
  let key = keyCache.get(secret);
  if (!key) {
    key = crypto.subtle.importKey("raw", utf8(secret), { name: "HMAC", hash: "SHA-256" }, false, [
      "sign",
      "verify",
    ]);
    keyCache.set(secret, key);
  }
  return key;
}

export async function signJwt(claims: TokenClaims, secret: string): Promise<string> {
  const body = `${HEADER}.${toBase64Url(utf8(JSON.stringify(claims)))}`;
  const signature = await crypto.subtle.sign("HMAC", await hmacKey(secret), utf8(body));
  return `${body}.${toBase64Url(new Uint8Array(signature))}`;
}

function decodeJson(part: string): Record<string, unknown> {
  const value: unknown = JSON.parse(new TextDecoder().decode(fromBase64Url(part)));
  if (typeof value !== "object" || value === null || Array.isArray(value))
    throw new InvalidTokenError("not an object");
  return value as Record<string, unknown>;
}

export function looksLikeJwt(token: string): boolean {
  return token.split(".").length === 3;
}

/** Verifies signature, algorithm, `exp` (required), `iss` and `aud`; returns the claims. */
export async function verifyJwt(
  token: string,
  options: { secret: string; issuer: string; audience: string; nowSeconds: number },
): Promise<TokenClaims> {
  const [headerPart, payloadPart, signaturePart] = token.split(".");
  if (!headerPart || !payloadPart || signaturePart === undefined)
    throw new InvalidTokenError("malformed token");
  let header: Record<string, unknown>;
  let claims: Record<string, unknown>;
  let signature: Uint8Array<ArrayBuffer>;
  try {
    header = decodeJson(headerPart);
    claims = decodeJson(payloadPart);
    signature = fromBase64Url(signaturePart);
  } catch {
    throw new InvalidTokenError("malformed token");
  }
  if (header.alg !== "HS256") throw new InvalidTokenError("unsupported algorithm");
  const valid = await crypto.subtle.verify(
    "HMAC",
    await hmacKey(options.secret),
    signature,
    utf8(`${headerPart}.${payloadPart}`),
  );
  if (!valid) throw new InvalidTokenError("bad signature");

  const { sub, kid, org, email, role, iat, exp, iss, aud } = claims;
  if (typeof exp !== "number") throw new InvalidTokenError("exp is required");
  if (exp <= options.nowSeconds) throw new InvalidTokenError("token expired");
  if (typeof iat === "number" && iat > options.nowSeconds + 60)
    throw new InvalidTokenError("issued in the future");
  if (iss !== options.issuer) throw new InvalidTokenError("wrong issuer");
  const audiences = Array.isArray(aud) ? aud : [aud];
  if (!audiences.includes(options.audience)) throw new InvalidTokenError("wrong audience");
  if (typeof sub !== "string" || typeof org !== "string" || typeof kid !== "string") {
    throw new InvalidTokenError("sub, org and kid are required");
  }
  return {
    sub,
    kid,
    org,
    email: String(email ?? ""),
    role: String(role ?? ""),
    iat: Number(iat ?? 0),
    exp,
    iss,
    aud: options.audience,
  };
}
