// E-mails as a mail client writes them (multipart/mixed, attachments in base64), for the tests of
// the inbound e-mail handler: the workers test calls the handler, the node test posts them to
// the local Email Routing's /cdn-cgi/local/email.
import { toBase64 } from "../../src/lib/encoding";

/** A MIME message with these attachments (base64, as mail clients write them). */
export function mimeMessage(
  attachments: { filename: string; type: string; bytes: Uint8Array }[],
  options: { messageId?: string; to?: string } = {},
) {
  const messageId = options.messageId ?? `<${crypto.randomUUID()}@lieferant.example>`;
  const boundary = "----=_Part_4711";
  const parts = attachments.map((a) =>
    [
      `--${boundary}`,
      `Content-Type: ${a.type}; name="${a.filename}"`,
      "Content-Transfer-Encoding: base64",
      `Content-Disposition: attachment; filename="${a.filename}"`,
      "",
      (toBase64(a.bytes).match(/.{1,76}/g) ?? []).join("\r\n"),
    ].join("\r\n"),
  );
  return [
    "From: Lieferant <ap@lieferant.example>",
    `To: ${options.to ?? "bills@bills.example.test"}`,
    "Subject: Rechnung",
    `Message-ID: ${messageId}`,
    "MIME-Version: 1.0",
    `Content-Type: multipart/mixed; boundary="${boundary}"`,
    "",
    `--${boundary}`,
    "Content-Type: text/plain; charset=utf-8",
    "",
    "Anbei unsere Rechnung.",
    ...parts,
    `--${boundary}--`,
    "",
  ].join("\r\n");
}
