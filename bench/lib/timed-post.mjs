// One file POSTed with curl to a Worker under `wrangler dev`, timed; with `memoryPort`, under
// bench/lib/isolate-memory.mjs so the isolate's memory during the request is sampled. Shared by
// bench/bank-import.mjs and bench/bill-import.mjs.
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

const MEMORY = fileURLToPath(new URL("isolate-memory.mjs", import.meta.url));

/** `{ status, seconds, memory, answer }`: the HTTP status, curl's total time, the memory line, the body. */
export function timedPost({ url, key, contentType, file, memoryPort, gcFirst = false }) {
  const answerFile = join(tmpdir(), `timed-post-${process.pid}.json`);
  const curl = [
    "curl",
    "-s",
    "-o",
    answerFile,
    "-w",
    "%{http_code} %{time_total}\\n",
    "-H",
    `Authorization: Bearer ${key}`,
    "-H",
    `Content-Type: ${contentType}`,
    "--data-binary",
    `@${file}`,
    url,
  ];
  const run = memoryPort
    ? spawnSync(
        "node",
        [MEMORY, "--inspector-port", String(memoryPort), ...(gcFirst ? ["--gc-first"] : []), "--", ...curl],
        { encoding: "utf8" },
      )
    : spawnSync(curl[0], curl.slice(1), { encoding: "utf8" });
  const out = `${run.stdout}${run.stderr}`;
  const [status, seconds] = (/^(\d{3}) ([\d.]+)$/m.exec(out) ?? []).slice(1);
  const gc = /garbage collected first by .*$/m.exec(out)?.[0];
  const memory = `${/isolate memory: .*$/m.exec(out)?.[0] ?? ""}${gc ? ` (${gc})` : ""}`;
  return { status, seconds: Number(seconds), memory, answer: readFileSync(answerFile, "utf8") };
}
