// HTTP pieces of file transfer: a safe stored file name, Content-Disposition per RFC 6266 with
// an RFC 5987 `filename*`, and single byte ranges per RFC 9110.

/**
 * Control characters (C0, DEL, C1), the Unicode line/paragraph separators and the bidi
 * embeddings, overrides and isolates. New uploads refuse them in names (services/documents/upload.ts);
 * names stored before that are cleaned here on the way out.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;

/** Replaces lone UTF-16 surrogates (which cannot be encoded as UTF-8) with U+FFFD. */
function wellFormed(text: string): string {
  return text.replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, "\uFFFD");
}

/** The stored name: last path component, no control characters, no leading dots, at most 255 chars. */
export function sanitizeFilename(original: string): string {
  const base = wellFormed(original).replace(CONTROL, "").split(/[/\\]/).pop() ?? "";
  const cleaned = base.replace(/^[.\s]+/, "").trim();
  const limited = Array.from(cleaned).slice(0, 255).join("");
  return limited || "file";
}

/** RFC 5987 attr-char: everything else is percent-encoded from UTF-8. */
function encodeRfc5987(value: string): string {
  return encodeURIComponent(value).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
}

/**
 * The name a download is offered under, from any text (a document's original name, an invoice
 * number with an organization's prefix such as `../../x/`): the path segments joined with `_`
 * (segments of dots only, `.` and `..`, dropped), no control characters, no leading dots or
 * spaces, at most 255 characters. Unicode stays: `contentDisposition` encodes it.
 */
export function downloadFilename(name: string, fallback = "file"): string {
  const segments = wellFormed(name)
    .replace(CONTROL, "")
    .split(/[/\\]/)
    .filter((segment) => !/^[.\s]*$/.test(segment));
  const joined = segments
    .join("_")
    .replace(/^[.\s]+/, "")
    .trim();
  return Array.from(joined).slice(0, 255).join("") || fallback;
}

/**
 * `attachment; filename="<ASCII fallback>"; filename*=UTF-8''<percent-encoded name>` (or
 * `inline; ...`): one well-formed header whatever the name holds (quotes, backslashes, CR/LF,
 * `../`, emoji). Every download (documents, PDFs, e-invoices, archives, hosted downloads) builds
 * its header here.
 */
export function contentDisposition(
  name: string,
  disposition: "attachment" | "inline" = "attachment",
): string {
  const clean = downloadFilename(name);
  const fallback =
    clean
      .replace(/[^\x20-\x7e]/g, "_")
      .replace(/["\\]/g, "_")
      .trim() || "file";
  return `${disposition}; filename="${fallback}"; filename*=UTF-8''${encodeRfc5987(clean)}`;
}

export interface ByteRange {
  start: number;
  /** Inclusive. */
  end: number;
}

export class RangeNotSatisfiableError extends Error {
  override readonly name = "RangeNotSatisfiableError";
}

/**
 * Parses `bytes=a-b`, `bytes=a-` or `bytes=-n` against a representation of `size` bytes.
 * Returns null when the header is absent or not a single byte range (then the whole file is
 * served, as RFC 9110 allows); throws RangeNotSatisfiableError when no byte of it exists.
 */
export function parseRange(header: string | undefined, size: number): ByteRange | null {
  if (!header) return null;
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match) return null;
  const [, first = "", last = ""] = match;
  if (first === "" && last === "") return null;
  if (first === "") {
    const suffix = Number(last);
    if (suffix === 0 || size === 0) throw new RangeNotSatisfiableError("empty suffix range");
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(first);
  const end = last === "" ? size - 1 : Math.min(Number(last), size - 1);
  if (last !== "" && Number(last) < start) return null; // invalid syntax: ignored per RFC 9110
  if (start >= size) throw new RangeNotSatisfiableError("range starts past the end");
  return { start, end };
}
