// Test organizations' clocks: the clock itself (clock.ts), the next day a sweep has work
// (next-event.ts), and advancing it in chunks (advance.ts; its background is the
// TestClockAdvancer Durable Object).
export {
  ADVANCE_WORK_CAP,
  type AdvanceProgress,
  abandonTestClockAdvance,
  advanceTestClockChunk,
  claimTestClockAdvance,
  MAX_ADVANCE_DAYS,
  type SweepRun,
  setAdvanceWorkCapForTests,
} from "./advance";
export { assertTestMode, clockOf, type TestClockView, testClockNow, testClockView } from "./clock";
export { type NextEvents, nextEventDay, nextEvents } from "./next-event";
