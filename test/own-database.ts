// The workerd test files that sweep or count across all organizations (cron, key rotation,
// retention, the operator's lists): each must start on D1 and R2 as a fresh workerd has them. They
// run in the `workers` project like every other file, but first in each of its workerd processes
// (test/sequencer.ts), each on emptied storage (test/fresh-storage.ts); the files that share
// storage follow them. Read by vitest.config.ts, the sequencer and the setup file.
//
// An entry is a folder (ending in "/": every test file below it) or one file, from the root.
export const OWN_DATABASE = [
  "test/cron/",
  "test/documents/retention-shares.test.ts",
  "test/documents/rotation.test.ts",
  "test/routes/events.test.ts",
  "test/routes/invoice-archive.test.ts",
  "test/routes/recurring-invoices.test.ts",
  "test/webhooks/delivery.test.ts",
  "test/webhooks/retention.test.ts",
  "test/webhooks/secrets.test.ts",
  "test/tenancy/two-databases.test.ts",
];

/** Whether the test file at `path` (absolute or from the root) must start on empty storage. */
export function ownsDatabase(path: string): boolean {
  const file = path.replaceAll("\\", "/");
  return OWN_DATABASE.some((entry) =>
    entry.endsWith("/")
      ? file.includes(`/${entry}`) || file.startsWith(entry)
      : file.endsWith(`/${entry}`) || file === entry,
  );
}
