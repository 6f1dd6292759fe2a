import { describe, expect, it } from "vitest";
import { artifactUri, failureResult, toolResult } from "./tool-result.js";

const artifact = { type: "pdf", name: "memo 1.pdf", sizeBytes: 3, contentBase64: "JVBE" };

describe("toolResult", () => {
  it("keeps a plain answer as structured content and its JSON as text", () => {
    const r = toolResult({ success: true, data: { n: 1 } });
    expect(r.structuredContent).toEqual({ success: true, data: { n: 1 } });
    expect(r.content).toEqual([{ type: "text", text: '{"success":true,"data":{"n":1}}' }]);
    expect(r.isError).toBeUndefined();
  });

  it("moves each file into one embedded resource and leaves its metadata with the resource's URI", () => {
    const r = toolResult({ success: true, artifact, output: { mimeType: "x", artifact } });
    const uri = artifactUri("memo 1.pdf");
    expect(uri).toBe("artifact://report/memo%201.pdf");
    const meta = { type: "pdf", name: "memo 1.pdf", sizeBytes: 3, resourceUri: uri };
    expect(r.structuredContent).toEqual({
      success: true,
      artifact: meta,
      output: { mimeType: "x", artifact: meta },
    });
    expect(r.content.slice(1)).toEqual([
      { type: "resource", resource: { uri, mimeType: "application/pdf", blob: "JVBE" } },
    ]);
  });

  it("takes a document route's file from data, keeping every member in its place", () => {
    const r = toolResult({ success: true, data: { documentType: "pdf", artifact, preview: [] } });
    expect(JSON.parse((r.content[0] as { text: string }).text)).toEqual({
      success: true,
      data: {
        documentType: "pdf",
        artifact: {
          type: "pdf",
          name: "memo 1.pdf",
          sizeBytes: 3,
          resourceUri: artifactUri("memo 1.pdf"),
        },
        preview: [],
      },
    });
    expect(Object.keys((r.structuredContent as { data: object }).data)).toEqual([
      "documentType",
      "artifact",
      "preview",
    ]);
    expect(r.content).toHaveLength(2);
  });

  it("leaves alone what only looks like an artifact", () => {
    const lookalike = { type: "exe", name: "x", contentBase64: "AAAA" };
    expect(toolResult({ lookalike }).structuredContent).toEqual({ lookalike });
  });
});

describe("failureResult", () => {
  it("is an isError result with the HTTP API's body", () => {
    const r = failureResult({
      code: "INVALID_INPUT",
      message: "Invalid input: address: too short",
      issues: [{ path: "address", message: "too short" }],
    });
    expect(r.isError).toBe(true);
    expect(r.structuredContent).toEqual({
      success: false,
      code: "INVALID_INPUT",
      error: "Invalid input: address: too short",
      issues: [{ path: "address", message: "too short" }],
    });
    expect(JSON.parse((r.content[0] as { text: string }).text)).toEqual(r.structuredContent);
  });
});
