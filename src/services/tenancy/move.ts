// Moving an organization to another database, as resumable steps (docs/scaling.md, "Moving an
// organization"): wait until no isolate writes with the old route, copy, verify, flip the
// directory, wait until no isolate reads with the old route, verify again and delete the source's
// rows. Each step does bounded work and saves where it stopped in `organization_moves`, so a move
// stopped anywhere resumes on the next step, and the source is deleted only after the flip and a
// comparison with the target, chunk by chunk.
import { and, eq, sql } from "drizzle-orm";
import { bindingOf, DIRECTORY_TTL_MS, directoryDb, forgetRoute, tenantDatabases } from "../../db/route";
import { organizationDatabases } from "../../db/schema/directory";
import {
  type MovePass,
  type MovePhase,
  type MoveTableProgress,
  type OrganizationMove,
  organizationMoves,
} from "../../db/schema/moves";
import type { Bindings } from "../../env";
import { wallClock } from "../../lib/clock";
import { ApiError, notFound, validationError } from "../../lib/errors";
import {
  addRows,
  compareChunk,
  copyChunk,
  deleteChunk,
  deleteRange,
  EMPTY_CHECKSUM,
  type Key,
  readRows,
} from "./rows";
import { TENANT_TABLES } from "./tables";

/** Rows read per chunk: one SELECT, one batch of INSERTs. */
export const ROWS_PER_CHUNK = 100;
/** Work of one step: at most this many rows... */
export const ROWS_PER_STEP = 1000;
/**
 * ...and this many chunks (at most three D1 queries each, plus two for the move's row), so a step
 * stays within the 50 queries a Worker invocation may make on the free plan.
 */
export const CHUNKS_PER_STEP = 15;
/** Copies a move starts before it gives up on a source that keeps changing. */
export const MAX_COPY_ATTEMPTS = 3;

const TERMINAL: readonly MovePhase[] = ["done", "failed"];

export interface StepLimits {
  rowsPerChunk?: number;
  rowsPerStep?: number;
  chunksPerStep?: number;
}

const emptyProgress = (): MoveTableProgress[] =>
  TENANT_TABLES.map((table) => ({
    name: table.name,
    copied: 0,
    verified: 0,
    checksum: null,
    rechecked: 0,
    deleted: 0,
  }));

// The service's own time (never an organization's test clock): what the directory's cache reads.
const stamp = () => wallClock().toISOString();
const later = (ms: number) => new Date(wallClock().getTime() + ms).toISOString();

export async function findMove(env: Bindings, organizationId: string): Promise<OrganizationMove | undefined> {
  const [move] = await directoryDb(env)
    .select()
    .from(organizationMoves)
    .where(eq(organizationMoves.organizationId, organizationId));
  return move;
}

export async function getMove(env: Bindings, organizationId: string): Promise<OrganizationMove> {
  const move = await findMove(env, organizationId);
  if (!move) throw notFound("Move");
  return move;
}

async function placementOf(env: Bindings, organizationId: string) {
  const [row] = await directoryDb(env)
    .select()
    .from(organizationDatabases)
    .where(eq(organizationDatabases.organizationId, organizationId));
  return row;
}

/**
 * Starts moving the organization to `target`: its writes are refused from the moment every
 * isolate's cached route has expired. A move already running to `target` is answered as it is;
 * after a failed move, only a move to the database holding its leftovers starts (409 otherwise).
 */
export async function startMove(
  env: Bindings,
  organizationId: string,
  target: string,
): Promise<{ move: OrganizationMove; started: boolean }> {
  if (!tenantDatabases(env).includes(target)) {
    throw validationError({ database: `Unknown database; one of ${tenantDatabases(env).join(", ")}` });
  }
  const placement = await placementOf(env, organizationId);
  if (!placement) throw notFound("Organization");
  const running = await findMove(env, organizationId);
  if (running && !TERMINAL.includes(running.phase)) {
    if (running.target === target) return { move: running, started: false };
    throw new ApiError("conflict", `The organization is already moving to ${running.target}`, {
      details: { reason: "move_in_progress", target: running.target },
    });
  }
  if (placement.database === target)
    throw validationError({ database: `The organization is already on ${target}` });
  if (running?.phase === "failed") {
    // A failed move leaves the organization's rows where it no longer lives: the target's copy
    // (failed before the flip) or the source's stale rows (failed while cleaning). Sweeps leave
    // them alone only while this move is the organization's last, and nothing but a move to that
    // database (whose copy clears them first) removes them: no other move may replace it.
    const leftovers = placement.database === running.target ? running.source : running.target;
    if (target !== leftovers) {
      throw new ApiError(
        "conflict",
        `The organization's last move, from ${running.source} to ${running.target}, failed and left its rows on ${leftovers}; move it to ${leftovers} first (the move clears them), then on to ${target}`,
        { details: { reason: "failed_move_leftovers", database: leftovers } },
      );
    }
  }
  if (placement.state !== "active") {
    throw new ApiError("conflict", "The organization is being moved", {
      details: { reason: "move_in_progress" },
    });
  }
  const at = stamp();
  const move: OrganizationMove = {
    organizationId,
    source: placement.database,
    target,
    phase: "waiting",
    pass: null,
    tableIndex: 0,
    lastKey: null,
    tables: emptyProgress(),
    attempts: 0,
    error: null,
    waitUntil: later(DIRECTORY_TTL_MS),
    version: 0,
    startedAt: at,
    updatedAt: at,
    finishedAt: null,
  };
  const db = directoryDb(env);
  const [marked] = await db.batch([
    db
      .update(organizationDatabases)
      .set({ state: "moving", movingTo: target, stateChangedAt: at, updatedAt: at })
      .where(
        and(
          eq(organizationDatabases.organizationId, organizationId),
          eq(organizationDatabases.database, placement.database),
          eq(organizationDatabases.state, "active"),
        ),
      )
      .returning(),
    db
      .insert(organizationMoves)
      .values(move)
      .onConflictDoUpdate({
        target: organizationMoves.organizationId,
        set: { ...move, organizationId: undefined },
      }),
  ]);
  if (marked.length === 0) {
    throw new ApiError("conflict", "The organization's placement changed meanwhile", {
      details: { reason: "move_in_progress" },
    });
  }
  forgetRoute(organizationId);
  return { move, started: true };
}

/** A change of the organization's placement that a step saves with the move, in one batch. */
type Placement = "flip" | "release" | null;

/**
 * Runs one bounded step of the organization's move and answers the move as saved. A step that
 * fails keeps the move where it was, with `error` set; the next step tries again.
 */
export async function stepMove(
  env: Bindings,
  organizationId: string,
  limits: StepLimits = {},
): Promise<OrganizationMove> {
  const read = await getMove(env, organizationId);
  if (TERMINAL.includes(read.phase)) return read;
  const move: OrganizationMove = { ...read, tables: read.tables.map((table) => ({ ...table })), error: null };
  const step = { placement: null as Placement };
  try {
    await advance(env, move, limits, step);
  } catch (error) {
    move.error = error instanceof Error ? error.message : String(error);
  }
  return save(env, read, move, step.placement);
}

/**
 * Saves the move over the row the step read (another step may have saved first: then its row is
 * the move, and this step's chunks were copies of its own). A flip or a release of the
 * organization's placement commits in the same batch, so the directory and the move never
 * disagree about where the organization lives.
 */
async function save(
  env: Bindings,
  read: OrganizationMove,
  move: OrganizationMove,
  placement: Placement,
): Promise<OrganizationMove> {
  const db = directoryDb(env);
  const at = stamp();
  const { organizationId: _, ...columns } = { ...move, version: read.version + 1, updatedAt: at };
  const saveMove = db
    .update(organizationMoves)
    .set(columns)
    .where(
      and(
        eq(organizationMoves.organizationId, read.organizationId),
        eq(organizationMoves.version, read.version),
      ),
    )
    .returning();
  const onSource = and(
    eq(organizationDatabases.organizationId, move.organizationId),
    eq(organizationDatabases.database, move.source),
    eq(organizationDatabases.state, "moving"),
    // Only the step whose move row is saved changes the placement.
    sql`exists (select 1 from organization_moves where organization_id = ${read.organizationId} and version = ${read.version})`,
  );
  let rows: OrganizationMove[];
  if (placement === null) rows = await saveMove;
  else {
    const change =
      placement === "flip"
        ? {
            database: move.target,
            state: "active" as const,
            movingTo: null,
            stateChangedAt: at,
            updatedAt: at,
          }
        : { state: "active" as const, movingTo: null, stateChangedAt: at, updatedAt: at };
    [, rows] = await db.batch([db.update(organizationDatabases).set(change).where(onSource), saveMove]);
    forgetRoute(move.organizationId);
  }
  return rows[0] ?? getMove(env, read.organizationId);
}

function enter(move: OrganizationMove, phase: MovePhase, pass: MovePass | null, tableIndex = 0) {
  move.phase = phase;
  move.pass = pass;
  move.tableIndex = tableIndex;
  move.lastKey = null;
}

const LAST_TABLE = TENANT_TABLES.length - 1;

async function advance(
  env: Bindings,
  move: OrganizationMove,
  limits: StepLimits,
  step: { placement: Placement },
): Promise<void> {
  const rowsPerChunk = limits.rowsPerChunk ?? ROWS_PER_CHUNK;
  let rowsLeft = limits.rowsPerStep ?? ROWS_PER_STEP;
  let chunksLeft = limits.chunksPerStep ?? CHUNKS_PER_STEP;
  const source = bindingOf(env, move.source);
  const target = bindingOf(env, move.target);
  const id = move.organizationId;

  if (move.phase === "waiting" || move.phase === "copying" || move.phase === "verifying") {
    // Never clear or fill a database the organization lives on, whatever happened meanwhile.
    const placement = await placementOf(env, id);
    if (
      placement?.database !== move.source ||
      placement.state !== "moving" ||
      placement.movingTo !== move.target
    ) {
      enter(move, "failed", null);
      move.finishedAt = stamp();
      throw new Error(
        `The directory no longer places the organization on ${move.source} moving to ${move.target}`,
      );
    }
  }

  /** The current table copied: on to the next, or after the last, to verifying. */
  const copiedTable = () => {
    if (move.tableIndex < LAST_TABLE) enter(move, "copying", "copy", move.tableIndex + 1);
    else enter(move, "verifying", "verify");
  };
  /**
   * The current table verified: on to the next, or after the last, the flip (committed with the
   * move's next phase, the save). Answers whether the move flipped.
   */
  const verifiedTable = (): boolean => {
    if (move.tableIndex < LAST_TABLE) {
      enter(move, "verifying", "verify", move.tableIndex + 1);
      return false;
    }
    step.placement = "flip";
    enter(move, "flipped", null);
    move.waitUntil = later(DIRECTORY_TTL_MS);
    return true;
  };

  while (rowsLeft > 0 && chunksLeft > 0) {
    const limit = Math.min(rowsPerChunk, rowsLeft);
    const table = TENANT_TABLES[move.tableIndex]!;
    const progress = move.tables[move.tableIndex]!;
    switch (move.phase) {
      case "waiting":
        if (stamp() < move.waitUntil!) return;
        move.attempts += 1;
        enter(move, "copying", "clear", LAST_TABLE);
        continue;
      case "copying":
        chunksLeft -= 1;
        if (move.pass === "clear") {
          // What an earlier attempt left on the target goes first, children before parents.
          const cleared = await deleteChunk(target, table, id, limit);
          rowsLeft -= cleared.rows;
          if (!cleared.done) continue;
          if (move.tableIndex > 0) move.tableIndex -= 1;
          else {
            move.tables = emptyProgress();
            enter(move, "copying", "copy");
          }
        } else {
          if (table.derived) {
            copiedTable();
            continue;
          }
          const copied = await copyChunk(source, target, table, id, move.lastKey as Key | null, limit);
          rowsLeft -= copied.rows;
          progress.copied += copied.rows;
          move.lastKey = copied.last;
          if (!copied.done) continue;
          copiedTable();
        }
        continue;
      case "verifying": {
        chunksLeft -= 1;
        if (table.derived) {
          if (verifiedTable()) return;
          continue;
        }
        const compared = await compareChunk(source, target, table, id, move.lastKey as Key | null, limit);
        rowsLeft -= compared.rows;
        if (!compared.equal) {
          if (move.attempts >= MAX_COPY_ATTEMPTS) {
            enter(move, "failed", null);
            move.finishedAt = stamp();
            step.placement = "release";
            throw new Error(
              `${table.name} differs between ${move.source} and ${move.target} after ${move.attempts} copies`,
            );
          }
          // The source changed during the copy (a late write): copy again.
          move.attempts += 1;
          enter(move, "copying", "clear", LAST_TABLE);
          continue;
        }
        progress.verified += compared.rows;
        progress.checksum = await addRows(progress.checksum ?? EMPTY_CHECKSUM, compared.chunk);
        move.lastKey = compared.last;
        if (!compared.done) continue;
        if (verifiedTable()) return;
        continue;
      }
      case "flipped":
        if (stamp() < move.waitUntil!) return;
        enter(move, "cleaning", "verify");
        continue;
      case "cleaning": {
        chunksLeft -= 1;
        const after = move.lastKey as Key | null;
        if (move.pass === "verify" && table.derived) {
          if (move.tableIndex < LAST_TABLE) enter(move, "cleaning", "verify", move.tableIndex + 1);
          else enter(move, "cleaning", "delete", LAST_TABLE);
          continue;
        }
        if (move.pass === "delete" && table.derived) {
          const removed = await deleteChunk(source, table, id, limit);
          rowsLeft -= removed.rows;
          progress.deleted += removed.rows;
          if (!removed.done) continue;
          if (move.tableIndex > 0) enter(move, "cleaning", "delete", move.tableIndex - 1);
          else {
            enter(move, "done", null);
            move.finishedAt = stamp();
            return;
          }
          continue;
        }
        if (move.pass === "verify") {
          // The source must still hold exactly the rows verified before the flip: the target
          // takes writes now, so it is no reference any more; the checksum is.
          const read = await readRows(source, table, id, after, limit);
          rowsLeft -= read.rows;
          progress.rechecked += read.rows;
          progress.recheckSum = await addRows(progress.recheckSum ?? EMPTY_CHECKSUM, read.chunk);
          move.lastKey = read.last;
          if (!read.done) continue;
          if (progress.rechecked !== progress.verified || progress.recheckSum !== progress.checksum) {
            // Checked again from the table's start by the next step (once the operator reconciled).
            progress.rechecked = 0;
            progress.recheckSum = undefined;
            move.lastKey = null;
            throw new Error(
              `${table.name} on ${move.source} changed after it was verified (a late write): nothing was deleted; compare it with ${move.target}`,
            );
          }
          if (move.tableIndex < LAST_TABLE) enter(move, "cleaning", "verify", move.tableIndex + 1);
          else enter(move, "cleaning", "delete", LAST_TABLE);
          continue;
        }
        // Children before parents, by key range, summing what goes.
        const read = await readRows(source, table, id, after, limit);
        if (read.rows > 0) await deleteRange(source, table, id, after, read.last!);
        rowsLeft -= read.rows;
        progress.deleted += read.rows;
        progress.deletedSum = await addRows(progress.deletedSum ?? EMPTY_CHECKSUM, read.chunk);
        move.lastKey = read.last;
        if (!read.done) continue;
        if (progress.deleted !== progress.verified || progress.deletedSum !== progress.checksum) {
          // Only a write between the recheck and the delete gets here, after both waits. The
          // rows of the tables not deleted yet stay.
          enter(move, "failed", null);
          move.finishedAt = stamp();
          throw new Error(
            `${table.name} on ${move.source} changed between its recheck and its deletion: compare what was deleted with ${move.target}`,
          );
        }
        if (move.tableIndex > 0) enter(move, "cleaning", "delete", move.tableIndex - 1);
        else {
          enter(move, "done", null);
          move.finishedAt = stamp();
          return;
        }
        continue;
      }
      default:
        return;
    }
  }
}

/** The move as the admin routes answer it. */
export function serializeMove(move: OrganizationMove) {
  return {
    organization_id: move.organizationId,
    source: move.source,
    target: move.target,
    phase: move.phase,
    tables: move.tables.map(({ recheckSum: _, deletedSum: __, ...table }) => table),
    attempts: move.attempts,
    error: move.error,
    wait_until: move.phase === "waiting" || move.phase === "flipped" ? move.waitUntil : null,
    started_at: move.startedAt,
    updated_at: move.updatedAt,
    finished_at: move.finishedAt,
  };
}
