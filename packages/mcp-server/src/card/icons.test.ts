import { Resvg } from "@resvg/resvg-js";
import { GENERATIONS, type McpTestClient } from "@svc/test-support/mcp-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { connect } from "../test-support/connect.js";
import { sampleDeps } from "../test-support/sample-deps.js";
import { TOOLS } from "../tools/catalog.js";
import { ICON_PNG_BASE64 } from "./icon-png.js";
import {
  ICON_PATH,
  ICON_PNG_PATH,
  ICON_PNG_SIZE,
  ICON_SVG,
  iconsAt,
  SERVER_ICONS,
} from "./icons.js";
import { serverCardOf } from "./server-card.js";

const decoded = (src: string): string => {
  const prefix = "data:image/svg+xml;base64,";
  expect(src.startsWith(prefix)).toBe(true);
  return Buffer.from(src.slice(prefix.length), "base64").toString("utf8");
};

describe("the icon", () => {
  it("is a small self-contained SVG: no script, no external reference, no event handler", () => {
    expect(ICON_SVG).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" [^>]*>.*<\/svg>$/);
    expect(ICON_SVG).not.toMatch(/<script|href|url\(|\son[a-z]+=|<foreignObject/i);
    expect(Buffer.byteLength(ICON_SVG)).toBeLessThan(1024);
  });

  it("travels inline (a data: URI of the same SVG) in serverInfo", () => {
    expect(SERVER_ICONS).toHaveLength(1);
    expect(SERVER_ICONS[0]).toMatchObject({ mimeType: "image/svg+xml", sizes: ["any"] });
    expect(decoded(SERVER_ICONS[0]!.src)).toBe(ICON_SVG);
  });

  it("is named by its URL on the API in the server card", () => {
    const card = serverCardOf({ baseUrl: "https://screen.example.com" });
    expect(card.serverInfo.icons).toEqual(iconsAt("https://screen.example.com"));
    expect(card.serverInfo.icons).toEqual([
      {
        src: `https://screen.example.com${ICON_PATH}`,
        mimeType: "image/svg+xml",
        sizes: ["any"],
      },
      {
        src: `https://screen.example.com${ICON_PNG_PATH}`,
        mimeType: "image/png",
        sizes: ["128x128"],
      },
    ]);
  });

  it("as PNG is the SVG drawn at 128×128 by resvg (scripts/render-icon-png.mjs writes it)", () => {
    const png = Buffer.from(ICON_PNG_BASE64, "base64");
    expect(png.subarray(0, 8)).toEqual(Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]));
    // IHDR: width and height, big-endian, at bytes 16 and 20.
    expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([ICON_PNG_SIZE, ICON_PNG_SIZE]);
    const drawn = new Resvg(ICON_SVG, { fitTo: { mode: "width", value: ICON_PNG_SIZE } })
      .render()
      .asPng();
    expect(png.equals(Buffer.from(drawn))).toBe(true);
  });
});

describe.each(GENERATIONS)("the server's identity, to a client of MCP %s", (generation) => {
  let client: McpTestClient;
  beforeAll(async () => {
    client = await connect({ deps: await sampleDeps() }, generation);
  });
  afterAll(async () => {
    await client?.close();
  });

  it("gives the icon in serverInfo, as the SDK client reads it, and on no tool", async () => {
    const info = client.getServerVersion();
    expect(info).toMatchObject({ name: "ofac-wallet-screening", version: "0.1.2" });
    expect(info?.icons).toEqual(SERVER_ICONS);
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name)).toEqual(TOOLS.map((t) => t.name));
    for (const tool of tools) expect(tool.icons, tool.name).toBeUndefined();
  });
});
