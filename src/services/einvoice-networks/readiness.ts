// What a draft's readiness learns from the network: a customer who chose Peppol whose electronic
// address the kept lookup says is not registered cannot receive it there. Only the kept answers
// are read (no provider call on a read); an organization without a Peppol connection sees nothing.
import type { Db } from "../../db/client";
import type { Customer } from "../../db/schema/customers";
import { keptUnregistered, participantIdOf } from "./participants";

type PeppolCustomer = Pick<
  Customer,
  "id" | "einvoiceProfile" | "electronicAddressScheme" | "electronicAddressId"
>;

/** The participant id (`scheme:id`) a customer who chose Peppol receives at; null otherwise. */
export function peppolRecipientOf(customer: PeppolCustomer): string | null {
  if (customer.einvoiceProfile !== "peppol") return null;
  const parsed = participantIdOf(customer.electronicAddressScheme, customer.electronicAddressId);
  return parsed?.ok ? parsed.participant.value : null;
}

/**
 * For each of `customers` a draft to whom the network would not carry: its readiness' `network`
 * entry (`customer.electronic_address`). One read when any chose Peppol, none else.
 */
export async function peppolUnreachable(
  db: Db,
  organizationId: string,
  customers: readonly PeppolCustomer[],
): Promise<Map<string, Record<string, string>>> {
  const recipients = new Map<string, string>();
  for (const customer of customers) {
    const recipient = peppolRecipientOf(customer);
    if (recipient) recipients.set(customer.id, recipient);
  }
  const unreachable = new Map<string, Record<string, string>>();
  if (recipients.size === 0) return unreachable;
  const unregistered = await keptUnregistered(db, organizationId, [...recipients.values()]);
  for (const [customerId, recipient] of recipients) {
    if (!unregistered.has(recipient)) continue;
    unreachable.set(customerId, {
      "customer.electronic_address": `${recipient} is not registered on Peppol: it cannot receive the invoice there`,
    });
  }
  return unreachable;
}
