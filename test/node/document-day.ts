// The day the documents of the node tests that record their verdicts are dated.

/**
 * The day a test's documents are dated, so that they are the same XML in every run and their
 * verdicts can be recorded (test/einvoice-rules/validate.mjs, `recorded`): the 1 January after
 * today (UTC). A test organization (`test_mode: true`) is moved there with its test clock
 * (`toDocumentDay`, shared-worker.ts); everything it issues is dated that day. The test clock only moves forward,
 * at most 731 days a call, so a fixed day in the past cannot be had: this one is 1 to 366 days
 * ahead. On 1 January the documents change, and they are checked by the rules again (correct,
 * slower) until `npm run einvoice:verdicts` records the new year's.
 */
export const documentDay = (at = new Date()) => `${at.getUTCFullYear() + 1}-01-01`;

/** YYYY-MM-DD plus whole days (a due date after the document day). */
export function daysAfter(date: string, days: number): string {
  const at = new Date(`${date}T00:00:00.000Z`);
  at.setUTCDate(at.getUTCDate() + days);
  return at.toISOString().slice(0, 10);
}
