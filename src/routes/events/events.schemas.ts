// Query and response schemas of the events API.
import { z } from "@hono/zod-openapi";
import { MAX_PAGE_SIZE } from "../../lib/pagination";
import { decodeEventCursor } from "../../services/event-log";
import { EVENT_TYPES } from "../../services/events";

/** An ISO 8601 timestamp with `Z` or an offset, or a date (midnight UTC), as stored: UTC with milliseconds. */
const TimestampParam = (name: string, description: string) =>
  z
    .union([z.iso.datetime({ offset: true }), z.iso.date()], {
      message: "Must be an ISO 8601 timestamp or date",
    })
    .transform((text) => new Date(text.length === 10 ? `${text}T00:00:00Z` : text).toISOString())
    .optional()
    .openapi({ param: { name, in: "query" }, description, example: "2026-11-01T00:00:00Z" });

export const EventQuerySchema = z.object({
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .max(MAX_PAGE_SIZE)
    .default(20)
    .openapi({ param: { name: "limit", in: "query" }, example: 20 }),
  cursor: z
    .string()
    .max(200)
    .transform((text, ctx) => {
      const cursor = decodeEventCursor(text);
      if (!cursor) {
        ctx.addIssue({ code: "custom", message: "Not a cursor this API issued (use meta.next_cursor)" });
        return z.NEVER;
      }
      return cursor;
    })
    .optional()
    .openapi({
      param: { name: "cursor", in: "query" },
      description: "meta.next_cursor of the previous page",
    }),
  type: z
    .enum(EVENT_TYPES)
    .optional()
    .openapi({ param: { name: "type", in: "query" }, example: "invoice.paid" }),
  created_gte: TimestampParam("created_gte", "Events created at or after this instant"),
  created_lt: TimestampParam("created_lt", "Events created before this instant"),
  object_id: z
    .string()
    .min(1)
    .max(64)
    .optional()
    .openapi({
      param: { name: "object_id", in: "query" },
      description: "Events whose data.object has this id",
    }),
});

export const EventSchema = z
  .object({
    id: z.string().openapi({ example: "evt_0123456789abcdefghijklmn" }),
    type: z.enum(EVENT_TYPES),
    created_at: z.string(),
    data: z.object({
      object: z.record(z.string(), z.unknown()).openapi({ description: "The object as the event saw it" }),
    }),
  })
  .openapi("Event");

export const EventListSchema = z
  .object({
    data: z.array(EventSchema),
    meta: z.object({
      limit: z.number().int(),
      next_cursor: z
        .string()
        .nullable()
        .openapi({ description: "Pass as cursor for the next page; null on the last" }),
    }),
  })
  .openapi("EventList");

export const EventParams = z.object({
  id: z
    .string()
    .min(1)
    .max(64)
    .openapi({ param: { name: "id", in: "path" }, description: "Event id" }),
});
