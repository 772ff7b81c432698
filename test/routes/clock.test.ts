import { describe, expect, it } from "vitest";
import { setClockForTests } from "../../src/lib/clock";
import { api, createOrg, expectError, tokenFor } from "../helpers/api";

describe("injectable clock", () => {
  it("moves the worker's time: a token stops working after an hour", async () => {
    const org = await createOrg();
    const token = await tokenFor(org.owner.key);
    expect((await api("GET", "/v1/me", { token })).status).toBe(200);
    setClockForTests(() => new Date(Date.now() + 3601_000));
    expectError(await api("GET", "/v1/me", { token }), 401, "unauthorized");
  });
});
