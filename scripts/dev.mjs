// `npm run dev`: local secrets and the API reference bundle if missing, the local D1 databases
// migrated (scripts/migrate-local.mjs: both in one start, no prompt), then
// `wrangler dev --test-scheduled` (so `npm run cron` can trigger the sweeps).
// Extra arguments go to wrangler dev: `npm run dev -- --port 8788`.
//
// Started by a script (stdin not a terminal), wrangler runs in its own process group, and
// SIGINT/SIGTERM/SIGHUP to this process (or to npm, which forwards them) stop the whole group:
// wrangler, esbuild and workerd; a group still alive 5 seconds later is killed. So
// `kill <pid of npm run dev>` leaves nothing listening. In a terminal wrangler stays in the
// terminal's foreground group (a background group could not read its hotkeys): Ctrl-C reaches
// every process there, and a signal to this process is passed on to wrangler.
import { spawn } from "node:child_process";
import { copyAssets } from "./copy-assets.mjs";
import { migrateLocal, persistToArgument } from "./migrate-local.mjs";

const windows = process.platform === "win32";

await import("./setup-dev-vars.mjs");
copyAssets();
const args = process.argv.slice(2);
// The database wrangler dev will use: the default local state, or `--persist-to <dir>`.
try {
  const persistTo = persistToArgument(args) ?? undefined;
  await migrateLocal({ persistTo, log: (line) => console.log(`Local D1 ${line}`) });
} catch (error) {
  console.error(error.message);
  process.exit(1);
}

if (!args.includes("--test-scheduled")) args.push("--test-scheduled");
const ownGroup = !windows && !process.stdin.isTTY;
const wrangler = spawn("wrangler", ["dev", ...args], {
  stdio: "inherit",
  detached: ownGroup,
  shell: windows,
});

/** Signals wrangler's group (wrangler and every process it started); false once it is gone. */
function signalGroup(signal) {
  try {
    if (ownGroup) process.kill(-wrangler.pid, signal);
    else wrangler.kill(signal);
    return true;
  } catch {
    return false;
  }
}

let stopping = false;
function stop(signal) {
  if (stopping) return;
  stopping = true;
  signalGroup(signal);
  // workerd or esbuild left behind by wrangler: the group goes, whatever it does.
  setTimeout(() => signalGroup("SIGKILL"), 5_000).unref();
}

for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"]) process.on(signal, () => stop(signal));
// npm passes a signal to the shell it runs this script in, and that shell dies without passing it
// on: this process then has a new parent, which is the cue to stop.
const parent = process.ppid;
setInterval(() => {
  if (process.ppid !== parent) stop("SIGTERM");
}, 250).unref();

wrangler.on("exit", (code, signal) => {
  // wrangler is gone; its children may not be.
  signalGroup("SIGTERM");
  setTimeout(() => {
    signalGroup("SIGKILL");
    process.exit(code ?? (signal ? 128 + ({ SIGINT: 2, SIGTERM: 15, SIGHUP: 1 }[signal] ?? 9) : 1));
  }, 1_000);
});
// Whatever ends this process (an uncaught error included), the group goes with it.
process.on("exit", () => signalGroup("SIGKILL"));
