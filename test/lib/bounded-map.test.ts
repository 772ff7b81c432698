import { describe, expect, it } from "vitest";
import { BoundedMap } from "../../src/lib/bounded-map";

describe("BoundedMap", () => {
  it("forgets the oldest entry when a new key is added to a full map, never on an update", () => {
    const map = new BoundedMap<string, number>(2);
    map.set("a", 1).set("b", 2);
    map.set("a", 10);
    expect([...map]).toEqual([
      ["a", 10],
      ["b", 2],
    ]);
    map.set("c", 3);
    expect([...map]).toEqual([
      ["b", 2],
      ["c", 3],
    ]);
  });
});
