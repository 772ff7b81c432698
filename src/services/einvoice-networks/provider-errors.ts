// What a call to the access point provider that failed answers the API's caller: credentials the
// provider refused are the caller's to fix (422 naming the provider's words), anything else the
// provider's failure (502 `network_provider_error`). Each failure is logged with the organization.
import { ApiError } from "../../lib/errors";
import { logWarn } from "../../lib/log";
import { NetworkProviderError } from "./types";

const PROVIDER_NAME = { recommand: "Recommand" } as const;

/** The provider's name as a sentence writes it. */
export const providerTitle = (provider: keyof typeof PROVIDER_NAME) => PROVIDER_NAME[provider];

/** Logs the failure of `action` at the provider, never a secret. */
export function logProviderFailure(error: unknown, organizationId: string, action: string): void {
  logWarn("network provider call failed", {
    organization_id: organizationId,
    action,
    ...(error instanceof NetworkProviderError
      ? { kind: error.kind, status: error.status, error: error.message }
      : { error: String(error) }),
  });
}

/** 422 `validation_error`: the provider refused the API key id and secret, in its words. */
export function refusedCredentials(provider: keyof typeof PROVIDER_NAME, error: NetworkProviderError) {
  const why = `${providerTitle(provider)} refused the API key (${error.status}): ${error.message}`;
  return new ApiError("validation_error", why, { details: { api_key_id: why, api_secret: why } });
}

/**
 * 502 `network_provider_error` for a provider that failed, could not be reached, or answered
 * what the call did not expect; `details` carry its status and words when it answered.
 */
export function providerFailed(provider: keyof typeof PROVIDER_NAME, error: unknown): ApiError {
  if (error instanceof ApiError) return error;
  const title = providerTitle(provider);
  if (!(error instanceof NetworkProviderError)) {
    return new ApiError("network_provider_error", `${title} could not be reached`, {
      details: { provider },
      cause: error,
    });
  }
  const stored = error.kind === "unauthorized" ? ": connect again with a valid API key" : "";
  return new ApiError(
    "network_provider_error",
    `${title} answered ${error.status}: ${error.message}${stored}`,
    {
      details: { provider, provider_status: error.status, provider_error: error.message },
    },
  );
}
