// Request and response schemas of organizations, users and API keys.
import { z } from "@hono/zod-openapi";
import { ROLES, TIERS } from "../../db/schema/identity";
import { CurrencySchema } from "../../lib/money";
import { OffsetMetaSchema } from "../../lib/pagination";
import { EmailSchema, SingleLineText } from "../../lib/schemas";

const NameSchema = SingleLineText({ max: 200 });

export const OrganizationSchema = z
  .object({
    id: z.uuid(),
    name: z.string(),
    tier: z.enum(TIERS),
    default_currency: z.string(),
    test_mode: z.boolean(),
    created_at: z.string(),
    updated_at: z.string(),
  })
  .openapi("Organization");

export const AdminOrganizationSchema = OrganizationSchema.extend({
  database: z
    .string()
    .openapi({ description: "The binding name of the D1 database that holds it", example: "DB_2" }),
  database_state: z
    .enum(["active", "moving"])
    .openapi({ description: "`moving`: a move to another database is under way; its writes wait" }),
}).openapi("AdminOrganization");

export const AdminOrganizationListSchema = z
  .object({ data: z.array(AdminOrganizationSchema), meta: OffsetMetaSchema })
  .openapi("AdminOrganizationList");

export const UserSchema = z
  .object({
    id: z.uuid(),
    organization_id: z.uuid(),
    email: z.string(),
    name: z.string().nullable(),
    role: z.enum(ROLES),
    created_at: z.string(),
    updated_at: z.string(),
  })
  .openapi("User");

export const CreateOrganizationSchema = z
  .strictObject({
    name: NameSchema,
    tier: z.enum(TIERS).default("starter"),
    default_currency: CurrencySchema.default("USD"),
    owner: z.strictObject({ email: EmailSchema, name: NameSchema.optional() }),
    test_mode: z
      .boolean()
      .default(false)
      .openapi({
        description:
          "A test organization: its clock moves only by POST /v1/test-clock/advance, its e-mails stay " +
          "in the outbox and its webhooks reach loopback hosts only. Fixed at creation.",
      }),
  })
  .openapi("CreateOrganization");

export const UpdateOrganizationSchema = z
  .strictObject({ name: NameSchema.optional(), tier: z.enum(TIERS).optional() })
  .openapi("UpdateOrganization");

export const CreateMemberSchema = z
  .strictObject({
    email: EmailSchema,
    name: NameSchema.optional(),
    role: z.enum(["admin", "member"]),
  })
  .openapi("CreateMember");

export const UpdateMemberSchema = z
  .strictObject({
    role: z.enum(ROLES).openapi({ description: "Only an owner may make an owner" }),
  })
  .openapi("UpdateMember");

export const ApiKeyCreatedSchema = z
  .object({
    id: z.uuid(),
    key: z.string().openapi({ description: "The plain key. Shown once; store it now." }),
    prefix: z.string(),
    name: z.string().nullable(),
    created_at: z.string(),
  })
  .openapi("ApiKeyCreated");

export const ApiKeySchema = z
  .object({
    id: z.uuid(),
    user_id: z.uuid(),
    name: z.string().nullable(),
    prefix: z.string(),
    created_at: z.string(),
    last_used_at: z.string().nullable(),
    revoked_at: z.string().nullable(),
  })
  .openapi("ApiKey");

export const BootstrapResultSchema = z
  .object({
    organization: OrganizationSchema,
    user: UserSchema,
    api_key: z.string().openapi({ description: "The owner's plain API key, shown once" }),
  })
  .openapi("BootstrapResult");

export const MemberCreatedSchema = z
  .object({
    user: UserSchema,
    api_key: z.string().openapi({ description: "The member's plain API key, shown once" }),
  })
  .openapi("MemberCreated");

export const TokenSchema = z
  .object({ token: z.string(), token_type: z.literal("Bearer"), expires_at: z.string() })
  .openapi("Token");

export const MeSchema = z.object({ user: UserSchema, organization: OrganizationSchema }).openapi("Me");

export const UserListSchema = z.object({ data: z.array(UserSchema), meta: OffsetMetaSchema });
export const ApiKeyListSchema = z.object({ data: z.array(ApiKeySchema), meta: OffsetMetaSchema });
export const CreateApiKeySchema = z
  .strictObject({ name: SingleLineText({ max: 100 }).optional() })
  .openapi("CreateApiKey");
