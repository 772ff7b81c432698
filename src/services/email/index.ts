// The EmailSender port and the choice of adapter by configuration (EMAIL_TRANSPORT).
// Whatever the transport, the caller stores each message in invoice_emails (status `queued`) in
// the same batch as the invoice change, *before* calling send(): for the outbox transport that
// row *is* the delivery queue; for the http transport the caller then marks it sent or failed.
import type { Bindings } from "../../env";
import { ApiError } from "../../lib/errors";
import { HttpEmailSender } from "./http";
import { OutboxEmailSender } from "./outbox";
import type { EmailSender } from "./types";

export type { EmailAttachment, EmailMessage, EmailSender, SendOptions, SendResult } from "./types";
export { EmailDeliveryError } from "./types";

const DEFAULT_FROM = "invoices@invoicing.invalid";

export function emailSenderFor(env: Bindings): EmailSender {
  const from = env.EMAIL_FROM || DEFAULT_FROM;
  const transport = env.EMAIL_TRANSPORT || "outbox";
  if (transport === "outbox") return new OutboxEmailSender(from);
  if (transport === "http") {
    if (!env.EMAIL_API_URL || !env.EMAIL_API_KEY) {
      throw new ApiError("internal_error", "The e-mail transport is not configured", {
        cause: "EMAIL_TRANSPORT=http needs EMAIL_API_URL and EMAIL_API_KEY",
      });
    }
    return new HttpEmailSender({ baseUrl: env.EMAIL_API_URL, apiKey: env.EMAIL_API_KEY, from });
  }
  throw new ApiError("internal_error", "The e-mail transport is not configured", {
    cause: `unknown EMAIL_TRANSPORT ${transport}`,
  });
}

export { HttpEmailSender, OutboxEmailSender };
