// One object per test organization that runs its clock's advance in chunks: the advance request's
// first chunk (through `advance`), then one chunk per alarm until the target. The organization's
// row in D1 holds the truth (`advancing` toward a target, the time reached); the object only
// makes sure somebody works on it, one chunk at a time.
import { DurableObject } from "cloudflare:workers";
import { masterKeySet } from "../crypto/document-keys";
import type { Bindings } from "../env";
import { logError, logWarn } from "../lib/log";
import { type AdvanceProgress, abandonTestClockAdvance, advanceTestClockChunk } from "../services/test-clock";

/** A chunk that has not finished by then is taken as dead, and the alarm resumes the advance. */
const WATCHDOG_MS = 60_000;
/** Background chunks that fail in a row before the advance is abandoned (the clock stays where it got). */
const MAX_FAILURES = 3;
const RETRY_MS = 5_000;
/** The longest pause between background chunks (a pause lasts as long as the chunk before it). */
const MAX_PAUSE_MS = 10_000;

interface Assignment {
  organizationId: string;
  /** The origin of hosted links in e-mails the sweeps send (the advance request's). */
  baseUrl: string;
}

let failingAdvanceCalls = 0;

/**
 * Tests only: the next `count` calls of `advance` fail before the object stores anything (as a
 * call that never reached it would); no argument restores it.
 */
export function failTestClockAdvanceCallsForTests(count = 0): void {
  failingAdvanceCalls = count;
}

export class TestClockAdvancer extends DurableObject<Bindings> {
  /** The chunk under way in this instance; chunks never overlap. */
  private running: Promise<AdvanceProgress> | undefined;

  /** The advance request's own chunk; what is left after it runs on alarms. */
  async advance(organizationId: string, baseUrl: string): Promise<AdvanceProgress> {
    if (failingAdvanceCalls > 0) {
      failingAdvanceCalls--;
      throw new Error("TestClockAdvancer.advance failed (injected by a test)");
    }
    await this.ctx.storage.put<Assignment>("assignment", { organizationId, baseUrl });
    await this.ctx.storage.put("failures", 0);
    while (this.running) await this.running.catch(() => {});
    try {
      return await this.chunk();
    } catch (error) {
      // As before chunks existed: the request fails (500) and the clock keeps the steps done.
      logError("test clock advance failed", { organization_id: organizationId, error: String(error) });
      await abandonTestClockAdvance(this.env, organizationId);
      await this.ctx.storage.deleteAlarm();
      throw error;
    }
  }

  /**
   * An advancing clock with nobody on it (its chunk died before the object could schedule the
   * next): continue it now. Does nothing while a chunk runs or one is scheduled.
   */
  async resume(organizationId: string, baseUrl: string): Promise<void> {
    const assignment = await this.ctx.storage.get<Assignment>("assignment");
    if (!assignment) await this.ctx.storage.put<Assignment>("assignment", { organizationId, baseUrl });
    if (this.running) return;
    if ((await this.ctx.storage.getAlarm()) === null) await this.ctx.storage.setAlarm(Date.now());
  }

  override async alarm(): Promise<void> {
    // The chunk under way schedules what follows it.
    if (this.running) return;
    const assignment = await this.ctx.storage.get<Assignment>("assignment");
    if (!assignment) return;
    try {
      await this.chunk();
      await this.ctx.storage.put("failures", 0);
    } catch (error) {
      const failures = ((await this.ctx.storage.get<number>("failures")) ?? 0) + 1;
      await this.ctx.storage.put("failures", failures);
      if (failures >= MAX_FAILURES) {
        logError("test clock advance abandoned", {
          organization_id: assignment.organizationId,
          failures,
          error: String(error),
        });
        await abandonTestClockAdvance(this.env, assignment.organizationId);
        await this.ctx.storage.deleteAlarm();
      } else {
        logWarn("test clock chunk failed", {
          organization_id: assignment.organizationId,
          error: String(error),
        });
        await this.ctx.storage.setAlarm(Date.now() + RETRY_MS * failures);
      }
    }
  }

  /** One chunk, with the watchdog set while it runs; then the next chunk scheduled, or none. */
  private chunk(): Promise<AdvanceProgress> {
    const run = (async () => {
      const assignment = await this.ctx.storage.get<Assignment>("assignment");
      if (!assignment) throw new Error("TestClockAdvancer has no organization");
      await this.ctx.storage.setAlarm(Date.now() + WATCHDOG_MS);
      const links = { keys: masterKeySet(this.env), baseUrl: assignment.baseUrl };
      const started = Date.now();
      const progress = await advanceTestClockChunk(this.env, assignment.organizationId, links);
      // The next chunk after a pause as long as this one took: the organization's database (one
      // D1 database serves every organization) is busy with the advance at most half the time.
      const took = Date.now() - started;
      if (progress.status === "advancing")
        await this.ctx.storage.setAlarm(Date.now() + Math.min(took, MAX_PAUSE_MS));
      else await this.ctx.storage.deleteAlarm();
      return progress;
    })();
    this.running = run;
    return run.finally(() => {
      if (this.running === run) this.running = undefined;
    });
  }
}

/**
 * The organization's advancer. The binding is typed here rather than in src/env.ts, which the
 * object itself imports (the layering test refuses the cycle).
 */
export function testClockAdvancerOf(env: Bindings, organizationId: string) {
  const namespace = env.TEST_CLOCK as DurableObjectNamespace<TestClockAdvancer>;
  return namespace.get(namespace.idFromName(organizationId));
}

export type TestClockAdvancerStub = ReturnType<typeof testClockAdvancerOf>;
