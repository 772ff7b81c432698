// Types of validate.mjs, for the TypeScript tests that import it.
export type Profile = "en16931" | "peppol" | "xrechnung";

export interface RuleFailure {
  id: string;
  location: string;
  text: string;
}

export interface EInvoiceValidation {
  syntax: "ubl" | "cii" | null;
  profile: Profile | null;
  valid: boolean;
  fatal: RuleFailure[];
  warnings: RuleFailure[];
  firedRules: number;
}

export const RULE_SETS: string[];
/** The Peppol BIS rule ids KoSIT merges into XRechnung, run for a document declaring XRechnung. */
export const XRECHNUNG_PEPPOL_RULES: Set<string>;
export function missingRuleSets(): string[];
export function detectSyntax(xml: string): "ubl" | "cii" | null;
export function declaredProfile(xml: string): Profile;
export function validateEInvoice(
  xml: string,
  options?: {
    profile?: Profile | "auto";
    saxon?: unknown;
    failFast?: boolean;
    /** The document is the same in every run: its verdict may be the recorded one (verdicts.json.gz). */
    recorded?: boolean;
  },
): Promise<EInvoiceValidation>;
export function rulesFingerprint(): string;
export function readRecordedVerdicts(): Map<string, EInvoiceValidation>;
export function verdictDigest(key: string): string;
