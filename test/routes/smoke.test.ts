import { describe, expect, it } from "vitest";
import { api } from "../helpers/api";

describe("smoke", () => {
  it("answers /health", async () => {
    const res = await api("GET", "/health");
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: "ok" });
  });
});
