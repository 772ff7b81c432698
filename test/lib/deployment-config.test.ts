import { describe, expect, it } from "vitest";
import {
  configurationProblems,
  emailFromProblem,
  isLocalEnvironment,
  publicBaseUrlProblem,
} from "../../src/lib/deployment-config";

describe("PUBLIC_BASE_URL", () => {
  it.each([
    "https://billing.example.com",
    "https://billing.example.com/",
    " https://billing.example.com ",
    "https://billing.example.com:8443",
    "https://xn--bcher-kva.example",
  ])("accepts the origin %j", (value) => {
    expect(publicBaseUrlProblem(value)).toBeNull();
  });

  it.each([
    [undefined, "missing"],
    ["", "missing"],
    ["billing.example.com", "not a URL"],
    ["http://billing.example.com", "not https"],
    ["ftp://billing.example.com", "not https"],
    ["https://user:pw@billing.example.com", "carries credentials"],
    ["https://billing.example.com/app", "has a path, query or fragment (an origin only)"],
    ["https://billing.example.com/?x=1", "has a path, query or fragment (an origin only)"],
    ["https://billing.example.com/#top", "has a path, query or fragment (an origin only)"],
    ["https://invoicing.invalid", "a placeholder or local host"],
    ["https://localhost", "a placeholder or local host"],
    ["https://127.0.0.1", "a placeholder or local host"],
  ])("refuses %j: %s", (value, problem) => {
    expect(publicBaseUrlProblem(value)).toBe(problem);
  });
});

describe("EMAIL_FROM", () => {
  it.each(["billing@example.com", "Acme Billing <billing@example.com>", '"Acme, Inc." <ap@acme.example>'])(
    "accepts %j",
    (value) => {
      expect(emailFromProblem(value)).toBeNull();
    },
  );

  it.each([
    [undefined, "missing"],
    ["  ", "missing"],
    ["billing", "not an e-mail address"],
    ["billing@localhost", "not an e-mail address"],
    ["a@b@example.com", "not an e-mail address"],
    ["Acme <billing>", "not an e-mail address"],
    ["invoices@invoicing.invalid", "a placeholder or local domain"],
    ["billing@example.com\nBcc: x@evil.example", "contains a line break"],
  ])("refuses %j: %s", (value, problem) => {
    expect(emailFromProblem(value)).toBe(problem);
  });
});

describe("STRIPE_API_BASE in a deployment", () => {
  const ok = { PUBLIC_BASE_URL: "https://billing.example.com", EMAIL_FROM: "ap@example.com" };
  it("is optional, and when set must be an https origin (secret keys travel to it)", () => {
    expect(configurationProblems(ok)).toEqual([]);
    expect(configurationProblems({ ...ok, STRIPE_API_BASE: "https://api.stripe.com" })).toEqual([]);
    expect(configurationProblems({ ...ok, STRIPE_API_BASE: "http://stripe.example.com" })).toEqual([
      { variable: "STRIPE_API_BASE", problem: "not https" },
    ]);
    expect(
      configurationProblems({ ...ok, ENVIRONMENT: "test", STRIPE_API_BASE: "http://127.0.0.1:9" }),
    ).toEqual([]);
  });
});

describe("RECOMMAND_API_BASE in a deployment", () => {
  const ok = { PUBLIC_BASE_URL: "https://billing.example.com", EMAIL_FROM: "ap@example.com" };
  it("is optional, and when set must be an https origin (every organization's Peppol secret travels to it)", () => {
    expect(configurationProblems({ ...ok, RECOMMAND_API_BASE: "https://app.recommand.eu" })).toEqual([]);
    expect(configurationProblems({ ...ok, RECOMMAND_API_BASE: "http://127.0.0.1:9" })).toEqual([
      { variable: "RECOMMAND_API_BASE", problem: "not https" },
    ]);
    expect(
      configurationProblems({ ...ok, RECOMMAND_API_BASE: "https://app.recommand.eu/api" }).map(
        (p) => p.variable,
      ),
    ).toEqual(["RECOMMAND_API_BASE"]);
    expect(
      configurationProblems({ ...ok, ENVIRONMENT: "development", RECOMMAND_API_BASE: "http://127.0.0.1:9" }),
    ).toEqual([]);
  });
});

describe("configurationProblems", () => {
  it("checks nothing in local development and tests, both variables anywhere else", () => {
    expect(isLocalEnvironment({ ENVIRONMENT: "development" })).toBe(true);
    expect(isLocalEnvironment({ ENVIRONMENT: "test" })).toBe(true);
    expect(isLocalEnvironment({})).toBe(false);
    expect(isLocalEnvironment({ ENVIRONMENT: "production" })).toBe(false);
    expect(configurationProblems({ ENVIRONMENT: "development" })).toEqual([]);
    expect(configurationProblems({})).toEqual([
      { variable: "PUBLIC_BASE_URL", problem: "missing" },
      { variable: "EMAIL_FROM", problem: "missing" },
    ]);
    expect(
      configurationProblems({ PUBLIC_BASE_URL: "https://billing.example.com", EMAIL_FROM: "ap@example.com" }),
    ).toEqual([]);
  });
});
