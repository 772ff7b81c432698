// The per-subject rate limiter: a SQLite-backed Durable Object (its counting is issue 3).
import { DurableObject } from "cloudflare:workers";
import type { Bindings } from "../env";

export class RateLimiter extends DurableObject<Bindings> {}
