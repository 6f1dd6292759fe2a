import type { AnyOperation } from "@svc/compliance";
import type { Discovery } from "@svc/payments";
import { requestSchemaOf } from "../listing/request-schema.js";
import { challengeSchema, compactExample } from "./compact-discovery.js";

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/**
 * What the 402 of an operation's route tells the bazaar: how the input is sent (query for a GET,
 * JSON body for a POST), the example input, the compacted input schema (or where the full one is)
 * and a pruned example answer.
 */
export function bazaarDiscoveryOf(op: AnyOperation): Discovery {
  const input = isRecord(op.inputExample) ? op.inputExample : undefined;
  return {
    kind: op.method === "GET" ? "http-query" : "http-body",
    ...(input === undefined ? {} : { input }),
    inputSchema: challengeSchema(
      requestSchemaOf(op),
      `GET ${op.path}?format=json and /openapi.json`,
    ),
    output: { example: compactExample(op.outputExample) },
  };
}
