import { EMBEDDED_DCA_HISTORY } from "@svc/ofac-index";
import { loadSample } from "@svc/ofac-index/node";
import { baseTerms, createPaymentServer, httpFacilitator } from "@svc/payments";
import { renderDocument } from "@svc/renderers";
import { jsonSchemaOf } from "@svc/report-model";
import { Hono } from "hono";
import type { GenericSchema } from "valibot";
import { describe, expect, it } from "vitest";
import { listingsOf } from "../discovery/listing.js";
import { mountDiscovery } from "../discovery/mount-discovery.js";
import {
  FIXTURE_OPERATIONS,
  FIXTURE_PAY_TO,
} from "../discovery/test-support/fixture-operations.js";
import { mountMcp } from "../mcp/mount-mcp.js";
import { routeDocsOf } from "./route-docs.js";

const ctx = {
  operations: FIXTURE_OPERATIONS,
  terms: baseTerms(FIXTURE_PAY_TO),
  baseUrl: "https://screen.example.com",
};

describe("route docs (JSON)", () => {
  it("has the documented members, derived from the catalog entry and its terms", () => {
    for (const l of listingsOf(ctx).filter((x) => x.docsUrl !== undefined)) {
      const docs = routeDocsOf(l, ctx);
      expect(docs).toMatchObject({
        title: l.op.title,
        routeKey: `POST ${l.op.path}`,
        method: "POST",
        path: l.op.path,
        description: l.op.description,
        price: `$${l.op.price} USDC`,
        docsOnlyGet: true,
        requestSchema: jsonSchemaOf(l.op.input as GenericSchema),
        requestExample: l.op.inputExample,
        outputExample: l.op.outputExample,
        payment: { amount: l.requirements.amount, payTo: FIXTURE_PAY_TO },
        links: {
          catalog: "https://screen.example.com/api",
          openapi: "https://screen.example.com/openapi.json",
          mcpDocs: "https://screen.example.com/mcp/docs",
        },
      });
      expect(["json", "document"]).toContain(docs.outputKind);
      expect(docs.curlExample).toContain(`'https://screen.example.com${l.op.path}'`);
    }
  });
});

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
    mountDiscovery(without, { operations: FIXTURE_OPERATIONS, terms: ctx.terms });
    for (const page of await pages(without)) {
      expect(page).not.toContain('href="/mcp/docs"');
      expect(page).not.toContain("For agents: MCP");
    }
    // The MCP server is mounted after discovery, by its own module, as createApp does.
    const app = new Hono();
    mountDiscovery(app, { operations: FIXTURE_OPERATIONS, terms: ctx.terms });
    mountMcp(app, {
      deps: {
        list: await loadSample(new Date("2026-01-01T00:00:00Z")),
        history: () => EMBEDDED_DCA_HISTORY,
        render: renderDocument,
      },
      // Never reached: only pages are requested.
      payments: {
        server: createPaymentServer(httpFacilitator("http://127.0.0.1:9")),
        terms: ctx.terms,
      },
    });
    for (const page of await pages(app)) {
      expect(page).toContain('href="/mcp/docs"');
      expect(page).toContain('href="/.well-known/mcp/server-card.json"');
    }
    expect((await pages(app))[0]).toContain("For agents: MCP");
  });
});
