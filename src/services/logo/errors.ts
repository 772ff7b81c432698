// The one refusal of a logo that is not what it claims to be: 422 `invalid_logo` with a reason.
import { ApiError } from "../../lib/errors";

/** `reason` is a short code (`inflate_limit_exceeded`, `truncated`, ...); the message says it in words. */
export const invalidLogo = (reason: string, message: string) =>
  new ApiError("invalid_logo", message, { details: { reason } });
