// Moves of organizations between databases, kept with the directory (the primary database): each
// step of a move reads its row, does bounded work and saves where it stopped, so a move resumes
// after any interruption (docs/scaling.md, "Moving an organization").
import { sql } from "drizzle-orm";
import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";

export const MOVE_PHASES = [
  "waiting",
  "copying",
  "verifying",
  "flipped",
  "cleaning",
  "done",
  "failed",
] as const;
export type MovePhase = (typeof MOVE_PHASES)[number];

/** Within a phase: the pass over the tables a step continues. */
export const MOVE_PASSES = ["clear", "copy", "verify", "delete"] as const;
export type MovePass = (typeof MOVE_PASSES)[number];

/** One table's progress, as the move's answer lists it (the `*Sum` fields are internal). */
export interface MoveTableProgress {
  name: string;
  /** Rows copied to the target (in the last copy). */
  copied: number;
  /** Rows found equal on both sides before the flip. */
  verified: number;
  /** Checksum of the source's rows verified before the flip (sum of their SHA-256 mod 2^256). */
  checksum: string | null;
  /** Source rows checked again after the flip. */
  rechecked: number;
  /** Rows deleted from the source. */
  deleted: number;
  /** Running checksums of the recheck and of the deleted rows. */
  recheckSum?: string;
  deletedSum?: string;
}

export const organizationMoves = sqliteTable(
  "organization_moves",
  {
    /** One move per organization at a time; a finished or failed one is replaced by the next. */
    organizationId: text("organization_id").primaryKey(),
    /** Binding names of the databases. */
    source: text("source").notNull(),
    target: text("target").notNull(),
    phase: text("phase", { enum: MOVE_PHASES }).notNull(),
    pass: text("pass", { enum: MOVE_PASSES }),
    /** The table the pass is at (an index of TENANT_TABLES) and the key of its last row done. */
    tableIndex: integer("table_index").notNull().default(0),
    lastKey: text("last_key", { mode: "json" }).$type<(string | number | null)[]>(),
    tables: text("tables", { mode: "json" }).$type<MoveTableProgress[]>().notNull(),
    /** Copies started: a verification that finds a difference copies again, a few times. */
    attempts: integer("attempts").notNull().default(0),
    error: text("error"),
    /** 'waiting' and 'flipped' continue only from this instant on. */
    waitUntil: text("wait_until"),
    /** Every saved step increments it; a step saves only over the row it read. */
    version: integer("version").notNull().default(0),
    startedAt: text("started_at").notNull(),
    updatedAt: text("updated_at").notNull(),
    finishedAt: text("finished_at"),
  },
  (t) => [
    // Every sweep's visit reads the unfinished moves (shardVisit): a few rows among every
    // organization ever moved.
    index("organization_moves_unfinished_idx").on(t.organizationId).where(sql`phase <> 'done'`),
  ],
);

export type OrganizationMove = typeof organizationMoves.$inferSelect;
