import { describe, expect, it } from "vitest";
import { missingKinds } from "./supported-kinds.js";

const kind = (x402Version: number, network: string, scheme = "exact") => ({
  x402Version,
  scheme,
  network: network as `${string}:${string}`,
});
const CDP_LIKE = {
  kinds: [
    kind(1, "base"),
    kind(1, "base-sepolia"),
    kind(2, "eip155:8453"),
    kind(2, "eip155:84532"),
  ],
};

describe("missingKinds", () => {
  it("is empty when the facilitator lists the network in every version served, as CAIP-2 for v2 and by name for v1", () => {
    expect(missingKinds(CDP_LIKE, { network: "eip155:8453", versions: [1, 2] })).toEqual([]);
    expect(missingKinds(CDP_LIKE, { network: "eip155:84532", versions: [1, 2] })).toEqual([]);
    expect(
      missingKinds({ kinds: [kind(2, "eip155:8453")] }, { network: "eip155:8453", versions: [2] }),
    ).toEqual([]);
  });

  it("names a version the facilitator lacks, with what it lists", () => {
    expect(
      missingKinds(
        { kinds: [kind(2, "eip155:8453")] },
        { network: "eip155:8453", versions: [1, 2] },
      ),
    ).toEqual([
      'the facilitator does not support x402 v1 "exact" on base (it lists v2 exact eip155:8453)',
    ]);
  });

  it("names the network in each version when the facilitator lacks it, and a scheme it lacks", () => {
    const testnetOnly = { kinds: [kind(1, "base-sepolia"), kind(2, "eip155:84532")] };
    expect(missingKinds(testnetOnly, { network: "eip155:8453", versions: [1, 2] })).toEqual([
      'the facilitator does not support x402 v1 "exact" on base (it lists v1 exact base-sepolia, v2 exact eip155:84532)',
      'the facilitator does not support x402 v2 "exact" on eip155:8453 (it lists v1 exact base-sepolia, v2 exact eip155:84532)',
    ]);
    // A v1 kind named as CAIP-2, or another scheme, is not the kind served.
    expect(
      missingKinds(
        { kinds: [kind(1, "eip155:8453"), kind(2, "eip155:8453", "upto")] },
        { network: "eip155:8453", versions: [1, 2] },
      ),
    ).toHaveLength(2);
    expect(missingKinds({ kinds: [] }, { network: "eip155:8453", versions: [2] })).toEqual([
      'the facilitator does not support x402 v2 "exact" on eip155:8453 (it lists no kinds)',
    ]);
  });
});
