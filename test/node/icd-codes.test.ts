// The ISO 6523 ICD list the API checks schemes against (src/lib/icd.ts) is the list the official
// EN 16931 rules check them against (BR-CL-10 identifiers, BR-CL-11 legal registrations), read
// from the compiled rules in test/einvoice-rules/: a new release of the rules with a longer list
// fails here until src/lib/icd.ts follows.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { ICD_CODES } from "../../src/lib/icd";

const RULES = join(import.meta.dirname, "..", "einvoice-rules");

/** Every code list of four-digit codes starting at 0002 in a compiled rule set. */
function icdLists(file: string): string[][] {
  const sef = gunzipSync(readFileSync(join(RULES, file))).toString("utf8");
  return [...sef.matchAll(/"val":" ?(0002 0003 [0-9 ]+)"/g)].map((m) => (m[1] ?? "").trim().split(" "));
}

describe("ISO 6523 ICD codes", () => {
  it("are exactly the list of the EN 16931 rules, in UBL and in CII", () => {
    for (const file of ["en16931-ubl.sef.json.gz", "en16931-cii.sef.json.gz"]) {
      const lists = icdLists(file);
      expect(lists.length, file).toBeGreaterThan(0);
      for (const list of lists) expect([...ICD_CODES].sort(), file).toEqual([...new Set(list)].sort());
    }
  });
});
