// The Worker's `email` handler called as Email Routing calls it, inside workerd.
import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import worker from "../../src/index";

/** A message as Email Routing hands it over, recording the reason it was refused with, if any. */
export function inboundMessage(to: string, raw: string) {
  const bytes = new TextEncoder().encode(raw);
  const message = {
    from: "ap@lieferant.example",
    to,
    raw: new Response(bytes).body as ReadableStream<Uint8Array>,
    rawSize: bytes.byteLength,
    headers: new Headers(),
    rejected: null as string | null,
    setReject(reason: string) {
      message.rejected = reason;
    },
    forward: async () => ({}) as EmailSendResult,
    reply: async () => ({}) as EmailSendResult,
  };
  return message;
}

/** Hands `raw` (a MIME message) to the handler; answers the message, with the reason it was refused if it was. */
export async function deliver(to: string, raw: string) {
  const message = inboundMessage(to, raw);
  const ctx = createExecutionContext();
  await worker.email(message as unknown as ForwardableEmailMessage, env, ctx);
  await waitOnExecutionContext(ctx);
  return message;
}
