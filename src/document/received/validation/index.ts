// The validation of a received e-invoice: the EN 16931 business rules, plus the rules of the CIUS
// the document declares by BT-24 (Peppol BIS Billing 3.0, XRechnung 3.0), each broken rule named
// by its official id. A pure function of the received document's EN 16931 view; it compares the
// amounts the document states with each other and never replaces them. docs/einvoicing.md,
// "Received documents: validation", says which rules run and which the view cannot check.
import type { ReceivedEInvoice } from "../types";
import { en16931Rules } from "./en16931";
import { peppolRules, XRECHNUNG_PEPPOL_RULES } from "./peppol";
import type { Fail, RuleFinding } from "./rules";
import { xrechnungRules } from "./xrechnung";

export { XRECHNUNG_PEPPOL_RULES } from "./peppol";
export type { RuleFinding } from "./rules";

/** The rule set a received document declares and is held to. */
export type ReceivedProfile = "en16931" | "peppol" | "xrechnung";

export interface ReceivedValidation {
  valid: boolean;
  profile: ReceivedProfile;
  errors: RuleFinding[];
  warnings: RuleFinding[];
}

const XRECHNUNG = /urn:xeinkauf\.de:kosit:xrechnung|urn:xoev-de:kosit:standard:xrechnung/;
const PEPPOL = /urn:fdc:peppol\.eu:2017:poacc:billing:3\.0/;

/** The profile a document declares (BT-24, else BT-23): XRechnung, Peppol BIS 3.0, else EN 16931. */
export function declaredProfile(ids: {
  customizationId: string | null;
  profileId: string | null;
}): ReceivedProfile {
  const declared = `${ids.customizationId ?? ""} ${ids.profileId ?? ""}`;
  if (XRECHNUNG.test(declared)) return "xrechnung";
  if (PEPPOL.test(declared)) return "peppol";
  return "en16931";
}

/** A list of findings that keeps the first message of each rule. */
function findings(): { list: RuleFinding[]; add: Fail } {
  const list: RuleFinding[] = [];
  const seen = new Set<string>();
  return {
    list,
    add: (rule, message) => {
      if (seen.has(rule)) return;
      seen.add(rule);
      list.push({ rule, message });
    },
  };
}

export function validateReceived(received: ReceivedEInvoice): ReceivedValidation {
  const doc = received.document;
  const profile = declaredProfile(doc);
  const errors = findings();
  const warnings = findings();
  en16931Rules(received, errors.add);
  if (profile === "peppol") peppolRules(doc, received.syntax, errors.add);
  if (profile === "xrechnung") {
    peppolRules(doc, received.syntax, (rule, message) => {
      if (XRECHNUNG_PEPPOL_RULES.has(rule)) errors.add(rule, message);
    });
    xrechnungRules(doc, errors.add, warnings.add);
  }
  return { valid: errors.list.length === 0, profile, errors: errors.list, warnings: warnings.list };
}
