// The EmailSender port: the message, the result and the error every adapter (outbox, http)
// shares. Its own module so the adapters do not import the module that chooses between them.
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
