// A Resend-style HTTP provider: POST {base}/emails with a bearer key, an Idempotency-Key (the
// stored e-mail row's id) and { from, to, subject, text, html, attachments? }, each attachment
// as { filename, content_type, content (base64) }; a 2xx answer carries { id }.
import { toBase64 } from "../../lib/encoding";
import {
  EmailDeliveryError,
  type EmailMessage,
  type EmailSender,
  type SendOptions,
  type SendResult,
} from "./types";

const TIMEOUT_MS = 10_000;

export interface HttpEmailConfig {
  baseUrl: string;
  apiKey: string;
  from: string;
}

export class HttpEmailSender implements EmailSender {
  readonly transport = "http" as const;
  readonly from: string;

  constructor(private readonly config: HttpEmailConfig) {
    this.from = config.from;
  }

  async send(message: EmailMessage, options: SendOptions): Promise<SendResult> {
    let response: Response;
    try {
      response = await fetch(`${this.config.baseUrl.replace(/\/+$/, "")}/emails`, {
        method: "POST",
        headers: {
          Authorization: `Bearer ${this.config.apiKey}`,
          "Content-Type": "application/json",
          "Idempotency-Key": options.idempotencyKey,
        },
        body: JSON.stringify({
          from: message.from,
          to: message.to,
          subject: message.subject,
          text: message.text,
          html: message.html,
          ...(message.attachments?.length
            ? {
                attachments: message.attachments.map((file) => ({
                  filename: file.filename,
                  content_type: file.contentType,
                  content: toBase64(file.content),
                })),
              }
            : {}),
        }),
        redirect: "manual",
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
    } catch (error) {
      throw new EmailDeliveryError(`provider unreachable: ${String(error)}`);
    }
    if (response.status < 200 || response.status > 299) {
      await response.body?.cancel();
      throw new EmailDeliveryError(`provider answered ${response.status}`, response.status);
    }
    const body = (await response.json().catch(() => ({}))) as { id?: unknown };
    return { status: "sent", providerMessageId: typeof body.id === "string" ? body.id : null };
  }
}
