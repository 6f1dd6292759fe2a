import { EMBEDDED_DCA_HISTORY } from "@svc/ofac-index";
import { loadSample } from "@svc/ofac-index/node";
import { baseTerms, createPaymentServer, httpFacilitator } from "@svc/payments";
import { renderDocument } from "@svc/renderers";
import { FIXTURE_OPERATIONS, FIXTURE_PAY_TO } from "@svc/service-docs/test-support";
import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { mountMcp } from "../mcp/mount-mcp.js";
import { mountDiscovery } from "./mount-discovery.js";

const terms = [baseTerms(FIXTURE_PAY_TO)];

describe("links to the MCP companion", () => {
  const pages = async (app: Hono) => {
    const browser = { headers: { Accept: "text/html" } };
    return Promise.all(
      ["/", "/api", "/api/workflows/fixture/batch-screen"].map(async (p) =>
        (await app.request(p, browser)).text(),
      ),
    );
  };

  it("pages link /mcp/docs and the server card once the app serves them, not before", async () => {
    const without = new Hono();
    mountDiscovery(without, { operations: FIXTURE_OPERATIONS, terms });
    for (const page of await pages(without)) {
      expect(page).not.toContain('href="/mcp/docs"');
      expect(page).not.toContain("For agents: MCP");
    }
    // The MCP server is mounted after discovery, by its own module, as createApp does.
    const app = new Hono();
    mountDiscovery(app, { operations: FIXTURE_OPERATIONS, terms });
    mountMcp(app, {
      deps: {
        list: await loadSample(new Date("2026-01-01T00:00:00Z")),
        history: () => EMBEDDED_DCA_HISTORY,
        render: renderDocument,
      },
      // Never reached: only pages are requested.
      payments: {
        server: createPaymentServer(httpFacilitator("http://127.0.0.1:9")),
        terms,
      },
    });
    for (const page of await pages(app)) {
      expect(page).toContain('href="/mcp/docs"');
      expect(page).toContain('href="/.well-known/mcp/server-card.json"');
    }
    expect((await pages(app))[0]).toContain("For agents: MCP");
  });
});
