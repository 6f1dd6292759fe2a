import type { AnyOperation } from "@svc/compliance";
import type { Discovery } from "@svc/payments";
import { pathParamsOf } from "../listing/listing.js";
import { requestSchemaOf } from "../listing/request-schema.js";
import { challengeSchema, compactExample } from "./compact-discovery.js";

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/**
 * What the 402 of an operation's route tells the bazaar: how the input is sent (path parameters
 * and query for a GET, JSON body for a POST), the example input, the compacted input schema (or
 * where the full one is) and a pruned example answer.
 *
 * A GET route's path parameters are declared as such (`pathParams`, from the route's `:name`
 * segments), never as query parameters: with the route's template (its `routePattern`, which the
 * bazaar extension turns into `routeTemplate`) a directory lists the route once, under
 * `/api/ofac-wallet-screen/:address`, rather than once per screened address, and a crawler that
 * follows the listing builds the URL the route answers.
 */
export function bazaarDiscoveryOf(op: AnyOperation): Discovery {
  const input = isRecord(op.inputExample) ? op.inputExample : undefined;
  const docs = `GET ${op.path}?format=json and /openapi.json`;
  const output = { example: compactExample(op.outputExample) };
  if (op.method !== "GET") {
    return {
      kind: "http-body",
      ...(input === undefined ? {} : { input }),
      inputSchema: challengeSchema(requestSchemaOf(op), docs),
      output,
    };
  }
  const inPath = new Set(pathParamsOf(op.path));
  const { path, query } = splitSchema(requestSchemaOf(op), inPath);
  const example = Object.entries(input ?? {});
  return {
    kind: "http-query",
    input: Object.fromEntries(example.filter(([name]) => !inPath.has(name))),
    inputSchema: challengeSchema(query, docs),
    ...(inPath.size === 0
      ? {}
      : {
          pathParams: Object.fromEntries(example.filter(([name]) => inPath.has(name))),
          pathParamsSchema: challengeSchema(path, docs),
        }),
    output,
  };
}

/** A GET input's object schema split into its path parameters' (all required) and the query's. */
function splitSchema(
  schema: Record<string, unknown>,
  inPath: ReadonlySet<string>,
): { path: Record<string, unknown>; query: Record<string, unknown> } {
  const properties = isRecord(schema.properties) ? schema.properties : {};
  const required = Array.isArray(schema.required) ? (schema.required as string[]) : [];
  const part = (keep: (name: string) => boolean) => {
    const names = Object.keys(properties).filter(keep);
    const needed = required.filter(keep);
    return {
      type: "object",
      properties: Object.fromEntries(names.map((name) => [name, properties[name]])),
      ...(needed.length === 0 ? {} : { required: needed }),
      ...(schema.additionalProperties === undefined
        ? {}
        : { additionalProperties: schema.additionalProperties }),
    };
  };
  return { path: part((name) => inPath.has(name)), query: part((name) => !inPath.has(name)) };
}
