import { beforeAll, describe, expect, it } from "vitest";
import type { ComplianceDeps } from "../../catalog/deps.js";
import { sampleDeps } from "../../test-support/sample-deps.js";
import { LAZARUS_ETH } from "./example-addresses.js";
import { exposureContext, prescreen } from "./exposure-context.js";

const CLEAR = "0x1111111111111111111111111111111111111111";

let deps: ComplianceDeps;
beforeAll(async () => {
  deps = await sampleDeps();
});

describe("exposureContext: what forecasts and queues screen with", () => {
  it("a listed address is a current match whatever the asset asked for", () => {
    const { screen } = exposureContext(deps);
    for (const asset of [undefined, "ETH", "XBT", "USDT", "TRX"]) {
      expect(screen(LAZARUS_ETH, asset)).toEqual({
        status: "match",
        entities: ["Lazarus Group"],
        near: [],
      });
    }
  });

  it("an unlisted address is clear, with or without an asset", () => {
    const { screen } = exposureContext(deps);
    expect(screen(CLEAR, undefined)).toEqual({ status: "clear", entities: [], near: [] });
    expect(screen(CLEAR, "ETH")).toEqual({ status: "clear", entities: [], near: [] });
  });

  it("a clear address one character from a listed one carries the near match, described", () => {
    const { screen } = exposureContext(deps);
    const typo = `${LAZARUS_ETH.toLowerCase().slice(0, -1)}7`;
    expect(screen(typo, undefined)).toEqual({
      status: "clear",
      entities: [],
      near: [`${LAZARUS_ETH} (Lazarus Group; 1 character different)`],
    });
  });

  it("prescreen refuses every string that is no address at once, each at its own path", () => {
    expect(() =>
      prescreen(
        deps,
        [LAZARUS_ETH, "G", CLEAR, "0x12"],
        undefined,
        (i) => `review_items[${i}].address`,
      ),
    ).toThrow(
      expect.objectContaining({
        code: "INVALID_ADDRESS",
        details: expect.objectContaining({
          issues: [
            expect.objectContaining({ path: "review_items[1].address" }),
            expect.objectContaining({ path: "review_items[3].address" }),
          ],
        }),
      }),
    );
  });

  it("a string that fails its checksum is refused, never forecast as clear", () => {
    const { screen } = exposureContext(deps);
    expect(() => screen("BC1Q3y5v2khlyvemcz042wl98dzflywr8ghglqws6s", undefined)).toThrow(
      expect.objectContaining({ code: "INVALID_ADDRESS" }),
    );
  });
});
