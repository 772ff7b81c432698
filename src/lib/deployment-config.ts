// The configuration a deployed Worker cannot run without: where hosted links point
// (PUBLIC_BASE_URL) and who e-mails come from (EMAIL_FROM). Outside local development and tests
// a missing or invalid one stops the service (503 `misconfigured`, the sweeps skip their work)
// rather than send customers links to a placeholder origin from a placeholder sender.
//
// Local development and tests say so with ENVIRONMENT=development or ENVIRONMENT=test (`.dev.vars`
// from scripts/setup-dev-vars.mjs, vitest.config.ts, the node tests' Worker); anything else, and
// no ENVIRONMENT at all, is a deployment and is checked.

/** ENVIRONMENT values that relax the check: there, links use the request's origin. */
export const LOCAL_ENVIRONMENTS = ["development", "test"] as const;

export const REQUIRED_IN_DEPLOYMENT = ["PUBLIC_BASE_URL", "EMAIL_FROM"] as const;
/** Checked when set: where every organization's Stripe secret key and Peppol API secret are sent. */
export const CHECKED_IN_DEPLOYMENT = ["STRIPE_API_BASE", "RECOMMAND_API_BASE"] as const;
export type RequiredVariable =
  | (typeof REQUIRED_IN_DEPLOYMENT)[number]
  | (typeof CHECKED_IN_DEPLOYMENT)[number];

export interface DeploymentVars {
  ENVIRONMENT?: string;
  PUBLIC_BASE_URL?: string;
  EMAIL_FROM?: string;
  STRIPE_API_BASE?: string;
  RECOMMAND_API_BASE?: string;
}

/** A required variable that is missing or unusable, and why (for the log, never a response). */
export interface ConfigurationProblem {
  variable: RequiredVariable;
  problem: string;
}

export const isLocalEnvironment = (env: DeploymentVars): boolean =>
  (LOCAL_ENVIRONMENTS as readonly string[]).includes(env.ENVIRONMENT?.trim() ?? "");

/** Hosts no customer can reach: a placeholder or this machine. */
function unreachableHost(hostname: string): boolean {
  const host = hostname.toLowerCase().replace(/\.$/, "");
  return (
    host === "localhost" ||
    host.endsWith(".localhost") ||
    host.endsWith(".invalid") ||
    host === "127.0.0.1" ||
    host === "[::1]"
  );
}

/** Why `value` cannot be the public origin of hosted links, or null when it can. */
export function publicBaseUrlProblem(value: string | undefined): string | null {
  const text = value?.trim();
  if (!text) return "missing";
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return "not a URL";
  }
  if (url.protocol !== "https:") return "not https";
  if (url.username || url.password) return "carries credentials";
  if (url.pathname !== "/" || url.search || url.hash) return "has a path, query or fragment (an origin only)";
  if (unreachableHost(url.hostname)) return "a placeholder or local host";
  return null;
}

/** One address (`billing@example.com`) or a named one (`Acme Billing <billing@example.com>`). */
const ADDRESS = /^[^\s@<>",;]+@([A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)+)$/;
const NAMED_ADDRESS = /^[^<>\r\n]*<([^<>\s]+)>$/;

/** Why `value` cannot be the sender of e-mails, or null when it can. */
export function emailFromProblem(value: string | undefined): string | null {
  const text = value?.trim();
  if (!text) return "missing";
  if (/[\r\n]/.test(text)) return "contains a line break";
  const address = NAMED_ADDRESS.exec(text)?.[1] ?? text;
  const domain = ADDRESS.exec(address)?.[1];
  if (!domain) return "not an e-mail address";
  if (unreachableHost(domain)) return "a placeholder or local domain";
  return null;
}

/** What is wrong with the required configuration: nothing in local development and tests. */
export function configurationProblems(env: DeploymentVars): ConfigurationProblem[] {
  if (isLocalEnvironment(env)) return [];
  const problems: ConfigurationProblem[] = [];
  const baseUrl = publicBaseUrlProblem(env.PUBLIC_BASE_URL);
  if (baseUrl) problems.push({ variable: "PUBLIC_BASE_URL", problem: baseUrl });
  const from = emailFromProblem(env.EMAIL_FROM);
  if (from) problems.push({ variable: "EMAIL_FROM", problem: from });
  // Optional (the provider's own origin by default); when set, it receives secrets: https only.
  for (const variable of CHECKED_IN_DEPLOYMENT) {
    if (!env[variable]?.trim()) continue;
    const problem = publicBaseUrlProblem(env[variable]);
    if (problem) problems.push({ variable, problem });
  }
  return problems;
}
