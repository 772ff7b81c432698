// Every word an output of a document prints (the PDF, the hosted page, the e-mails), one file per
// locale (./en.ts, ./de.ts, ...), each typed by ./types.ts so that every locale has every word, so
// a document says the same thing in the same words wherever it is read. The legal statements and
// the words for the tax ("VAT", "USt.", "Sales tax", by seller country and language) live in
// src/lib/vat-statements.ts.

import { taxWords } from "../../lib/vat-statements";
import type { Locale } from "../types";
import { de } from "./de";
import { en } from "./en";
import { es } from "./es";
import { fr } from "./fr";
import { it } from "./it";
import { nl } from "./nl";
import { pl } from "./pl";
import type { Labels, LocaleLabels } from "./types";

export type { EmailWords, Labels } from "./types";

const LABELS: Record<Locale, LocaleLabels> = { en, de, fr, es, it, nl, pl };

/** The labels of one document: its language's, with the tax words of its seller's country. */
export function documentLabels(locale: Locale, sellerCountry: string | null | undefined): Labels {
  const words = taxWords(sellerCountry, locale);
  return {
    ...LABELS[locale],
    vat: words.tax,
    taxExclusiveTotal: words.taxExclusiveTotal,
    vatBreakdown: words.breakdown,
    taxAmount: words.taxAmount,
    taxTotal: words.taxTotal,
  };
}
