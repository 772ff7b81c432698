// Field schemas shared by several resources, so a date, an e-mail, a piece of text, a country or
// a VAT identifier is validated (and normalised) one way everywhere.
import { z } from "@hono/zod-openapi";
import { now, utcDate } from "./clock";
import { isCountryCode } from "./countries";
import { ACCEPTED_EAS_SCHEMES } from "./eas";
import { parseIban } from "./iban";
import { ICD_CODES } from "./icd";
import { isUnicodeLineSeparator, plainLineBreaks } from "./line-breaks";
import { parseVatId } from "./vat";

export const MIN_DATE = "1900-01-01";
export const MAX_DATE = "2999-12-31";

/** A real calendar date within 1900-01-01..2999-12-31: 2026-02-30 and 0000-01-01 are refused. */
export const DateSchema = z.iso
  .date({ error: "Must be a calendar date in the form YYYY-MM-DD" })
  .refine((date) => date >= MIN_DATE && date <= MAX_DATE, {
    message: `Must be between ${MIN_DATE} and ${MAX_DATE}`,
  })
  .openapi({ example: "2026-12-31" });

// ---- Business dates ----
// The dates an invoice, quote or payment states (due, delivery, service period, expiry, start of
// a schedule, a payment's receipt) are bounded to a window in which a real business date can
// fall: from 2000-01-01 to today + 10 years, "today" by the organization's clock (a test clock
// moves the window with it). A payment cannot be received more than a day from now.

export const BUSINESS_DATE_MIN = "2000-01-01";
export const BUSINESS_DATE_YEARS_AHEAD = 10;

/** The last business date accepted today: today + 10 years, as YYYY-MM-DD (compared as text). */
export function businessDateMax(today: string = utcDate(now())): string {
  return `${String(Number(today.slice(0, 4)) + BUSINESS_DATE_YEARS_AHEAD).padStart(4, "0")}${today.slice(4)}`;
}

/** A calendar date within 2000-01-01..today + 10 years. */
export const BusinessDateSchema = DateSchema.superRefine((date, ctx) => {
  const max = businessDateMax();
  if (date < BUSINESS_DATE_MIN || date > max) {
    ctx.addIssue({ code: "custom", input: date, message: `Must be between ${BUSINESS_DATE_MIN} and ${max}` });
  }
}).openapi({
  example: "2026-12-31",
  description: `A calendar date within ${BUSINESS_DATE_MIN} and ${BUSINESS_DATE_YEARS_AHEAD} years from today`,
});

/** How far ahead of now a payment may be dated (clocks differ, time zones run ahead of UTC). */
const RECEIVED_AHEAD_MS = 86_400_000;

/** The last date (YYYY-MM-DD, UTC) a payment may be received on: tomorrow by the clock. */
export function latestReceivedDate(): string {
  return utcDate(new Date(now().getTime() + RECEIVED_AHEAD_MS));
}

/**
 * Why a payment cannot have been received at `at` (milliseconds since the epoch), or undefined
 * when it can: at or after 2000-01-01 and at most a day from now. A payment stated in a request
 * and one a payment provider's event reports are held to this one rule.
 */
export function receivedAtOutOfBounds(at: number): string | undefined {
  const latest = now().getTime() + RECEIVED_AHEAD_MS;
  if (at >= Date.parse(`${BUSINESS_DATE_MIN}T00:00:00Z`) && at <= latest) return undefined;
  return `Must be between ${BUSINESS_DATE_MIN} and one day from now (${new Date(latest).toISOString()})`;
}

/**
 * A real calendar date (that day's start, UTC) or an ISO 8601 timestamp with offset: 2026-02-30,
 * 24:00, a timestamp without offset and anything Date.parse would guess at are refused.
 */
export const DateOrTimestampSchema = z.union(
  [DateSchema, z.iso.datetime({ offset: true, error: "Must be an ISO 8601 date or timestamp" })],
  { error: "Must be a calendar date (YYYY-MM-DD) or an ISO 8601 timestamp with offset" },
);

/** The instant a DateOrTimestampSchema value names, in milliseconds since the epoch. */
export const instantOf = (value: string) => Date.parse(value.length === 10 ? `${value}T00:00:00Z` : value);

/**
 * When a payment was received: a date (midnight UTC) or an ISO 8601 timestamp with offset, at or
 * after 2000-01-01 and at most a day from now.
 */
export const ReceivedAtSchema = DateOrTimestampSchema.superRefine((value, ctx) => {
  const outOfBounds = receivedAtOutOfBounds(instantOf(value));
  if (outOfBounds) ctx.addIssue({ code: "custom", input: value, message: outOfBounds });
}).openapi({ example: "2026-11-20T10:00:00Z" });

// ---- Text ----
// Text ends up in e-mails (plain text and HTML), logs and PDFs: a name with "\r\nBcc: x" would
// forge a line of its own, U+202E reverses what a reader sees, a lone surrogate is not valid
// UTF-8 and breaks whatever encodes it. So every text field refuses C0 controls, DEL and C1
// controls, bidirectional embeddings, overrides and isolates, and unpaired surrogates;
// multi-line fields (notes, descriptions) still take tab, LF and CR. U+2028 and U+2029 break lines
// in mail clients and PDF viewers: single-line fields refuse them, multi-line ones store them as LF.

const hex = (code: number) => `U+${code.toString(16).toUpperCase().padStart(4, "0")}`;

/** Why `text` may not be stored, or undefined when it may. */
export function unsafeCharacter(text: string, { multiLine }: { multiLine: boolean }): string | undefined {
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code <= 0x1f || (code >= 0x7f && code <= 0x9f)) {
      if (multiLine && (code === 0x09 || code === 0x0a || code === 0x0d)) continue;
      return `control character ${hex(code)}`;
    }
    if (!multiLine && isUnicodeLineSeparator(code)) return `line break ${hex(code)}`;
    if ((code >= 0x202a && code <= 0x202e) || (code >= 0x2066 && code <= 0x2069)) {
      return `bidirectional control character ${hex(code)}`;
    }
    // Noncharacters that XML 1.0 forbids: an e-invoice with one would not be well-formed.
    if (code === 0xfffe || code === 0xffff) return `noncharacter ${hex(code)}`;
    if (code >= 0xd800 && code <= 0xdbff) {
      const next = text.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) {
        i++;
        continue;
      }
      return `unpaired surrogate ${hex(code)}`;
    }
    if (code >= 0xdc00 && code <= 0xdfff) return `unpaired surrogate ${hex(code)}`;
  }
  return undefined;
}

/** A zod check refusing the characters above; `label` words the message as projects do. */
export function safeCharacters({ multiLine, label }: { multiLine: boolean; label?: string }) {
  return (text: string, ctx: z.RefinementCtx) => {
    const what = unsafeCharacter(text, { multiLine });
    if (what === undefined) return;
    ctx.addIssue({
      code: "custom",
      input: text,
      message: label ? `${label} must not contain ${what}` : `Must not contain ${what}`,
    });
  };
}

export interface TextOptions {
  /** Fewest characters (after trimming, where the field trims). */
  min?: number;
  max: number;
  /** Names the field in messages ("Name is required", "Name must be at most 200 characters"). */
  label?: string;
}

function boundedString(
  { min, max, label }: Required<Pick<TextOptions, "min" | "max">> & TextOptions,
  trim: boolean,
  normalize?: (text: string) => string,
) {
  let schema = label
    ? z.string({
        error: (issue) => (issue.input === undefined ? `${label} is required` : `${label} must be a string`),
      })
    : z.string();
  if (normalize) schema = schema.overwrite(normalize);
  if (trim) schema = schema.trim();
  if (min > 0) schema = schema.min(min, label ? `${label} is required` : "Must not be empty");
  return schema.max(max, label ? `${label} must be at most ${max} characters` : undefined);
}

/** A name, title, label: trimmed, one line, 1..max characters unless `min` says otherwise. */
export function SingleLineText(options: TextOptions) {
  return boundedString({ min: 1, ...options }, true).superRefine(
    safeCharacters({ multiLine: false, label: options.label }),
  );
}

/**
 * Notes and descriptions: tab, LF and CR allowed, U+2028/U+2029 stored as LF; 0..max characters,
 * untrimmed unless asked.
 */
export function MultiLineText(options: TextOptions & { trim?: boolean }) {
  return boundedString({ min: 0, ...options }, options.trim ?? false, plainLineBreaks).superRefine(
    safeCharacters({ multiLine: true, label: options.label }),
  );
}

/** An e-mail address: the pattern admits no control character, and this says so in one place. */
export const EmailSchema = z
  .email({ message: "Must be a valid e-mail address" })
  .max(254)
  .superRefine(safeCharacters({ multiLine: false }))
  .openapi({ example: "ada@example.com" });

/** Trimmed single-line text of 1..max characters. */
export const TextSchema = (max: number) => SingleLineText({ max });

export const CountrySchema = z
  .string()
  .transform((code) => code.toUpperCase())
  .refine(isCountryCode, { message: "Must be an ISO 3166-1 alpha-2 country code, e.g. DE" })
  .openapi({ example: "DE", description: "ISO 3166-1 alpha-2 (stored upper case)" });

/** A parser of src/lib as a zod string schema: its value when ok, its message as the issue. */
const parsedString = (
  parse: (input: string) => { ok: true; value: string } | { ok: false; message: string },
) =>
  z
    .string()
    .max(100)
    .transform((input, ctx) => {
      const result = parse(input);
      if (result.ok) return result.value;
      ctx.addIssue({ code: "custom", message: result.message });
      return z.NEVER;
    });

export const VatIdSchema = parsedString(parseVatId).openapi({
  example: "DE123456789",
  description:
    "VAT identifier with its country prefix (EL for Greece, XI for Northern Ireland), checked for the " +
    "country's shape; stored upper case without spaces, dots or hyphens (Swiss: CHE-123.456.789 MWST)",
});

export const IbanSchema = parsedString(parseIban).openapi({
  example: "DE89370400440532013000",
  description: "IBAN (length and mod-97 check digits verified); stored upper case without spaces",
});

export const BicSchema = z
  .string()
  .transform((bic) => bic.replace(/\s+/g, "").toUpperCase())
  .refine((bic) => /^[A-Z]{4}[A-Z]{2}[A-Z0-9]{2}([A-Z0-9]{3})?$/.test(bic), {
    message: "Must be a BIC of 8 or 11 characters, e.g. COBADEFFXXX",
  })
  .openapi({ example: "COBADEFFXXX" });

/** An electronic address (EN 16931 BT-34/BT-49): an EAS scheme code and the identifier in it. */
export const ElectronicAddressSchema = z
  .strictObject({
    scheme: z
      .string()
      .transform((scheme) => scheme.trim().toUpperCase())
      .refine((scheme) => ACCEPTED_EAS_SCHEMES.has(scheme), {
        message: "Must be a code of the EAS code list, e.g. 0088 (GLN), 0204 (Leitweg-ID), 9930 (DE VAT), EM",
      })
      .openapi({ example: "0204" }),
    id: TextSchema(100).openapi({ example: "04011000-12345-67" }),
  })
  .openapi({ description: "EAS scheme code and the identifier in that scheme" });

/** An ISO 6523 ICD scheme (BT-29-1, BT-30-1, BT-46-1, BT-47-1, BT-60-1, BT-61-1): src/lib/icd.ts. */
export const IcdSchemeSchema = z
  .string()
  .transform((scheme) => scheme.trim())
  .refine((scheme) => ICD_CODES.has(scheme), {
    message: "Must be an ISO 6523 ICD code (0002 to 0248), e.g. 0088 (GLN), 0106 (KVK), 0184 (CVR)",
  })
  .openapi({ example: "0088" });

/**
 * A party identifier (seller BT-29, buyer BT-46, payee BT-60): the identifier and, optionally, the
 * ISO 6523 ICD scheme it is issued in (without one, the e-invoice states the identifier alone).
 */
export const PartyIdentifierSchema = z
  .strictObject({
    scheme: IcdSchemeSchema.nullable().optional(),
    id: TextSchema(100).openapi({ example: "4000001123452" }),
  })
  .transform(({ scheme, id }) => ({ scheme: scheme ?? null, id }))
  .openapi({ description: "An identifier and its ISO 6523 ICD scheme (null: none stated)" });

/** The further identifiers a party may state after its first (the seller's BT-29 is 0..n). */
export const MAX_ADDITIONAL_IDENTIFIERS = 5;

/**
 * A party's further identifiers, after its first (the organization's
 * `additional_seller_identifiers`, a customer's `additional_identifiers`): each as the first is
 * taken, at most MAX_ADDITIONAL_IDENTIFIERS.
 */
export const AdditionalIdentifiersSchema = z.array(PartyIdentifierSchema).max(MAX_ADDITIONAL_IDENTIFIERS);

/** A party's tax number (BT-32, e.g. a German Steuernummer): the organization's, a customer's. */
export const TaxRegistrationIdSchema = TextSchema(100);

/** How a party identifier is answered (null when unset). */
export const PartyIdentifierResponseSchema = z
  .object({ scheme: z.string().nullable(), id: z.string() })
  .nullable()
  .openapi("PartyIdentifier");

/** How further identifiers are answered ([] when none). */
export const AdditionalIdentifiersResponseSchema = z.array(
  z.object({ scheme: z.string().nullable(), id: z.string() }),
);

/** How an electronic address is answered (null when unset). */
export const ElectronicAddressResponseSchema = z
  .object({ scheme: z.string(), id: z.string() })
  .nullable()
  .openapi("ElectronicAddress");

/** Payment reminders relative to an invoice's due date (organization and customer setting). */
export const ReminderStepSchema = z
  .strictObject({
    offset_days: z
      .number()
      .int({ message: "Must be a whole number of days" })
      .min(-60)
      .max(365)
      .openapi({ description: "Days after the due date (negative: before it)", example: 7 }),
    template: MultiLineText({ max: 2000 }).nullable().optional().openapi({
      description: "A paragraph the reminder e-mail starts with (default: the standard reminder text)",
    }),
  })
  .openapi("ReminderStep");

export const ReminderScheduleSchema = z
  .array(ReminderStepSchema)
  .max(10)
  .superRefine((steps, ctx) => {
    const seen = new Set<number>();
    steps.forEach((step, index) => {
      if (seen.has(step.offset_days)) {
        ctx.addIssue({ code: "custom", path: [index, "offset_days"], message: "Each offset_days once" });
      }
      seen.add(step.offset_days);
    });
  })
  .openapi({ description: "At most 10 steps, offsets -60..365, each once" });

export const ReminderScheduleResponseSchema = z.array(
  z.object({ offset_days: z.number(), template: z.string().nullable() }),
);
