import { ICON_PNG_BASE64, ICON_SVG, serverCardOf, serverJsonOf } from "@svc/mcp-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type DiscoveryApp, startDiscoveryApp } from "../discovery/test-support/discovery-app.js";

// What registries and clients read to list the tool server, served by the whole app beside the
// server card: server.json and the icon (their shapes are tested in @svc/mcp-server).
let svc: DiscoveryApp;
beforeAll(async () => {
  svc = await startDiscoveryApp();
});
afterAll(async () => {
  await svc?.stop();
});

const pathOf = (url: string): string => new URL(url).pathname;

interface ServerJson {
  name: string;
  remotes: { type: string; url: string }[];
  icons: { src: string }[];
}

describe("GET /.well-known/mcp/server.json", () => {
  it("serves the package's server.json for the base URL the client used", async () => {
    const res = await svc.get("/.well-known/mcp/server.json");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^application\/json/);
    expect(await res.json()).toEqual(
      JSON.parse(JSON.stringify(serverJsonOf({ baseUrl: "http://screen.test" }))),
    );
  });

  it("names the public address: the remote, the namespace and the icon follow it", async () => {
    const res = await svc.app.request("http://x.test/.well-known/mcp/server.json", {
      headers: { Host: "mcp.tunnel.example:8443", "X-Forwarded-Proto": "https" },
    });
    const doc = (await res.json()) as ServerJson;
    expect(doc.name).toBe("example.tunnel.mcp/ofac-wallet-screening");
    expect(doc.remotes).toEqual([
      { type: "streamable-http", url: "https://mcp.tunnel.example:8443/mcp" },
    ]);
    expect(doc.icons.map((i) => i.src)).toEqual([
      "https://mcp.tunnel.example:8443/mcp/icon.svg",
      "https://mcp.tunnel.example:8443/mcp/icon.png",
    ]);
  });

  it("is linked from GET /mcp, and only GET and HEAD are answered", async () => {
    const described = (await (await svc.get("/mcp", { Accept: "application/json" })).json()) as {
      links: { serverJson: string };
    };
    expect(described.links.serverJson).toBe("http://screen.test/.well-known/mcp/server.json");
    const post = await svc.app.request("http://screen.test/.well-known/mcp/server.json", {
      method: "POST",
      headers: { Host: "screen.test" },
    });
    expect(post.status).toBe(405);
  });
});

describe("GET /mcp/icon.png", () => {
  it("serves the same icon as a 128×128 PNG, cacheable", async () => {
    const res = await svc.get("/mcp/icon.png");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("image/png");
    expect(res.headers.get("cache-control")).toBe("public, max-age=86400");
    const png = Buffer.from(await res.arrayBuffer());
    expect(png.equals(Buffer.from(ICON_PNG_BASE64, "base64"))).toBe(true);
  });
});

describe("GET /mcp/icon.svg", () => {
  it("serves the icon as SVG that may run nothing, cacheable", async () => {
    const res = await svc.get("/mcp/icon.svg");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^image\/svg\+xml/);
    expect(res.headers.get("content-security-policy")).toBe("default-src 'none'; sandbox");
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(res.headers.get("cache-control")).toBe("public, max-age=86400");
    expect(await res.text()).toBe(ICON_SVG);
    const head = await svc.app.request("http://screen.test/mcp/icon.svg", {
      method: "HEAD",
      headers: { Host: "screen.test" },
    });
    expect(head.status).toBe(200);
    expect(await head.text()).toBe("");
  });

  it("is where the server card and server.json say it is", async () => {
    const card = serverCardOf({ baseUrl: "http://screen.test" });
    const listing = serverJsonOf({ baseUrl: "http://screen.test" });
    for (const icon of [...card.serverInfo.icons, ...listing.icons]) {
      const res = await svc.get(pathOf(icon.src));
      expect(res.status).toBe(200);
      expect(res.headers.get("content-type")).toMatch(icon.mimeType);
    }
  });
});
