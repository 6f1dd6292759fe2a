import { describe, expect, it } from "vitest";
import { DEFAULT_HORIZON_DAYS, DEFAULT_ITERATIONS } from "./fields.js";
import { InputError, type InputIssue } from "./input-error.js";
import { parseQueueInput } from "./queue-input.js";

const addr = (i: number) => `0x${i.toString(16).padStart(40, "0")}`;
const item = (i: number, extra: Record<string, unknown> = {}) => ({
  address: addr(i),
  exposure_usd: 1000 * i,
  relationship_tier: "standard",
  ...extra,
});
const base = { review_items: [item(1), item(2)], review_budget: 1 };

function refused(input: unknown): InputIssue[] {
  try {
    parseQueueInput(input);
  } catch (error) {
    expect(error).toBeInstanceOf(InputError);
    expect((error as InputError).code).toBe("INVALID_INPUT");
    return [...(error as InputError).issues];
  }
  throw new Error("expected the input to be refused");
}
const paths = (input: unknown) => refused(input).map((i) => i.path);

describe("parseQueueInput: accepted", () => {
  it("fills the defaults", () => {
    const out = parseQueueInput(base);
    expect(out.objective).toBe("minimize_residual_risk");
    expect(out.horizon_days).toBe(DEFAULT_HORIZON_DAYS);
    expect(out.iterations).toBe(DEFAULT_ITERATIONS);
    expect(out.review_budget).toBe(1);
  });

  it("clamps a budget above the number of items", () => {
    expect(parseQueueInput({ ...base, review_budget: 50 }).review_budget).toBe(2);
  });

  it("accepts 1 and 500 items, every objective and full items", () => {
    expect(
      parseQueueInput({ review_items: [item(0)], review_budget: 1 }).review_items,
    ).toHaveLength(1);
    const many = Array.from({ length: 500 }, (_, i) => item(i, { current_queue_position: i + 1 }));
    expect(parseQueueInput({ review_items: many, review_budget: 10 }).review_items).toHaveLength(
      500,
    );
    for (const objective of [
      "minimize_residual_risk",
      "maximize_expected_recall",
      "maximize_caught_hits",
    ]) {
      expect(parseQueueInput({ ...base, objective }).objective).toBe(objective);
    }
    const full = item(3, {
      address: ` ${addr(3)} `,
      current_queue_position: 1,
      last_activity_days: 3,
      transaction_count_30d: 12,
      policy_priority: 10,
      label: "desk A",
    });
    const out = parseQueueInput({
      review_items: [full],
      review_budget: 1,
      asset: "USDT",
      horizon_days: 7,
      iterations: 100_000,
    });
    expect(out.review_items[0]?.address).toBe(addr(3));
  });

  it.each([0, 10])("accepts policy_priority %d", (p) => {
    expect(() =>
      parseQueueInput({ ...base, review_items: [item(1, { policy_priority: p })] }),
    ).not.toThrow();
  });
});

describe("parseQueueInput: refused, with the path of each issue", () => {
  it.each([
    [{ review_items: [], review_budget: 1 }, "review_items"],
    [
      { review_items: Array.from({ length: 501 }, (_, i) => item(i)), review_budget: 1 },
      "review_items",
    ],
    [{ review_items: [item(1)] }, "review_budget"],
    [{ ...base, review_budget: 0 }, "review_budget"],
    [{ ...base, review_budget: 1.5 }, "review_budget"],
    [{ ...base, review_budget: "1" }, "review_budget"],
    [{ review_budget: 1 }, "review_items"],
    [{ ...base, objective: "fastest" }, "objective"],
    [{ ...base, horizon_days: 6 }, "horizon_days"],
    [{ ...base, horizon_days: 366 }, "horizon_days"],
    [{ ...base, iterations: 999 }, "iterations"],
    [{ ...base, iterations: 100_001 }, "iterations"],
    [{ ...base, tier_weights: { standard: -1 } }, "tier_weights.standard"],
    [{ ...base, extra: true }, "extra"],
    [{ ...base, priors: { list_add_rate_override_per_day: 1, x: 1 } }, "priors.x"],
  ])("%j at %s", (input, path) => {
    expect(paths(input)).toEqual([path]);
  });

  it.each([
    [{ exposure_usd: undefined }, "exposure_usd"],
    [{ exposure_usd: -5 }, "exposure_usd"],
    [{ exposure_usd: Number.NaN }, "exposure_usd"],
    [{ exposure_usd: Number.POSITIVE_INFINITY }, "exposure_usd"],
    [{ relationship_tier: undefined }, "relationship_tier"],
    [{ relationship_tier: "vip" }, "relationship_tier"],
    [{ current_queue_position: 0 }, "current_queue_position"],
    [{ current_queue_position: 1.5 }, "current_queue_position"],
    [{ policy_priority: -0.1 }, "policy_priority"],
    [{ policy_priority: 10.1 }, "policy_priority"],
    [{ label: "l".repeat(201) }, "label"],
    [{ address: "" }, "address"],
    [{ rank: 1 }, "rank"],
  ])("item %j at review_items[1].%s", (extra, member) => {
    const input = { ...base, review_items: [item(1), item(2, extra)] };
    expect(paths(input)).toEqual([`review_items[1].${member}`]);
  });

  it("duplicate current_queue_position values, at each later occurrence", () => {
    const items = [1, 2, 1, 1].map((p, i) => item(i, { current_queue_position: p }));
    expect(refused({ review_items: items, review_budget: 2 })).toEqual([
      {
        path: "review_items[2].current_queue_position",
        message: "duplicate current_queue_position 1 (also review_items[0])",
      },
      {
        path: "review_items[3].current_queue_position",
        message: "duplicate current_queue_position 1 (also review_items[0])",
      },
    ]);
  });

  it("the same address twice (after trimming), at the second occurrence", () => {
    const items = [item(1), item(2), item(1, { address: ` ${addr(1)}` })];
    expect(paths({ review_items: items, review_budget: 1 })).toEqual(["review_items[2].address"]);
  });
});

describe("parseQueueInput: the body", () => {
  it("must be an object", () => {
    expect(paths(null)).toEqual([""]);
    expect(paths([base])).toEqual([""]);
  });
});
