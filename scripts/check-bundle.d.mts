/** Builds the Worker as `wrangler deploy` would upload it into `outdir` (scripts/check-bundle.mjs). */
export function buildWorker(outdir: string): Promise<void>;
/** Holds a built Worker to the project's size and Latin-1 limits: its sizes, and the problems found. */
export function checkBuiltWorker(outdir: string): { sizes: string; problems: string[] };
