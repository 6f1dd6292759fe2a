import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { MCP_PACKAGE, MCP_SERVER } from "../server/server-info.js";
import { ICON_PATH, ICON_PNG_PATH } from "./icons.js";
import { registryNamespaceOf, SERVER_JSON_SCHEMA, serverJsonOf } from "./server-json.js";
import {
  registrySchema,
  registrySchemaErrors,
  SCHEMA_CONTENT_SHA256,
  schemaContentSha256,
} from "./test-support/registry-schema.js";

const BASE = "https://screen.example.com";
const doc = serverJsonOf({ baseUrl: BASE });

describe("the vendored registry schema", () => {
  it("is the 2025-12-11 server.json schema, unedited", () => {
    expect(registrySchema()).toMatchObject({
      $id: SERVER_JSON_SCHEMA,
      $schema: "http://json-schema.org/draft-07/schema#",
      $ref: "#/definitions/ServerDetail",
    });
    expect(schemaContentSha256()).toBe(SCHEMA_CONTENT_SHA256);
  });

  it("refuses what the registry refuses (the validator is live, not a pass-through)", () => {
    expect(registrySchemaErrors({ ...doc, name: "no-slash" })).toMatch(/name/);
    expect(registrySchemaErrors({ ...doc, description: "x".repeat(101) })).toMatch(/description/);
    const { version: _version, ...noVersion } = doc;
    expect(registrySchemaErrors(noVersion)).toMatch(/version/);
    expect(
      registrySchemaErrors({ ...doc, remotes: [{ type: "streamable-http", url: "ftp://x/mcp" }] }),
    ).toMatch(/remotes/);
    expect(
      registrySchemaErrors({ ...doc, icons: [{ src: "https://x/i.gif", mimeType: "image/gif" }] }),
    ).toMatch(/icons/);
  });
});

describe("server.json", () => {
  it("is valid against the official schema, with and without a repository", () => {
    expect(registrySchemaErrors(doc)).toBeUndefined();
    const withSource = serverJsonOf({
      baseUrl: BASE,
      repository: {
        url: "https://github.com/acme/screening",
        source: "github",
        subfolder: "apps/mcp",
      },
    });
    expect(registrySchemaErrors(withSource)).toBeUndefined();
    expect(withSource.repository).toEqual({
      url: "https://github.com/acme/screening",
      source: "github",
      subfolder: "apps/mcp",
    });
    expect(doc).not.toHaveProperty("repository");
  });

  it("says who the server is from its one identity: the handshake's title and version", () => {
    expect(doc).toMatchObject({
      $schema: "https://static.modelcontextprotocol.io/schemas/2025-12-11/server.schema.json",
      name: "com.example.screen/ofac-wallet-screening",
      title: MCP_SERVER.title,
      description: MCP_SERVER.summary,
      version: "0.1.2",
      websiteUrl: BASE,
    });
    expect(doc.description.length).toBeLessThanOrEqual(100);
  });

  it("lists the hosted endpoint as a remote and the published package over stdio", () => {
    expect(doc.remotes).toEqual([{ type: "streamable-http", url: `${BASE}/mcp` }]);
    expect(doc.packages).toEqual([
      {
        registryType: "npm",
        identifier: "@svc/mcp",
        version: MCP_PACKAGE.version,
        runtimeHint: "npx",
        transport: { type: "stdio" },
      },
    ]);
  });

  it("names the icon at the URL the API serves it", () => {
    expect(doc.icons).toEqual([
      { src: `${BASE}${ICON_PATH}`, mimeType: "image/svg+xml", sizes: ["any"] },
      { src: `${BASE}${ICON_PNG_PATH}`, mimeType: "image/png", sizes: ["128x128"] },
    ]);
  });

  it("names the package as apps/mcp publishes it (name, version, binary)", () => {
    const published: { name: string; version: string; bin: Record<string, string> } = JSON.parse(
      readFileSync(new URL("../../../../apps/mcp/package.json", import.meta.url), "utf8"),
    );
    expect(published.name).toBe(MCP_PACKAGE.identifier);
    // Bump MCP_PACKAGE.version (server-info.ts) with the package.
    expect(published.version).toBe(MCP_PACKAGE.version);
    expect(Object.keys(published.bin)).toEqual([MCP_PACKAGE.bin]);
  });
});

describe("the registry namespace", () => {
  it("is the host in reverse-DNS form, for any base URL the API is reached at", () => {
    expect(registryNamespaceOf("https://screen.example.com")).toBe("com.example.screen");
    expect(registryNamespaceOf("https://api.example.com:8443/")).toBe("com.example.api");
    expect(registryNamespaceOf("http://127.0.0.1:8402")).toBe("1.0.0.127");
    expect(registryNamespaceOf("http://[::1]:8402")).toBe("---1-");
    for (const baseUrl of ["http://127.0.0.1:8402", "http://[::1]:8402", "http://localhost:1"]) {
      expect(registrySchemaErrors(serverJsonOf({ baseUrl }))).toBeUndefined();
    }
  });
});
