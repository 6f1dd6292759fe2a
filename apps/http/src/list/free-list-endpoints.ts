import { ListStatusAnswerSchema } from "@svc/compliance";
import { jsonSchemaOf } from "@svc/report-model";
import type { FreeEndpoint } from "@svc/service-docs";
import { ChangesAnswerSchema, EditionsAnswerSchema } from "./list-answer-schemas.js";

/** A stored edition as a query names it: its SHA-256 (64 hex digits) or its date. */
export const EDITION_REF = /^(?:[0-9a-fA-F]{64}|\d{4}-\d{2}-\d{2})$/;

/**
 * The free endpoints that say which sanctions list screening runs on, defined once: the routes
 * (`mountList`), `/api`, OpenAPI and the landing page all read them from here. Each answers with
 * `ETag` = the SHA-256 of the edition(s) it describes, so a conditional GET costs a 304.
 */
export const FREE_LIST_ENDPOINTS = {
  status: {
    name: "list_status",
    path: "/api/list",
    title: "Sanctions list status",
    description:
      "Which edition screening runs on: status fresh, stale, sample (the embedded sample edition, NOT the OFAC list) or unavailable, with the sourceFreshness object every screening answer carries (datasetDate, datasetSha256, sourceUrl, sample, lastRefresh, lastSuccessfulCheckAt, ageHours, stale).",
    // The answer of the free MCP tool `list_status` (the same schema, the same answer).
    answer: {
      description: "The list status; its ETag names the edition it describes.",
      schema: jsonSchemaOf(ListStatusAnswerSchema),
    },
    example: "/api/list",
  },
  editions: {
    name: "list_editions",
    path: "/api/list/editions",
    title: "Stored editions",
    description:
      "The editions the service has stored (datasetDate, datasetSha256, addressCount, storedAt), newest first; the loaded one is always listed.",
    answer: {
      description: "The stored editions, newest first; the ETag names them.",
      schema: jsonSchemaOf(EditionsAnswerSchema),
    },
    example: "/api/list/editions",
  },
  changes: {
    name: "list_changes",
    path: "/api/list/changes",
    title: "Changes between editions",
    description:
      "The (asset, address) pairs added, removed, republished and changed (parties or programs) between two stored editions, each with its parties and their programs: the content `ofac-index diff` prints.",
    query: {
      from: {
        description: "A stored edition: its SHA-256 or its date (YYYY-MM-DD).",
        required: true,
        pattern: EDITION_REF.source,
      },
      to: {
        description: "A stored edition (SHA-256 or date); default: the loaded edition.",
        pattern: EDITION_REF.source,
      },
    },
    notFoundCode: "EDITION_NOT_FOUND",
    answer: {
      description: "What changed; the ETag names both editions.",
      schema: jsonSchemaOf(ChangesAnswerSchema),
    },
    example: "/api/list/changes?from=2025-03-04&to=2025-03-21",
  },
} as const satisfies Record<string, FreeEndpoint>;

export const FREE_ENDPOINTS: readonly FreeEndpoint[] = Object.values(FREE_LIST_ENDPOINTS);
