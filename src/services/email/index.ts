// The EmailSender port and the choice of adapter by configuration (EMAIL_TRANSPORT).
// Whatever the transport, the caller stores each message in invoice_emails (status `queued`) in
// the same batch as the invoice change, *before* calling send(): for the outbox transport that
// row *is* the delivery queue; for the http transport the caller then marks it sent or failed.
import type { Bindings } from "../../env";
import { ApiError } from "../../lib/errors";
import { HttpEmailSender } from "./http";
import { OutboxEmailSender } from "./outbox";

export interface EmailAttachment {
  filename: string;
  contentType: string;
  content: Uint8Array;
}

export interface EmailMessage {
  from: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  /**
   * Files sent with the message (the archived invoice document). Never stored with the row: the
   * row keeps the archive kind (`attachment_kind`) and the bytes are loaded at delivery.
   */
  attachments?: EmailAttachment[];
}

export interface SendResult {
  /** `queued`: stored for a relay (outbox); `sent`: accepted by the provider. */
  status: "queued" | "sent";
  providerMessageId: string | null;
}

export interface SendOptions {
  /**
   * The stored e-mail row's id: the http adapter sends it as `Idempotency-Key`, so a provider
   * that honours the header delivers one message per row however often the request is repeated.
   */
  idempotencyKey: string;
}

export interface EmailSender {
  readonly transport: "outbox" | "http";
  readonly from: string;
  send(message: EmailMessage, options: SendOptions): Promise<SendResult>;
}

/** The provider refused the message or could not be reached. */
export class EmailDeliveryError extends Error {
  constructor(
    message: string,
    readonly statusCode?: number,
  ) {
    super(message);
    this.name = "EmailDeliveryError";
  }
}

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
