// Field schemas shared by several resources, so a date or an e-mail is validated one way everywhere.
import { z } from "@hono/zod-openapi";

/** A real calendar date: 2026-02-30 is refused. */
export const DateSchema = z.iso
  .date({ error: "Must be a calendar date in the form YYYY-MM-DD" })
  .openapi({ example: "2026-12-31" });

export const EmailSchema = z
  .email({ message: "Must be a valid e-mail address" })
  .max(254)
  .openapi({ example: "ada@example.com" });
