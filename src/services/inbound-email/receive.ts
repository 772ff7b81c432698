// The Worker's `email` handler: a message to an organization's inbound address
// (`bills+<token>@<INBOUND_EMAIL_DOMAIN>`, address.ts) is parsed with postal-mime, and each XML or
// PDF attachment that is an e-invoice becomes a bill (`source: "email"`, the message's
// Message-ID). A message to an unknown address, or with no attachment that imports, is refused
// with `setReject(reason)`: the sending server bounces it with that reason, so the supplier learns
// at once that the invoice did not arrive.
import PostalMime, { type Attachment } from "postal-mime";
import { organizationByKey } from "../../db/directory";
import { dbForKnown } from "../../db/route";
import { startsAsPdf } from "../../document/received";
import type { Bindings } from "../../env";
import { ApiError } from "../../lib/errors";
import { logInfo } from "../../lib/log";
import { importBill } from "../bills";
import { dispatchEvents } from "../events";
import { inboundEmailTokenOf, organizationByInboundToken } from "./address";

/** Email Routing hands over messages of up to 25 MiB; a larger one is refused unread. */
export const MAX_INBOUND_MESSAGE_BYTES = 25 * 1024 * 1024;
/** Attachments of one message read as possible e-invoices; a message with more is refused. */
export const MAX_INBOUND_ATTACHMENTS = 20;

/** What an attachment is taken for: an XML e-invoice, a PDF that may carry one (Factur-X), or neither. */
export function attachmentMediaType(
  attachment: Pick<Attachment, "mimeType" | "filename">,
  bytes: Uint8Array,
) {
  const name = attachment.filename?.toLowerCase() ?? "";
  const type = attachment.mimeType.toLowerCase();
  if (type === "application/pdf" || name.endsWith(".pdf") || startsAsPdf(bytes)) return "pdf";
  if (type.endsWith("/xml") || type.endsWith("+xml") || name.endsWith(".xml")) return "xml";
  return null;
}

/** Why an attachment was not imported, as the bounce tells the sender. */
function refusalOf(error: unknown): string | null {
  if (!(error instanceof ApiError)) return null;
  if (error.code === "duplicate_bill")
    return "a bill with this supplier, number and issue date exists already";
  const reason = error.details?.reason;
  if (typeof reason === "string") return reason;
  return error.message;
}

export interface InboundMessage {
  /** The envelope recipient. */
  to: string;
  from: string;
  raw: ReadableStream<Uint8Array>;
  rawSize: number;
  setReject(reason: string): void;
}

/** The outcome, for the log and the tests: the bills imported, or the reason the message was refused. */
export type InboundOutcome =
  | { accepted: true; organizationId: string; billIds: string[] }
  | { accepted: false; reason: string };

export async function receiveInboundEmail(
  message: InboundMessage,
  env: Bindings,
  ctx: Pick<ExecutionContext, "waitUntil">,
): Promise<InboundOutcome> {
  const outcome = await decide(message, env, ctx);
  // A message refused before its body was read: the body is let go, not left waiting.
  if (!message.raw.locked) await message.raw.cancel().catch(() => undefined);
  if (!outcome.accepted) message.setReject(outcome.reason);
  logInfo(outcome.accepted ? "inbound e-mail imported" : "inbound e-mail refused", {
    ...(outcome.accepted
      ? { organization_id: outcome.organizationId, bills: outcome.billIds.length }
      : { reason: outcome.reason }),
    size: message.rawSize,
  });
  return outcome;
}

async function decide(
  message: InboundMessage,
  env: Bindings,
  ctx: Pick<ExecutionContext, "waitUntil">,
): Promise<InboundOutcome> {
  const token = inboundEmailTokenOf(message.to, env.INBOUND_EMAIL_DOMAIN);
  // The directory names the address's organization; its database confirms the address is current.
  const organizationId =
    token &&
    (await organizationByKey(env, "inbound_email", token, async (db) => {
      return (await organizationByInboundToken(db, token))?.id ?? null;
    }));
  const db = organizationId ? await dbForKnown(env, organizationId) : null;
  const org = db && token ? await organizationByInboundToken(db, token) : null;
  if (!db || !org) return { accepted: false, reason: "Unknown recipient: this address receives no bills" };
  if (message.rawSize > MAX_INBOUND_MESSAGE_BYTES) {
    return { accepted: false, reason: "Message too large: at most 25 MiB" };
  }
  const email = await PostalMime.parse(message.raw, { attachmentEncoding: "arraybuffer" });
  const billIds: string[] = [];
  const refusals: string[] = [];
  // Each candidate costs a hash, a query and a parse: a message of thousands of tiny parts is
  // refused whole rather than read part by part.
  const candidates = email.attachments.filter((a) =>
    attachmentMediaType(a, new Uint8Array(a.content as ArrayBuffer)),
  );
  if (candidates.length > MAX_INBOUND_ATTACHMENTS) {
    return {
      accepted: false,
      reason: `Too many attachments: at most ${MAX_INBOUND_ATTACHMENTS} XML or PDF files per message`,
    };
  }
  for (const attachment of candidates) {
    const bytes = new Uint8Array(attachment.content as ArrayBuffer);
    const mediaType = attachmentMediaType(attachment, bytes);
    if (!mediaType) continue;
    const name = attachment.filename ?? `attachment.${mediaType}`;
    try {
      const imported = await importBill({ db, env }, org, bytes, mediaType, {
        source: "email",
        messageId: email.messageId ?? null,
        filename: attachment.filename ?? null,
      });
      billIds.push(imported.bill.id);
      dispatchEvents(ctx, env, imported.eventIds);
    } catch (error) {
      const refusal = refusalOf(error);
      if (refusal === null) throw error;
      refusals.push(`${name}: ${refusal}`);
    }
  }
  if (billIds.length > 0) return { accepted: true, organizationId: org.id, billIds };
  const reason =
    refusals.length > 0
      ? `No e-invoice imported (${refusals.join("; ")})`
      : "No e-invoice attached: send the XML (UBL, CII) or a Factur-X / ZUGFeRD PDF as an attachment";
  // SMTP carries the reason in one reply line.
  return { accepted: false, reason: reason.length > 400 ? `${reason.slice(0, 397)}...` : reason };
}
