// Types of generate.mjs, for test/node/client-drift.test.ts (checked by the root tsc).
export interface OpenApiDocument {
  openapi: string;
  paths: Record<string, unknown>;
  components?: { schemas?: Record<string, unknown>; [key: string]: unknown };
  [key: string]: unknown;
}
export const ROOT: string;
export const SCHEMA_PATH: string;
export function openApiDocument(baseUrl?: string): Promise<OpenApiDocument>;
export function generateSchema(document: OpenApiDocument): Promise<string>;
export function committedSchema(): string;
