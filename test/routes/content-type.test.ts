// Every operation with a JSON request body, walked from /openapi.json: a body sent with another
// Content-Type, or with none, answers 415 unsupported_media_type in the common error body.
import { describe, expect, it } from "vitest";
import { ADMIN_TOKEN, api, createOrg, expectError } from "../helpers/api";

interface Operation {
  method: string;
  path: string;
}

const doc = (await api("GET", "/openapi.json")).body as {
  paths: Record<
    string,
    Record<
      string,
      { requestBody?: { content?: Record<string, unknown> }; responses: Record<string, unknown> }
    >
  >;
};

const jsonOperations: Operation[] = Object.entries(doc.paths).flatMap(([path, ops]) =>
  Object.entries(ops)
    .filter(([, op]) => op.requestBody?.content?.["application/json"] !== undefined)
    .map(([method]) => ({ method: method.toUpperCase(), path })),
);

const concrete = (path: string) => path.replace(/\{[A-Za-z0-9_]+\}/g, "00000000-0000-4000-8000-000000000000");
const body = '{"name":"x"}';

const wrongTypes: [string, Record<string, string>, BodyInit][] = [
  ["a form Content-Type (curl -d)", { "Content-Type": "application/x-www-form-urlencoded" }, body],
  ["text/plain", { "Content-Type": "text/plain" }, body],
  // A byte array carries no Content-Type of its own (a string body would get text/plain).
  ["no Content-Type", {}, new TextEncoder().encode(body)],
];

describe("JSON bodies with a wrong or missing Content-Type", () => {
  it("finds the JSON operations in the OpenAPI document", () => {
    expect(jsonOperations.length).toBeGreaterThan(20);
    expect(jsonOperations).toContainEqual({ method: "POST", path: "/v1/customers" });
  });

  it("lists 415 on every JSON operation, and on no other but those refusing other media types", () => {
    // The bank statement import takes XML, text or a form, and answers 415 for anything else.
    const ownMediaTypes = ["importBankStatement", "importBill"];
    for (const [path, ops] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(ops)) {
        const takesJson = op.requestBody?.content?.["application/json"] !== undefined;
        const refusesOthers = ownMediaTypes.includes((op as { operationId?: string }).operationId ?? "");
        expect("415" in op.responses, `${method} ${path}`).toBe(takesJson || refusesOthers);
      }
    }
  });

  it("answers 415 with a message naming application/json for curl's default form type", async () => {
    const org = await createOrg();
    const res = await api("POST", "/v1/customers", {
      token: org.owner.key,
      rawBody: body,
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
    });
    const error = expectError(res, 415, "unsupported_media_type");
    expect(error.message).toBe("Content-Type must be application/json");
    expect(res.headers.get("X-Request-Id")).not.toBeNull();
  });

  it.each(wrongTypes)("answers every JSON operation 415, never 5xx, for %s", async (_, headers, rawBody) => {
    const org = await createOrg();
    const failures: string[] = [];
    for (const { method, path } of jsonOperations) {
      const token = path.startsWith("/v1/admin/") ? ADMIN_TOKEN : org.owner.key;
      const res = await api(method, concrete(path), { token, headers, rawBody });
      const ok =
        res.status === 415 &&
        res.body?.success === false &&
        res.body.error?.code === "unsupported_media_type" &&
        typeof res.body.error.message === "string";
      if (!ok) failures.push(`${method} ${path}: ${res.status} ${JSON.stringify(res.body)}`);
    }
    expect(failures).toEqual([]);
  });
});
