// The default transport: nothing leaves the Worker here. The message row the invoice service
// writes (status `queued`) is the outbox a relay or the provider's inbound integration drains.
import type { EmailMessage, EmailSender, SendOptions, SendResult } from "./types";

export class OutboxEmailSender implements EmailSender {
  readonly transport = "outbox" as const;
  constructor(readonly from: string) {}

  async send(_message: EmailMessage, _options: SendOptions): Promise<SendResult> {
    return { status: "queued", providerMessageId: null };
  }
}
