// The port every access point provider implements (docs/peppol.md, "A second provider"): register
// the organization, look a participant up, send a UBL, read what was received. Invoices, credit
// notes and bills read only these types, so Storecove or e-invoice.be is one more adapter beside
// recommand.ts, with nothing changed in them. Every method throws NetworkProviderError for what
// the provider answers but success, and lets a fetch failure (the network) through as it is.
import type { DeliveredDocumentType, NetworkProviderName } from "../../db/schema/networks";

/** The organization as the provider registers it: its billing profile, the register's words. */
export interface CompanyRegistration {
  name: string;
  /** Street and number, one line. */
  address: string;
  postalCode: string;
  city: string;
  /** ISO 3166-1 alpha-2. */
  country: string;
  vatNumber: string | null;
  /** The company id's ICD scheme (`0208`) and value, when the profile states them. */
  enterpriseNumberScheme: string | null;
  enterpriseNumber: string | null;
  email: string | null;
  phone: string | null;
}

export interface RegisteredCompany {
  companyId: string;
  /** The participant id the organization receives at (`0208:0123456789`); null when unknown. */
  participantId: string | null;
}

export interface ParticipantLookup {
  registered: boolean;
  /** The document type identifiers it receives (the SMP's), empty when not registered. */
  documentTypes: string[];
}

/** A UBL to send: the bytes exactly as served, to `recipient` (`scheme:id`). */
export interface OutgoingDocument {
  companyId: string;
  recipient: string;
  xml: string;
}

export interface SentDocument {
  providerDocumentId: string;
  /** The SBDH instance identifier: what the recipient's Message Level Response refers to. */
  envelopeId: string | null;
}

/** A document of the organization's the provider holds, as its list answers it. */
export interface ProviderDocumentSummary {
  providerDocumentId: string;
  envelopeId: string | null;
  /** The document's number (BT-1), when the provider states it. */
  documentNumber: string | null;
  /** Invoice or credit note, as the provider parsed it; null for any other document. */
  documentType: DeliveredDocumentType | null;
  recipient: string | null;
}

/** A received document the provider has not been told is read. */
export interface InboxEntry {
  providerDocumentId: string;
}

export interface NetworkProvider {
  readonly name: NetworkProviderName;
  /** Checks the credentials and that `companyId` is theirs. */
  company(companyId: string): Promise<RegisteredCompany>;
  registerCompany(profile: CompanyRegistration): Promise<RegisteredCompany>;
  /** Registers `url` to be called when a document arrives for the company; the webhook's id. */
  registerWebhook(companyId: string, url: string): Promise<string>;
  deleteWebhook(webhookId: string): Promise<void>;
  lookup(participantId: string): Promise<ParticipantLookup>;
  send(document: OutgoingDocument): Promise<SentDocument>;
  /**
   * The company's outgoing documents with this number (created from `since` on, inclusive, when
   * given): what an ambiguous attempt may have sent.
   */
  findSent(
    companyId: string,
    documentNumber: string,
    options?: { since?: string },
  ): Promise<ProviderDocumentSummary[]>;
  /** The received document's XML, byte for byte as the provider holds it. */
  fetchDocument(providerDocumentId: string): Promise<Uint8Array<ArrayBuffer>>;
  markAsRead(providerDocumentId: string): Promise<void>;
  inbox(companyId: string): Promise<InboxEntry[]>;
}

/**
 * What the provider answered instead of success. `kind` is what the service does with it:
 * `refused` (its validation: final, `rules` named), `unreachable` (no such recipient: final),
 * `unauthorized` (the credentials: final until they change), `not_found`, `invalid` (it refused
 * the request's fields), `unavailable` (a 5xx, a 429: tried again).
 */
export type ProviderErrorKind =
  | "refused"
  | "unreachable"
  | "unauthorized"
  | "not_found"
  | "invalid"
  | "unavailable";

export class NetworkProviderError extends Error {
  constructor(
    readonly kind: ProviderErrorKind,
    readonly status: number,
    message: string,
    readonly rules: Array<{ rule: string; message: string }> = [],
    /** The provider's messages by the request field it refused (`city: ["Required"]`). */
    readonly fields: Readonly<Record<string, string[]>> = {},
  ) {
    super(message);
    this.name = "NetworkProviderError";
  }
}

/** Whether an attempt that threw `error` may have reached the provider with nothing known of it. */
export const isRetryable = (error: unknown) =>
  !(error instanceof NetworkProviderError) || error.kind === "unavailable";
