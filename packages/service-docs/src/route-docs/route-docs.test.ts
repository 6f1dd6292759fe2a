import { baseTerms } from "@svc/payments";
import { jsonSchemaOf } from "@svc/report-model";
import type { GenericSchema } from "valibot";
import { describe, expect, it } from "vitest";
import { listingsOf } from "../listing/listing.js";
import { FIXTURE_OPERATIONS, FIXTURE_PAY_TO } from "../test-support/fixture-operations.js";
import { FIXTURE_FREE_ENDPOINTS } from "../test-support/free-endpoints.js";
import { routeDocsOf } from "./route-docs.js";

const ctx = {
  operations: FIXTURE_OPERATIONS,
  terms: [baseTerms(FIXTURE_PAY_TO)],
  baseUrl: "https://screen.example.com",
  freeEndpoints: FIXTURE_FREE_ENDPOINTS,
};

describe("route docs (JSON)", () => {
  it("has the documented members, derived from the catalog entry and its terms", () => {
    for (const l of listingsOf(ctx).filter((x) => x.docsUrl !== undefined)) {
      const docs = routeDocsOf(l, ctx);
      expect(docs).toMatchObject({
        title: l.op.title,
        routeKey: `${l.op.method} ${l.op.path}`,
        method: l.op.method,
        path: l.op.path,
        description: l.op.description,
        price: `$${l.op.price} USDC`,
        docsOnlyGet: l.op.method === "POST",
        docsUrl: l.docsUrl,
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
      expect(docs.curlExample).toContain(`'${l.exampleUrl}'`);
      expect(docs.dryRunExample).toContain("dry_run=1");
    }
  });
});
