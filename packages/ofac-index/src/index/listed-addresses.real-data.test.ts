import { describe, expect, it } from "vitest";
import { classifyAddress } from "../normalize/address-format.js";
import { indexOf } from "../test-support/editions.js";
import { XML } from "../test-support/shared-data.js";

// Every address OFAC published must come back "match" as published, whatever the format checks
// say and whatever asset is asked for: the checks refuse typos, never a designation.
describe.each(Object.entries(XML))("every address of the %s edition matches", (_date, path) => {
  it("as published, with no asset and with each ticker it is listed under", async () => {
    const index = await indexOf(path);
    expect(index.designations.length).toBeGreaterThan(500);
    for (const d of index.designations) {
      const plain = index.screen(d.address);
      expect(plain.summary.status, d.address).toBe("match");
      expect(
        plain.matches.some((m) => m.featureIds.includes(d.featureId)),
        d.address,
      ).toBe(true);
      const own = index.screen(d.address, { asset: d.asset });
      expect(own.query.assetListed).toBe(true);
      expect(own.matches[0]?.asset).toBe(d.asset);
    }
  });

  it("under a ticker it is not listed under, still a match, with the note", async () => {
    const index = await indexOf(path);
    for (const d of index.designations) {
      const other = index.coveredAssets.find(
        (t) => !index.lookup(d.normalizedAddress).some((m) => m.asset === t),
      );
      if (other === undefined) continue;
      const r = index.screen(d.address, { asset: other });
      expect(r.summary.status, `${d.address} under ${other}`).toBe("match");
      expect(r.query.assetListed).toBe(false);
      expect(r.query.note).toContain(`not under ${other}`);
    }
  });

  it("in a recognized format with a passing check, bar the 64-hex XMR value", async () => {
    const index = await indexOf(path);
    const unrecognized = new Set<string>();
    for (const d of index.designations) {
      const verdict = classifyAddress(d.address.trim());
      expect(verdict.problem, d.address).toBeNull();
      if (verdict.format === "unrecognized") unrecognized.add(d.address);
    }
    expect([...unrecognized].every((a) => /^[0-9a-f]{64}$/.test(a))).toBe(true);
  });
});
