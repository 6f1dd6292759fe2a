import { readdirSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { classifyAddress } from "../address/classify-address.js";
import { indexOf } from "../test-support/editions.js";
import { OFAC_DATA, XML } from "../test-support/shared-data.js";

// Every address OFAC published must come back "match" as published, whatever the format checks
// say and whatever asset is asked for: the checks refuse typos, never a designation.
// Every edition in ../shared/data/ofac/xml, whatever its name: a new edition is covered as it lands.
const EDITIONS = readdirSync(`${OFAC_DATA}xml`)
  .filter((f) => /\.xml(\.gz)?$/.test(f))
  .map((f) => [f, `${OFAC_DATA}xml/${f}`] as const);

it("walks every edition there is", () => {
  expect(EDITIONS.length).toBeGreaterThanOrEqual(Object.keys(XML).length);
});

describe.each(EDITIONS)("every address of %s matches", (_file, path) => {
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

  it("every one fits an address format with all its rules: the grammar refuses no designation", async () => {
    const index = await indexOf(path);
    for (const d of index.designations) {
      const verdict = classifyAddress(d.address.trim());
      expect(verdict, d.address).toMatchObject({ problem: null });
      expect(verdict.format, d.address).not.toBe("unrecognized");
    }
  });
});
