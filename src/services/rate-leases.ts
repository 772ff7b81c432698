// Leased budgets (docs/rate-limits.md, "Leases"): an isolate takes several requests' worth of a
// subject's per-minute budget from its RateLimiter object in one RPC and spends them locally until
// they run out or the lease expires, so most requests make no round trip. The object holds every
// leased slot at the lease's expiry until the isolate settles it with the times it really spent
// them, so no number of isolates can pass more than the limit in any span of the window; what
// leases cost is the other way round: budget leased to an isolate and not yet spent is
// unavailable to the others until it is spent, settled, or leaves the window.
import type { LeaseDecision, LeaseSettlement, RateDecision } from "../durable-objects/rate-limiter";
import type { Bindings } from "../env";

type Namespace = Bindings["RATE_LIMITER"];

/** Slots per lease: a tenth of the limit, at most 20, at least 1 (starter 6, pro and business 20). */
export function leaseSize(limit: number): number {
  return Math.max(1, Math.min(Math.floor(limit / 10), 20));
}

/** Subjects an isolate remembers; the least recently used idle one is forgotten beyond that. */
const MAX_SUBJECTS = 10_000;

interface LocalLease {
  leaseId: string;
  expiresAt: number;
  left: number;
  spent: number[];
}

interface SubjectLeases {
  /** The subject's object id: derived once (idFromName hashes the name), reused by every RPC. */
  id: DurableObjectId;
  limit: number;
  windowMs: number;
  /** Leases with slots left (at most one, but a concurrent answer can add another). */
  leases: LocalLease[];
  /** Finished leases, reported with the next RPC. */
  done: LeaseSettlement[];
  /** RPCs under way: while one is, another request asks for its own slot only. */
  inFlight: number;
  /** The object's remaining (leased slots excluded) and reset in its newest answer. */
  remaining: number;
  resetAt: number;
  epoch: string;
  seq: number;
}

/**
 * One isolate's leases, per limiter namespace and subject. `take` answers like one `hit` of the
 * object: the request's decision, with `remaining` = the object's remaining at its last answer
 * plus the slots still leased here (for one isolate exactly what `hit` would have said).
 * Throws what the RPC throws; failing open is the caller's business.
 */
export class RateLeaseClient {
  private readonly namespaces = new WeakMap<Namespace, Map<string, SubjectLeases>>();

  async take(
    namespace: Namespace,
    subject: string,
    limit: number,
    windowMs: number,
    nowMs: number,
    call: (rpc: Promise<LeaseDecision>) => Promise<LeaseDecision> = (rpc) => rpc,
  ): Promise<RateDecision> {
    const state = this.subject(namespace, subject, limit, windowMs);
    const local = spend(state, nowMs);
    if (local) return local;

    state.inFlight++;
    const settle = state.done.splice(0);
    let answer: LeaseDecision;
    try {
      const stub = namespace.get(state.id);
      const want = state.inFlight === 1 ? leaseSize(limit) : 1;
      answer = await call(stub.lease(limit, windowMs, nowMs, want, settle));
    } catch (error) {
      // Settling is idempotent, so the next RPC may report these again.
      state.done.unshift(...settle);
      throw error;
    } finally {
      state.inFlight--;
    }

    if (answer.extra > 0) {
      const lease = { leaseId: answer.leaseId, expiresAt: answer.expiresAt, left: answer.extra, spent: [] };
      // The limit changed while the RPC was under way: hand the slots straight back.
      if (state.limit === limit && state.windowMs === windowMs) state.leases.push(lease);
      else state.done.push({ leaseId: lease.leaseId, spent: [] });
    }
    if (answer.epoch !== state.epoch || answer.seq > state.seq) {
      Object.assign(state, {
        remaining: answer.remaining,
        resetAt: answer.resetAt,
        epoch: answer.epoch,
        seq: answer.seq,
      });
    }
    if (answer.allowed) return decision(state, limit);
    // Refused, but another request's answer may have brought slots meanwhile.
    return spend(state, nowMs) ?? { allowed: false, limit, remaining: 0, resetAt: answer.resetAt };
  }

  /** The subject's leases, moved to the end of the LRU order; a new limit finishes the old ones. */
  private subject(namespace: Namespace, subject: string, limit: number, windowMs: number): SubjectLeases {
    let subjects = this.namespaces.get(namespace);
    if (!subjects) {
      subjects = new Map();
      this.namespaces.set(namespace, subjects);
    }
    let state = subjects.get(subject);
    if (state) {
      subjects.delete(subject);
      if (state.limit !== limit || state.windowMs !== windowMs) {
        for (const lease of state.leases.splice(0)) finish(state, lease);
        state.limit = limit;
        state.windowMs = windowMs;
      }
    } else {
      for (const [name, idle] of subjects) {
        if (subjects.size < MAX_SUBJECTS) break;
        // Forgotten settlements only hold their slots until they leave the window.
        if (idle.inFlight === 0) subjects.delete(name);
      }
      state = {
        id: namespace.idFromName(subject),
        limit,
        windowMs,
        leases: [],
        done: [],
        inFlight: 0,
        remaining: 0,
        resetAt: 0,
        epoch: "",
        seq: 0,
      };
    }
    subjects.set(subject, state);
    return state;
  }
}

/** Spends one leased slot at `nowMs`, if a lease that has not expired has one left. */
function spend(state: SubjectLeases, nowMs: number): RateDecision | undefined {
  while (state.leases.length > 0) {
    const lease = state.leases[0]!;
    if (nowMs >= lease.expiresAt) {
      state.leases.shift();
      finish(state, lease);
      continue;
    }
    lease.left--;
    lease.spent.push(nowMs);
    if (lease.left === 0) {
      state.leases.shift();
      finish(state, lease);
    }
    return decision(state, state.limit);
  }
  return undefined;
}

function finish(state: SubjectLeases, lease: LocalLease): void {
  state.done.push({ leaseId: lease.leaseId, spent: lease.spent });
}

function decision(state: SubjectLeases, limit: number): RateDecision {
  const leased = state.leases.reduce((sum, lease) => sum + lease.left, 0);
  return { allowed: true, limit, remaining: state.remaining + leased, resetAt: state.resetAt };
}
