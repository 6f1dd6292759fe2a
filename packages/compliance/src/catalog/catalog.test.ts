import { EMBEDDED_DCA_HISTORY } from "@svc/ofac-index";
import { loadSample } from "@svc/ofac-index/node";
import { renderDocument } from "@svc/renderers";
import * as v from "valibot";
import { describe, expect, it } from "vitest";
import { CATALOG } from "./catalog.js";

describe("the catalog", () => {
  it("names, paths and tools are unique; prices are within the spec's USD 0.01 to 0.25", () => {
    expect(new Set(CATALOG.map((o) => o.name)).size).toBe(CATALOG.length);
    expect(new Set(CATALOG.map((o) => `${o.method} ${o.path}`)).size).toBe(CATALOG.length);
    for (const op of CATALOG) {
      expect(op.price, op.name).toMatch(/^0\.\d{2}$/);
      expect(Number(op.price)).toBeGreaterThanOrEqual(0.01);
      expect(Number(op.price)).toBeLessThanOrEqual(0.25);
      expect(op.description.length, op.name).toBeGreaterThan(40);
    }
  });

  it("every input example is valid input, and its run answers what the output example shows", async () => {
    const list = await loadSample(new Date("2026-01-01T00:00:00Z"));
    for (const op of CATALOG) {
      const input = v.parse(op.input, op.inputExample);
      const output = await op.run(input as never, {
        list,
        history: () => EMBEDDED_DCA_HISTORY,
        render: renderDocument,
      });
      expect(output, op.name).toMatchObject(op.outputExample as object);
    }
  });
});
