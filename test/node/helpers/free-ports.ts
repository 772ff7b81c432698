// Ports for a server a node test starts by number (the shared Workers, `npm run dev`): chosen
// below the ephemeral range (Linux 32768–60999, macOS 49152–65535). A port the kernel hands out
// for `listen(0)` is in that range, and so is every outgoing connection's local port: between
// choosing such a port and the server binding it (seconds later, for wrangler), another test's
// connection or server could take it, and wrangler then stops with "Address already in use"
// (seen in CI). Below the range only another test choosing the same random port could.
import { createServer, type Server } from "node:net";

const LOWEST = 20_000;
const HIGHEST = 32_000;
const ATTEMPTS = 200;

function listenOn(port: number): Promise<Server | undefined> {
  return new Promise((done) => {
    const server = createServer();
    server.once("error", () => done(undefined));
    server.listen(port, "127.0.0.1", () => done(server));
  });
}

/** `count` distinct ports that are free now: each is held until all are chosen. */
export async function freePorts(count: number): Promise<number[]> {
  const held = new Map<number, Server>();
  for (let attempt = 0; held.size < count; attempt++) {
    if (attempt === ATTEMPTS) throw new Error(`No ${count} free ports between ${LOWEST} and ${HIGHEST}`);
    const port = LOWEST + Math.floor(Math.random() * (HIGHEST - LOWEST));
    if (held.has(port)) continue;
    const server = await listenOn(port);
    if (server) held.set(port, server);
  }
  await Promise.all([...held.values()].map((server) => new Promise((done) => server.close(done))));
  return [...held.keys()];
}
