// The shape every rule set of the received-document validation reports in.

/** A broken rule: its official id (BR-CO-15, PEPPOL-EN16931-R010, BR-DE-15) and what it says. */
export interface RuleFinding {
  rule: string;
  message: string;
}

/** Reports a broken rule; each rule id is reported once per document. */
export type Fail = (rule: string, message: string) => void;
