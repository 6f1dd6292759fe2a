import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import type { JsonSchemaType } from "@modelcontextprotocol/server";
import { AjvJsonSchemaValidator } from "@modelcontextprotocol/server/validators/ajv";

// The MCP registry's server.json schema, revision 2025-12-11, kept here so the test runs offline.
// Published at https://static.modelcontextprotocol.io/schemas/2025-12-11/server.schema.json (its
// `$id`). Copied on 2026-11-23 from the registry's own validator copy: modelcontextprotocol/registry,
// internal/validators/schemas/2025-12-11.json at commit e361b5ff5a925b36a38eda0544bca8230a84558b
// (22,193 bytes, sha256 d4c163f299ece68b7432f4e44c4108f2fdb663d99dc088c8344142e5b0a4b520), then
// laid out by the repository's formatter; not one member changed. A newer revision is a deliberate
// change: replace the file and SCHEMA_CONTENT_SHA256 together.

/** sha256 of `JSON.stringify` of the parsed schema: any edit of a member changes it. */
export const SCHEMA_CONTENT_SHA256 =
  "d13c9f2cf70c4006a272fbdcc4dd6d1fcddb492e04af97d9dabc9e073074a0f2";

/** The vendored schema, parsed. */
export const registrySchema = (): JsonSchemaType =>
  JSON.parse(readFileSync(new URL("./server.schema.2025-12-11.json", import.meta.url), "utf8"));

/** sha256 of the schema's members (layout aside). */
export const schemaContentSha256 = (): string =>
  createHash("sha256").update(JSON.stringify(registrySchema())).digest("hex");

/**
 * Validates a document against the registry schema with the SDK's own validator (Ajv, draft-07,
 * formats checked): `undefined` when valid, else Ajv's message (each failing path).
 */
export function registrySchemaErrors(document: unknown): string | undefined {
  const validate = new AjvJsonSchemaValidator().getValidator(registrySchema());
  const result = validate(document);
  return result.valid ? undefined : result.errorMessage;
}
