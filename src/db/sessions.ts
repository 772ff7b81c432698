// D1 read replication through the Sessions API. Each request runs in one D1 session, and every
// Drizzle handle made during it (createDb) queries through that session, so the request sees
// its own writes and never reads older data than it already saw.
//
// Where a session starts (reads are served near the client; writes, and the reads they depend
// on, see current data):
// - a request that may write (anything but GET/HEAD/OPTIONS) starts at the primary
//   ("first-primary"): its preconditions (numbering, balances, idempotency records, version
//   checks) are read from current data;
// - a read starts where the client's `x-d1-bookmark` header says (Cloudflare's convention), or
//   anywhere ("first-unconstrained"): a client that passes back the bookmark of its last
//   answer reads its own writes, even from a replica.
// Every answer carries the session's latest bookmark in `x-d1-bookmark`. Cron sweeps and other
// work outside a request use the binding directly (the primary).
import { AsyncLocalStorage } from "node:async_hooks";

export const BOOKMARK_HEADER = "x-d1-bookmark";

// A request may reach more than one database (the directory and the organization's): each
// binding gets its own session, opened on first use with the request's constraint.
interface ActiveSessions {
  constraint: string;
  /** In the order they were opened: the organization's database first (its handler's handle). */
  opened: Map<D1Database, D1DatabaseSession>;
}

const active = new AsyncLocalStorage<ActiveSessions>();

/** The current request's session on `binding` (opened now if this is its first use), if any. */
export function sessionFor(binding: D1Database): D1DatabaseSession | undefined {
  const current = active.getStore();
  if (!current) return undefined;
  let session = current.opened.get(binding);
  if (!session) {
    session = binding.withSession(current.constraint);
    current.opened.set(binding, session);
  }
  return session;
}

/**
 * A bookmark as D1 issues them: hex groups joined by dashes (e.g.
 * `0000000a-00000004-00005012-8f5d...`). Anything else is refused before it reaches D1.
 */
export function isBookmark(value: string): boolean {
  return value.length <= 256 && /^[0-9a-f]+(-[0-9a-f]+)+$/i.test(value);
}

const READS = new Set(["GET", "HEAD", "OPTIONS"]);

export function sessionConstraint(method: string, bookmark: string | undefined): string {
  if (!READS.has(method)) return "first-primary";
  return bookmark ?? "first-unconstrained";
}

/**
 * Runs `fn` in a request's sessions: each binding used inside gets a session opened at
 * `constraint`. `bookmark()` answers the latest bookmark of the first session opened that has
 * one: the organization's database, whose handle the handler takes first (sessions opened after,
 * e.g. by the first webhook attempts looking for events in every database, come later). Null
 * before any database was used.
 */
export function withD1Sessions<T>(constraint: string, fn: (bookmark: () => string | null) => T): T {
  const store: ActiveSessions = { constraint, opened: new Map() };
  const bookmark = () => {
    for (const session of store.opened.values()) {
      const latest = session.getBookmark();
      if (latest) return latest;
    }
    return null;
  };
  return active.run(store, () => fn(bookmark));
}

/** Runs `fn` with a session on `binding` opened at `constraint`; answers the session too. */
export function withD1Session<T>(
  binding: D1Database,
  constraint: string,
  fn: (session: D1DatabaseSession) => T,
): T {
  return withD1Sessions(constraint, () => fn(sessionFor(binding) as D1DatabaseSession));
}
