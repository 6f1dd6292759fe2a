import { maxHeaderSize } from "node:http";
import { CATALOG } from "@svc/compliance";
import { TOOLS } from "@svc/mcp-server";
import { baseTerms } from "@svc/payments";
import { jsonSchemaOf } from "@svc/report-model";
import { openApiOf, REQUEST_LIMITS } from "@svc/service-docs";
import { describe, expect, it } from "vitest";
import { MAX_BODY_BYTES } from "../app/mount-operation.js";
import { MAX_TARGET_LENGTH } from "../app/request-target.js";
import { FREE_ENDPOINTS, FREE_LIST_ENDPOINTS } from "../list/free-list-endpoints.js";

describe("what OpenAPI states of the transport is what the app enforces", () => {
  it("the default body limit, the longest request target and the header limit", () => {
    expect(REQUEST_LIMITS).toEqual({
      maxBodyBytes: MAX_BODY_BYTES,
      maxTargetLength: MAX_TARGET_LENGTH,
      // Node's own, which the service does not change (start-service serves without options).
      maxHeaderBytes: maxHeaderSize,
    });
  });

  it("the list status answers with the schema the free MCP tool list_status publishes", () => {
    const tool = TOOLS.find((t) => t.name === FREE_LIST_ENDPOINTS.status.name);
    expect(tool).toBeDefined();
    expect(FREE_LIST_ENDPOINTS.status.answer.schema).toEqual(jsonSchemaOf(tool!.output));
  });
});

describe("OpenAPI's answers are the MCP tools' answers", () => {
  it("every paid route an MCP tool answers as it does has, as its 200, the tool's answer schema", () => {
    const doc = openApiOf({
      operations: CATALOG,
      terms: [baseTerms("0x1111111111111111111111111111111111111111")],
      baseUrl: "https://sanctions.test",
      freeEndpoints: FREE_ENDPOINTS,
    });
    const same = TOOLS.filter((t) => t.operation !== undefined && t.output === t.operation.output);
    expect(same.length).toBeGreaterThan(0);
    for (const tool of same) {
      const op = tool.operation!;
      const path = op.path.replace(/:([A-Za-z0-9_]+)/g, "{$1}");
      const operation = (doc.paths[path] as Record<string, { responses: Record<string, unknown> }>)[
        op.method.toLowerCase()
      ];
      const ok = operation?.responses["200"] as {
        content: Record<string, { schema: unknown }>;
      };
      expect(ok.content["application/json"]?.schema, tool.name).toEqual(jsonSchemaOf(tool.output));
    }
  });
});
