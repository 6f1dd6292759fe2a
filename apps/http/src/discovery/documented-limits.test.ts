import { maxHeaderSize } from "node:http";
import { TOOLS } from "@svc/mcp-server";
import { jsonSchemaOf } from "@svc/report-model";
import { REQUEST_LIMITS } from "@svc/service-docs";
import { describe, expect, it } from "vitest";
import { MAX_BODY_BYTES } from "../app/mount-operation.js";
import { MAX_TARGET_LENGTH } from "../app/request-target.js";
import { FREE_LIST_ENDPOINTS } from "../list/free-list-endpoints.js";

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
