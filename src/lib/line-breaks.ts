// U+2028 LINE SEPARATOR and U+2029 PARAGRAPH SEPARATOR are line breaks to every reader that
// knows Unicode (mail clients, PDF viewers, JavaScript): text treats them as LF, one way everywhere.

const SEPARATORS = /[\u2028\u2029]/g;

/** Whether `code` (a UTF-16 code unit) is U+2028 or U+2029. */
export const isUnicodeLineSeparator = (code: number) => code === 0x2028 || code === 0x2029;

/** The text with U+2028 and U+2029 written as LF. */
export function plainLineBreaks(text: string): string {
  return text.replace(SEPARATORS, "\n");
}
