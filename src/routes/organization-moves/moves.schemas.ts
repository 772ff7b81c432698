// Request and response schemas of the operator's organization moves.
import { z } from "@hono/zod-openapi";
import { MOVE_PHASES } from "../../db/schema/moves";

export const StartMoveSchema = z
  .strictObject({
    database: z.string().min(1).max(64).openapi({
      description: "Binding name of the database to move to (one of TENANT_DATABASES)",
      example: "DB_2",
    }),
  })
  .openapi("StartOrganizationMove");

export const OrganizationMoveSchema = z
  .object({
    organization_id: z.string(),
    source: z.string(),
    target: z.string(),
    phase: z.enum(MOVE_PHASES),
    tables: z.array(
      z.object({
        name: z.string(),
        copied: z.number().int(),
        verified: z.number().int(),
        checksum: z
          .string()
          .nullable()
          .openapi({ description: "Sum of the verified rows' SHA-256 modulo 2^256, in hex" }),
        rechecked: z.number().int().openapi({ description: "Source rows checked again after the flip" }),
        deleted: z.number().int(),
      }),
    ),
    attempts: z
      .number()
      .int()
      .openapi({ description: "Copies started (a verification that differs copies again)" }),
    error: z
      .string()
      .nullable()
      .openapi({ description: "Why the last step stopped; the next step tries again" }),
    wait_until: z
      .string()
      .nullable()
      .openapi({ description: "While waiting or flipped: the next phase starts at this instant" }),
    started_at: z.string(),
    updated_at: z.string(),
    finished_at: z.string().nullable(),
  })
  .openapi("OrganizationMove");
