// Idempotency-Key on POST (Stripe's semantics): the first response to a key is kept for 24 h
// and replayed for the same request with `Idempotent-Replayed: true`; the same key with a
// different request answers 422; a key whose first request is still running answers 409.
// Secrets in a kept answer (markSecretFields) are replayed as null: a plain key is shown once.
// Only successful answers are kept: after a 4xx or 5xx the client may fix the request and
// retry with the same key. A write that moves money or takes a number keeps its answer in its
// own batch (`keptAnswer`), so a Worker dying between that commit and this middleware cannot
// make it run twice (docs/idempotency.md). A streamed upload is fingerprinted by its headers,
// plus a digest of its file part (name, type, SHA-256 of the bytes), which the handler reports
// (markContentDigest) and a retry must match.
import type { MiddlewareHandler } from "hono";
import { dbOn, directoryDb } from "../db/route";
import { now } from "../lib/clock";
import type { AppEnv } from "../lib/create-router";
import { sha256Hex } from "../lib/encoding";
import { ApiError } from "../lib/errors";
import { isStreamedBody } from "../lib/limits";
import { logWarn } from "../lib/log";
import {
  claimKey,
  findKey,
  isClaimLost,
  type KeepAnswer,
  type KeyClaim,
  keepAnswerStatements,
  noKeptAnswer,
  releaseKey,
  storeResponse,
} from "../services/idempotency";

declare module "hono" {
  interface ContextVariableMap {
    /** Response fields (paths like `data.token`) holding a secret shown once. */
    secretFields: readonly string[] | undefined;
    /** Streamed uploads: the digest of the stored file part, kept with the answer. */
    idempotencyContentDigest: string | undefined;
    /** The request's claim on its Idempotency-Key, while it runs. */
    idempotencyClaim: KeyClaim | undefined;
    /** Set by `releaseKeptAnswer`: the failure answer releases the key even if the write kept one. */
    idempotencyReleaseKept: boolean | undefined;
  }
}

/** Marks response fields that must never be kept: a replay answers them as null. */
export function markSecretFields(
  c: { set(key: "secretFields", value: readonly string[]): void },
  ...fields: string[]
) {
  c.set("secretFields", fields);
}

/** Reports the digest of a streamed upload's file part, so a retry with another file is refused. */
export function markContentDigest(
  c: { set(key: "idempotencyContentDigest", value: string): void },
  digest: string,
) {
  c.set("idempotencyContentDigest", digest);
}

/**
 * For a handler whose write must keep its answer in its own batch: the seam to pass to the
 * service, which calls it with the result it is about to return. The kept answer is
 * `answerOf(result)` with `status` (the same function the handler answers with), secret fields
 * (markSecretFields) as null. Without a key it adds nothing.
 */
export function keptAnswer<R>(
  c: {
    get(key: "idempotencyClaim"): KeyClaim | undefined;
    get(key: "secretFields"): readonly string[] | undefined;
  },
  status: number,
  answerOf: (result: R) => unknown,
): KeepAnswer<R> {
  const claim = c.get("idempotencyClaim");
  if (!claim) return noKeptAnswer;
  return (db, result, filled) =>
    keepAnswerStatements(
      db,
      claim,
      { status, body: answerOf(result), secretFields: c.get("secretFields") },
      filled,
    );
}

/**
 * For a handler that answers an error after its write kept an answer, where running the request
 * again is what the error asks for and is safe (a sent invoice whose e-mail failed: sending
 * again retries the e-mail): the key is released, so a retry with it runs again.
 */
export function releaseKeptAnswer(c: { set(key: "idempotencyReleaseKept", value: boolean): void }) {
  c.set("idempotencyReleaseKept", true);
}

export interface IdempotencyOptions {
  /**
   * Hashes a streamed upload's file (the same digest the handler reports), reading the body as
   * a stream: how a retry is checked against the kept answer.
   */
  streamedContentDigest?: (req: Request) => Promise<string>;
}

const MAX_KEY_LENGTH = 255;

let failAfterHandlerForTests = false;

/**
 * Tests only (production never calls it): the next request holding a key fails right after its
 * handler returned, before the middleware completes the key, as if the Worker died there.
 */
export function failNextAfterHandlerForTests(on = true): void {
  failAfterHandlerForTests = on;
}

async function fingerprint(method: string, path: string, contentType: string, body: string): Promise<string> {
  return sha256Hex(`${method}\n${path}\n${contentType}\n${body}`);
}

/** Upload headers that decide what is stored, so a retry must repeat them. */
const UPLOAD_HEADERS = [
  "Content-Length",
  "Classification-Level",
  "Document-Type",
  "Entity-Type",
  "Entity-Id",
  "Expires-At",
];

/**
 * The request's identity for replay. A JSON body is hashed whole (it is at most 1 MiB). A
 * streamed upload is not read here (that would buffer 50 MB): its media type, length and the
 * headers that shape the stored document stand for it, so an upload with a key needs a
 * Content-Length; its file is compared by digest at replay (`streamedContentDigest`).
 */
async function requestFingerprint(req: Request, path: string): Promise<string> {
  const contentType = req.headers.get("Content-Type") ?? "";
  if (isStreamedBody(path)) {
    if (!req.headers.has("Content-Length")) {
      throw new ApiError(
        "invalid_request",
        "An upload with an Idempotency-Key needs a Content-Length header",
        {
          details: { "Content-Length": "Required with Idempotency-Key" },
        },
      );
    }
    const mediaType = (contentType.split(";")[0] ?? "").trim().toLowerCase();
    const headers = UPLOAD_HEADERS.map((h) => `${h}:${req.headers.get(h) ?? ""}`);
    return fingerprint(req.method, path, mediaType, headers.join("\n"));
  }
  return fingerprint(req.method, path, contentType, await req.clone().text());
}

const keyReused = () =>
  new ApiError("validation_error", "This Idempotency-Key was used with a different request", {
    details: { reason: "idempotency_key_reused" },
  });

const inUse = () =>
  new ApiError("conflict", "A request with this Idempotency-Key is still in progress", {
    details: { reason: "idempotency_key_in_use" },
  });

export function idempotency(options: IdempotencyOptions = {}): MiddlewareHandler<AppEnv> {
  return async function idempotency(c, next) {
    const key = c.req.header("Idempotency-Key");
    const principal = c.get("principal");
    if (c.req.method !== "POST" || key === undefined || !principal) return next();
    if (key.length === 0 || key.length > MAX_KEY_LENGTH) {
      throw new ApiError("invalid_request", `Idempotency-Key must be 1 to ${MAX_KEY_LENGTH} characters`, {
        details: { "Idempotency-Key": "Invalid length" },
      });
    }
    // Keys live with the caller's organization (the operator's in the directory).
    const db = principal.kind === "admin" ? directoryDb(c.env) : dbOn(c.env, principal.route.database);
    const scope = principal.kind === "admin" ? "admin" : `user:${principal.user.id}`;
    const print = await requestFingerprint(c.req.raw, c.req.path);
    const at = now();

    const claim = await claimKey(db, scope, key, print, at);
    if (!claim) {
      const existing = await findKey(db, scope, key);
      if (existing && existing.fingerprint !== print) throw keyReused();
      if (!existing || existing.status === null) throw inUse();
      // A retried upload is streamed through a hash (never stored) and must carry the same file.
      if (existing.contentDigest !== null && isStreamedBody(c.req.path)) {
        if (!options.streamedContentDigest)
          throw new Error("idempotency: no streamedContentDigest configured");
        if ((await options.streamedContentDigest(c.req.raw)) !== existing.contentDigest) throw keyReused();
      }
      return new Response(existing.body, {
        status: existing.status,
        headers: {
          "Content-Type": existing.contentType ?? "application/json",
          "Idempotent-Replayed": "true",
        },
      });
    }

    c.set("idempotencyClaim", claim);
    try {
      await next();
    } catch (error) {
      await releaseKey(db, claim);
      throw error;
    }
    if (failAfterHandlerForTests) {
      failAfterHandlerForTests = false;
      throw new Error("test: the Worker stopped after the handler");
    }
    if (isClaimLost(c.error)) {
      // The claim was taken over (it ran past ABANDONED_AFTER_MS) and the write's batch refused
      // to commit under it: nothing was written; the other request holds the key.
      throw inUse();
    }
    // The failure asks for the request to run again (releaseKeptAnswer): the key goes even if
    // the write kept an answer.
    const evenIfKept = Boolean(c.get("idempotencyReleaseKept")) && c.res.status >= 400;
    try {
      if (evenIfKept) {
        await releaseKey(db, claim, { evenIfKept });
        return;
      }
      await storeResponse(db, claim, c.res, c.error, {
        secretFields: c.get("secretFields"),
        contentDigest: c.get("idempotencyContentDigest"),
      });
    } catch (error) {
      // The change is done and the client gets its answer; only the replay copy is lost.
      // The claim is released (and a kept answer too when the failure asks for a retry), or
      // abandoned and reclaimed after ABANDONED_AFTER_MS.
      logWarn("idempotency store failed", { request_id: c.get("requestId"), error: String(error) });
      await releaseKey(db, claim, { evenIfKept }).catch(() => {});
    }
  };
}
