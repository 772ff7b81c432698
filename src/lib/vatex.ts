// VAT exemption reason codes (BT-121). VATEX_CODES is the CEF VATEX code list as EN 16931 checks
// it (BR-CL-22, validation artefacts 1.3.16); PEPPOL_VATEX_CATEGORY the category Peppol BIS 3.0
// binds some of them to (PEPPOL-EN16931-P0104..P0111): a K rate stating VATEX-EU-G has no UBL.
import type { TaxCategory } from "../db/schema/tax-rates";

const EU =
  "132 132-1A 132-1B 132-1C 132-1D 132-1E 132-1F 132-1G 132-1H 132-1I 132-1J 132-1K 132-1L 132-1M " +
  "132-1N 132-1O 132-1P 132-1Q 135-1 143 143-1A 143-1B 143-1C 143-1D 143-1E 143-1F 143-1FA 143-1G " +
  "143-1H 143-1I 143-1J 143-1K 143-1L 144 146-1E 148 148-A 148-B 148-C 148-D 148-E 148-F 148-G 151 " +
  "151-1A 151-1AA 151-1B 151-1C 151-1D 151-1E 153 159 309 79-C AE D F G I IC J O";

const FR =
  "298SEXDECIESA AE CGI261-1 CGI261-2 CGI261-3 CGI261-4 CGI261-5 CGI261-7 CGI261-8 CGI261A CGI261B " +
  "CGI261C-1 CGI261C-2 CGI261C-3 CGI261D-1 CGI261D-1BIS CGI261D-2 CGI261D-3 CGI261D-4 CGI261E-1 " +
  "CGI261E-2 CGI275 CGI277A CGI295 CNWVAT FRANCHISE";

export const VATEX_CODES: ReadonlySet<string> = new Set([
  ...EU.split(" ").map((code) => `VATEX-EU-${code}`),
  ...FR.split(" ").map((code) => `VATEX-FR-${code}`),
]);

export const PEPPOL_VATEX_CATEGORY: Readonly<Record<string, TaxCategory>> = {
  "VATEX-EU-G": "G",
  "VATEX-EU-O": "O",
  "VATEX-EU-IC": "K",
  "VATEX-EU-AE": "AE",
  "VATEX-EU-D": "E",
  "VATEX-EU-F": "E",
  "VATEX-EU-I": "E",
  "VATEX-EU-J": "E",
};
