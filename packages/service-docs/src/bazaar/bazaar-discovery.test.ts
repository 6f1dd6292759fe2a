import { CATALOG } from "@svc/compliance";
import { describe, expect, it } from "vitest";
import { pathParamsOf } from "../listing/listing.js";
import { requestSchemaOf } from "../listing/request-schema.js";
import { FIXTURE_OPERATIONS } from "../test-support/fixture-operations.js";
import { bazaarDiscoveryOf } from "./bazaar-discovery.js";
import { challengeSchema, compactExample, MAX_INLINE_SCHEMA_CHARS } from "./compact-discovery.js";

/** Every string and array of a value, however deep. */
function* partsOf(value: unknown): Generator<unknown> {
  yield value;
  if (value !== null && typeof value === "object") {
    for (const v of Object.values(value)) yield* partsOf(v);
  }
}

describe("the bazaar block of a 402", () => {
  it("says how the input is sent, with the example input as it is (a GET's split into path and query)", () => {
    for (const op of [...FIXTURE_OPERATIONS, ...CATALOG]) {
      const d = bazaarDiscoveryOf(op);
      expect(d.kind).toBe(op.method === "GET" ? "http-query" : "http-body");
      if (d.kind === "http-query") {
        expect({ ...d.input, ...d.pathParams }).toEqual(op.inputExample);
      } else {
        expect(d.kind === "mcp" ? undefined : d.input).toEqual(op.inputExample);
      }
    }
  });

  it("a GET route's path parameters are path parameters, required, never query parameters", () => {
    for (const op of [...FIXTURE_OPERATIONS, ...CATALOG].filter((o) => o.method === "GET")) {
      const d = bazaarDiscoveryOf(op);
      if (d.kind !== "http-query") throw new Error(`${op.name} is a GET`);
      const names = pathParamsOf(op.path);
      const query = (d.inputSchema?.properties ?? {}) as Record<string, unknown>;
      for (const name of names) {
        expect(d.pathParams, op.name).toHaveProperty(name);
        expect(d.input, op.name).not.toHaveProperty(name);
        expect(query, op.name).not.toHaveProperty(name);
      }
      if (names.length > 0) expect(d.pathParamsSchema?.required).toEqual(names);
    }
  });

  it("stays small for every operation of the catalog: no prose, pruned examples", () => {
    for (const op of CATALOG) {
      const d = bazaarDiscoveryOf(op);
      const schema = JSON.stringify(d.inputSchema);
      expect(schema.length, op.name).toBeLessThanOrEqual(MAX_INLINE_SCHEMA_CHARS + 200);
      expect(schema).not.toMatch(/"(description|examples|\$schema)":/);
      for (const part of partsOf(d.output?.example)) {
        if (typeof part === "string") expect(part.length).toBeLessThanOrEqual(80);
        if (Array.isArray(part)) expect(part.length).toBeLessThanOrEqual(1);
      }
    }
  });

  it("a schema still too large after compaction becomes a pointer to the full one", () => {
    const large = {
      type: "object",
      properties: Object.fromEntries(
        Array.from({ length: 200 }, (_, i) => [`field_${i}`, { type: "string" }]),
      ),
    };
    expect(challengeSchema(large, "GET /x?format=json")).toEqual({
      type: "object",
      $comment: "The full request schema is too large for a header: see GET /x?format=json",
    });
    const [op] = FIXTURE_OPERATIONS;
    expect(challengeSchema(requestSchemaOf(op!), "docs")).not.toHaveProperty("$comment");
  });

  it("prunes examples to 3 levels, one array item and 80 characters", () => {
    expect(
      compactExample({ a: { b: { c: { d: 1 } } }, list: [1, 2, 3], s: "x".repeat(100) }),
    ).toEqual({
      a: { b: { c: {} } },
      list: [1],
      s: `${"x".repeat(77)}...`,
    });
  });
});
