/** Lints an OpenAPI document (parsed JSON) with Redocly's CLI and redocly.yaml (scripts/redocly-lint.mjs). */
export function lintOpenApi(document: unknown): { status: number; output: string };
