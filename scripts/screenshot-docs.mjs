// Takes docs/api-reference.png: headless Chromium with every non-loopback request blocked opens
// /docs on a running `npm run dev` and, once the operations are rendered, captures the window
// (over the DevTools protocol: `--screenshot` captures before the reference has rendered).
//   node scripts/screenshot-docs.mjs [port=8787] [hash=tag/invoices/POST/v1/invoices]
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

const port = process.argv[2] ?? "8787";
const hash = process.argv[3] ?? "tag/invoices/POST/v1/invoices";
const profile = mkdtempSync(join(tmpdir(), "docs-shot-"));
const chromium = spawn(
  process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--proxy-server=127.0.0.1:9",
    "--proxy-bypass-list=127.0.0.1",
    "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1",
    "--hide-scrollbars",
    "--window-size=1440,1000",
    `--user-data-dir=${profile}`,
    "--remote-debugging-port=0",
    "about:blank",
  ],
  { stdio: ["ignore", "ignore", "pipe"] },
);
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
try {
  const endpoint = await new Promise((done) => {
    let err = "";
    chromium.stderr.on("data", (chunk) => {
      err += chunk;
      const m = /DevTools listening on (ws:\S+)/.exec(err);
      if (m) done(m[1]);
    });
  });
  const { port: devtools } = new URL(endpoint);
  const targets = await (await fetch(`http://127.0.0.1:${devtools}/json`)).json();
  const ws = new WebSocket(targets.find((t) => t.type === "page").webSocketDebuggerUrl);
  await new Promise((r) => ws.addEventListener("open", r, { once: true }));
  let id = 0;
  const call = (method, params = {}) =>
    new Promise((done) => {
      const mine = ++id;
      const listener = (event) => {
        const msg = JSON.parse(event.data);
        if (msg.id === mine) {
          ws.removeEventListener("message", listener);
          done(msg.result);
        }
      };
      ws.addEventListener("message", listener);
      ws.send(JSON.stringify({ id: mine, method, params }));
    });
  await call("Page.navigate", { url: `http://127.0.0.1:${port}/docs#${hash}` });
  for (let i = 0; i < 120; i++) {
    await sleep(500);
    const { result } = await call("Runtime.evaluate", {
      expression: `document.body.innerText.includes("Create a draft invoice")`,
    });
    if (result.value) break;
  }
  await sleep(1500);
  const { data } = await call("Page.captureScreenshot", { format: "png" });
  writeFileSync(new URL("../docs/api-reference.png", import.meta.url), Buffer.from(data, "base64"));
  ws.close();
  console.log("docs/api-reference.png written");
} finally {
  chromium.kill();
  await sleep(500);
  rmSync(profile, { recursive: true, force: true });
}
