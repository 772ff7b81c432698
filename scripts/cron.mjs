// `npm run cron`: triggers the scheduled sweeps on a running `npm run dev` (wrangler dev started
// with --test-scheduled, which exposes /cdn-cgi/handler/scheduled).
//   npm run cron                      both schedules: "* * * * *" (webhook retries), then "0 * * * *"
//                                     (overdue invoices, retention, idempotency purge, rewrap)
//   npm run cron -- --cron "0 * * * *"   one schedule
//   npm run cron -- --port 8788          the port `npm run dev -- --port 8788` listens on
import { parseArgs } from "node:util";

const { values } = parseArgs({
  options: {
    port: { type: "string", default: "8787" },
    host: { type: "string", default: "127.0.0.1" },
    cron: { type: "string", multiple: true },
  },
});
const crons = values.cron ?? ["* * * * *", "0 * * * *"];
for (const cron of crons) {
  const url = `http://${values.host}:${values.port}/cdn-cgi/handler/scheduled?cron=${encodeURIComponent(cron)}`;
  let res;
  try {
    res = await fetch(url);
  } catch (error) {
    console.error(
      `cannot reach ${url}: is \`npm run dev\` running on port ${values.port}? (${error.cause?.code ?? error})`,
    );
    process.exit(1);
  }
  const body = await res.text();
  console.log(`${cron}: ${res.status} ${body.trim()}`);
  if (!res.ok) process.exit(1);
}
console.log("the sweeps' log lines are in the `npm run dev` output");
