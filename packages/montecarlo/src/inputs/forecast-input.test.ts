import { describe, expect, it } from "vitest";
import { DEFAULT_HORIZON_DAYS, DEFAULT_ITERATIONS } from "./fields.js";
import { parseForecastInput } from "./forecast-input.js";
import { InputError, type InputIssue } from "./input-error.js";

const addr = (i: number) => `0x${i.toString(16).padStart(40, "0")}`;
const base = { addresses: [addr(1), addr(2)] };

/** The issues `parseForecastInput` throws for `input` (fails the test if it does not throw). */
function refused(input: unknown): InputIssue[] {
  try {
    parseForecastInput(input);
  } catch (error) {
    expect(error).toBeInstanceOf(InputError);
    expect((error as InputError).code).toBe("INVALID_INPUT");
    return [...(error as InputError).issues];
  }
  throw new Error("expected the input to be refused");
}
const paths = (input: unknown) => refused(input).map((i) => i.path);

describe("parseForecastInput: accepted", () => {
  it("fills the defaults and trims addresses", () => {
    const out = parseForecastInput({ addresses: [` ${addr(1)} `] });
    expect(out).toEqual({
      addresses: [addr(1)],
      horizon_days: DEFAULT_HORIZON_DAYS,
      iterations: DEFAULT_ITERATIONS,
    });
    expect(DEFAULT_HORIZON_DAYS).toBe(90);
    expect(DEFAULT_ITERATIONS).toBe(20_000);
  });

  it("keeps explicit values", () => {
    const out = parseForecastInput({ ...base, horizon_days: 30, iterations: 5000 });
    expect([out.horizon_days, out.iterations]).toEqual([30, 5000]);
  });

  it("accepts 1 and 500 addresses", () => {
    expect(parseForecastInput({ addresses: [addr(0)] }).addresses).toHaveLength(1);
    const many = Array.from({ length: 500 }, (_, i) => addr(i));
    expect(parseForecastInput({ addresses: many }).addresses).toHaveLength(500);
  });

  it.each([7, 365])("accepts horizon_days %d", (h) => {
    expect(parseForecastInput({ ...base, horizon_days: h }).horizon_days).toBe(h);
  });

  it.each([1000, 100_000])("accepts iterations %d", (n) => {
    expect(parseForecastInput({ ...base, iterations: n }).iterations).toBe(n);
  });

  it.each([0, 10, 2.5])("accepts policy_priority %d", (p) => {
    const input = { ...base, address_metadata: [{ address: addr(1), policy_priority: p }] };
    expect(parseForecastInput(input).address_metadata?.[0]?.policy_priority).toBe(p);
  });

  it("accepts full metadata, a target, tier weights and priors", () => {
    const input = {
      ...base,
      address_metadata: [
        {
          address: ` ${addr(2)}`,
          exposure_usd: 0,
          relationship_tier: "critical",
          last_activity_days: 0.5,
          transaction_count_30d: 0,
          policy_priority: 10,
        },
      ],
      asset: "ETH",
      target: { operator: ">=", k: 1 },
      tier_weights: { low: 0.5, critical: 4 },
      priors: { list_add_rate_override_per_day: 0 },
      title: "t",
      summary_focus: "s",
    };
    expect(parseForecastInput(input).address_metadata?.[0]?.address).toBe(addr(2));
  });

  it("accepts k larger than the number of wallets (the probability is then exactly 0 or 1)", () => {
    for (const operator of [">=", ">", "==", "<=", "<"]) {
      const out = parseForecastInput({ ...base, target: { operator, k: 1000 } });
      expect(out.target).toEqual({ operator, k: 1000 });
    }
  });
});

describe("parseForecastInput: refused, with the path of each issue", () => {
  it.each([
    [{ addresses: [] }, "addresses"],
    [{ addresses: Array.from({ length: 501 }, (_, i) => addr(i)) }, "addresses"],
    [{ addresses: ["  "] }, "addresses[0]"],
    [{ addresses: [""] }, "addresses[0]"],
    [{ addresses: ["a".repeat(257)] }, "addresses[0]"],
    [{ addresses: [addr(1), 7] }, "addresses[1]"],
    [{ addresses: "0xabc" }, "addresses"],
    [{}, "addresses"],
    [{ ...base, horizon_days: 6 }, "horizon_days"],
    [{ ...base, horizon_days: 366 }, "horizon_days"],
    [{ ...base, horizon_days: 30.5 }, "horizon_days"],
    [{ ...base, horizon_days: "30" }, "horizon_days"],
    [{ ...base, iterations: 999 }, "iterations"],
    [{ ...base, iterations: 100_001 }, "iterations"],
    [{ ...base, iterations: Number.NaN }, "iterations"],
    [{ ...base, asset: "E" }, "asset"],
    [{ ...base, asset: "E".repeat(13) }, "asset"],
    [{ ...base, title: "t".repeat(201) }, "title"],
    [{ ...base, summary_focus: "s".repeat(501) }, "summary_focus"],
    [{ ...base, target: { operator: "!=", k: 1 } }, "target.operator"],
    [{ ...base, target: { operator: ">=" } }, "target.k"],
    [{ ...base, target: { operator: ">=", k: -1 } }, "target.k"],
    [{ ...base, target: { operator: ">=", k: 1.5 } }, "target.k"],
    [{ ...base, tier_weights: { low: 0 } }, "tier_weights.low"],
    [{ ...base, tier_weights: { high: Number.POSITIVE_INFINITY } }, "tier_weights.high"],
    [
      { ...base, priors: { list_add_rate_override_per_day: -0.1 } },
      "priors.list_add_rate_override_per_day",
    ],
    [
      { ...base, priors: { list_add_rate_override_per_day: 10.5 } },
      "priors.list_add_rate_override_per_day",
    ],
    [{ ...base, address_metadata: {} }, "address_metadata"],
  ])("%j at %s", (input, path) => {
    expect(paths(input)).toEqual([path]);
  });

  const meta = (m: Record<string, unknown>) => ({
    ...base,
    address_metadata: [{ address: addr(1), ...m }],
  });
  it.each([
    [{ policy_priority: -0.1 }, "policy_priority"],
    [{ policy_priority: 10.1 }, "policy_priority"],
    [{ exposure_usd: -1 }, "exposure_usd"],
    [{ exposure_usd: Number.NaN }, "exposure_usd"],
    [{ exposure_usd: Number.POSITIVE_INFINITY }, "exposure_usd"],
    [{ exposure_usd: "100" }, "exposure_usd"],
    [{ last_activity_days: Number.NEGATIVE_INFINITY }, "last_activity_days"],
    [{ transaction_count_30d: 1.5 }, "transaction_count_30d"],
    [{ transaction_count_30d: -1 }, "transaction_count_30d"],
    [{ relationship_tier: "medium" }, "relationship_tier"],
  ])("metadata %j at address_metadata[0].%s", (m, member) => {
    expect(paths(meta(m))).toEqual([`address_metadata[0].${member}`]);
  });

  it("more than 500 metadata entries", () => {
    const many = Array.from({ length: 501 }, () => ({ address: addr(1) }));
    expect(paths({ ...base, address_metadata: many })).toEqual(["address_metadata"]);
  });

  it("metadata without an address", () => {
    expect(paths({ ...base, address_metadata: [{ exposure_usd: 1 }] })).toEqual([
      "address_metadata[0].address",
    ]);
  });

  it("extra members at every level, each at its own path", () => {
    const issues = refused({
      ...base,
      extra: 1,
      address_metadata: [{ address: addr(1), score: 3 }],
      target: { operator: ">=", k: 1, strict: true },
      tier_weights: { medium: 1 },
      priors: { rate: 1 },
    });
    expect(issues.map((i) => i.path).sort()).toEqual([
      "address_metadata[0].score",
      "extra",
      "priors.rate",
      "target.strict",
      "tier_weights.medium",
    ]);
    expect(issues.find((i) => i.path === "extra")?.message).toBe(
      'unknown member "extra": this object accepts addresses, address_metadata, target, asset, horizon_days, iterations, tier_weights, priors, title, summary_focus only',
    );
    expect(issues.find((i) => i.path === "tier_weights.medium")?.message).toBe(
      'unknown member "medium": this object accepts low, standard, high, critical only',
    );
  });

  it("metadata for an address not in addresses", () => {
    const issues = refused({
      ...base,
      address_metadata: [{ address: addr(1) }, { address: addr(9) }],
    });
    expect(issues).toEqual([
      {
        path: "address_metadata[1].address",
        message: `address ${addr(9)} is not one of addresses`,
      },
    ]);
  });

  it("metadata matched on the trimmed address, and duplicate metadata for one address", () => {
    const input = {
      ...base,
      address_metadata: [{ address: addr(2) }, { address: ` ${addr(2)} ` }],
    };
    expect(refused(input)).toEqual([
      { path: "address_metadata[1].address", message: `duplicate metadata for address ${addr(2)}` },
    ]);
  });

  it("duplicate addresses (after trimming), at the second occurrence", () => {
    expect(paths({ addresses: [addr(1), addr(2), `${addr(1)} `] })).toEqual(["addresses[2]"]);
  });

  it("a body that is not an object", () => {
    expect(paths(null)).toEqual([""]);
    expect(paths([base])).toEqual([""]);
  });
});
