// Schemas of /v1/einvoice-networks/peppol (the connection) and /v1/peppol/participants/{participant}.
import { z } from "@hono/zod-openapi";
import { NETWORK_PROVIDERS } from "../../db/schema/networks";
import { MAX_PARTICIPANT_ID_LENGTH } from "../../services/einvoice-networks/participants";

/** Printable ASCII without spaces: what a Basic auth credential and a provider's id are made of. */
const PRINTABLE = /^[\x21-\x7e]+$/;

export const PeppolConnectionInputSchema = z
  .strictObject({
    provider: z.enum(NETWORK_PROVIDERS).openapi({ description: "The access point provider: `recommand`" }),
    api_key_id: z
      .string()
      .min(1)
      .max(256)
      .regex(PRINTABLE, "Printable characters without spaces")
      .refine((id) => !id.includes(":"), "An API key id has no colon")
      .openapi({ description: "The provider's API key id. Stored sealed, never answered." }),
    api_secret: z
      .string()
      .min(1)
      .max(512)
      .regex(PRINTABLE, "Printable characters without spaces")
      .openapi({ description: "The provider's API secret. Stored sealed, never answered." }),
    company_id: z
      .string()
      .min(1)
      .max(128)
      .regex(PRINTABLE, "Printable characters without spaces")
      .optional()
      .openapi({
        description:
          "The organization's company at the provider, when it is registered there already (checked with the " +
          "key). Without it, the connected company when the key sees it, else the organization is registered " +
          "from its billing profile.",
      }),
  })
  .openapi("PeppolConnectionInput");

export const PeppolConnectionSchema = z
  .object({
    provider: z.enum(NETWORK_PROVIDERS),
    connected: z.boolean(),
    company_id: z.string().nullable().openapi({ description: "The organization's company at the provider" }),
    participant_id: z.string().nullable().openapi({
      description:
        "The organization's own Peppol participant id (`scheme:id`), as the provider registered it",
      example: "0208:0403170701",
    }),
    webhook_url: z
      .string()
      .nullable()
      .openapi({
        description:
          "Where the provider calls when a document arrives (registered by PUT): POST " +
          "/hooks/peppol/{organization_id}?token=..., the token a secret of the connection",
      }),
    last_inbox_sync_at: z.string().nullable().openapi({
      description: "When the provider's inbox was last read for documents a webhook missed",
    }),
    created_at: z.string().nullable(),
    updated_at: z.string().nullable(),
  })
  .openapi("PeppolConnection");

export const ParticipantParam = z.object({
  participant: z
    .string()
    .min(1)
    .max(MAX_PARTICIPANT_ID_LENGTH + 16)
    .openapi({
      param: { name: "participant", in: "path" },
      description: "`scheme:id`, the scheme an EAS code (the colon may be sent as %3A)",
      example: "0208:0403170701",
    }),
});

export const PeppolParticipantSchema = z
  .object({
    participant_id: z.string().openapi({ example: "0208:0403170701" }),
    registered: z.boolean().openapi({ description: "Whether the participant can receive over Peppol" }),
    document_types: z.array(z.string()).openapi({
      description: "The document type identifiers it receives (its SMP's), empty when not registered",
    }),
    checked_at: z.string().openapi({ description: "When the provider was asked" }),
    cached: z.boolean().openapi({ description: "Whether the answer is the kept one (see the description)" }),
  })
  .openapi("PeppolParticipant");
