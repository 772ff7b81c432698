// The D1 bindings of wrangler.toml, in the order they are declared (`DB` first).
import { readFileSync } from "node:fs";

export function d1Bindings(configPath = new URL("../wrangler.toml", import.meta.url)) {
  const toml = readFileSync(configPath, "utf8");
  const bindings = [];
  for (const block of toml.split(/^\[\[d1_databases\]\]\s*$/m).slice(1)) {
    const match = /^\s*binding\s*=\s*"([^"]+)"/m.exec(block.split(/^\[/m)[0]);
    if (match) bindings.push(match[1]);
  }
  return bindings;
}
