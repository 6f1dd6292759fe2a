import { brokenVariantsOf, defaultsIn } from "@svc/test-support/broken-bodies";
import * as v from "valibot";
import { describe, expect, it } from "vitest";
import { ExposureForecastInputSchema, parseForecastInput } from "./forecast-input.js";
import { InputError, type InputIssue, toIssueList } from "./input-error.js";
import { parseQueueInput, QueueOptimizeInputSchema } from "./queue-input.js";

/**
 * Every refusal of the exposure forecast and the review-queue optimizer names the member, what
 * it expects and what came, in this service's words: never valibot's defaults, and never "the
 * body must be an object" for a body that is one.
 */

const addr = (i: number) => `0x${i.toString(16).padStart(40, "0")}`;

function refused(parse: (input: unknown) => unknown, input: unknown): InputIssue[] {
  try {
    parse(input);
  } catch (error) {
    if (error instanceof InputError) return [...error.issues];
    throw error;
  }
  throw new Error(`accepted: ${JSON.stringify(input)}`);
}

describe("the customer's examples", () => {
  const item = { address: addr(1), exposure_usd: 900, relationship_tier: "low" };

  it("a queue without review_budget: review_budget is required, with what it expects", () => {
    expect(refused(parseQueueInput, { review_items: [item] })).toEqual([
      {
        path: "review_budget",
        message:
          "review_budget is required: an integer ≥ 1 (Items a reviewer can handle in the next window, ≥ 1; a budget above the number of items is clamped to it)",
      },
    ]);
  });

  it("a review item without exposure_usd names the missing member, at its path", () => {
    const { exposure_usd: _, ...partial } = item;
    expect(refused(parseQueueInput, { review_items: [partial], review_budget: 1 })).toEqual([
      {
        path: "review_items[0].exposure_usd",
        message: "exposure_usd is required: a number ≥ 0 (Exposure to the wallet in US dollars)",
      },
    ]);
  });

  it("a review item with only its address: both missing members, each at its path", () => {
    const issues = refused(parseQueueInput, {
      review_items: [{ address: addr(1) }],
      review_budget: 1,
    });
    expect(issues.map((i) => i.path)).toEqual([
      "review_items[0].exposure_usd",
      "review_items[0].relationship_tier",
    ]);
    expect(issues[1]?.message).toBe(
      "relationship_tier is required: one of low, standard, high, critical (Relationship tier of the wallet; scales its hazard by the tier weight)",
    );
  });

  it("{} posted to the exposure forecast: addresses is required", () => {
    expect(refused(parseForecastInput, {})).toEqual([
      {
        path: "addresses",
        message:
          "addresses is required: an array of 1 to 500 strings (Wallets to forecast, 1 to 500, no duplicates)",
      },
    ]);
  });

  it("{} posted to the queue: both required members", () => {
    expect(refused(parseQueueInput, {}).map((i) => i.message.split(":")[0])).toEqual([
      "review_items is required",
      "review_budget is required",
    ]);
  });

  it("a body, an item or a member of the wrong type says what came", () => {
    expect(refused(parseQueueInput, "x")).toEqual([
      { path: "", message: "the body must be an object; got a string" },
    ]);
    expect(refused(parseQueueInput, [])).toEqual([
      { path: "", message: "the body must be an object; got an array" },
    ]);
    expect(refused(parseQueueInput, { review_items: [item, 7], review_budget: "2" })).toEqual([
      { path: "review_items[1]", message: "each review item must be an object; got a number" },
      { path: "review_budget", message: "review_budget must be a number; got a string" },
    ]);
    expect(refused(parseForecastInput, { addresses: [addr(1)], target: 3 })).toEqual([
      { path: "target", message: "target must be an object; got a number" },
    ]);
  });

  it("an unknown member is named, with what the object accepts", () => {
    expect(
      refused(parseQueueInput, { review_items: [{ ...item, rank: 1 }], review_budget: 1 }),
    ).toEqual([
      {
        path: "review_items[0].rank",
        message:
          'unknown member "rank": this object accepts address, exposure_usd, relationship_tier, current_queue_position, linked_sdn_entry, last_activity_days, transaction_count_30d, policy_priority, label only',
      },
    ]);
  });

  it("a value out of its bounds says the bound and what came", () => {
    const issues = refused(parseQueueInput, {
      review_items: [{ ...item, relationship_tier: "vip", policy_priority: 11 }],
      review_budget: 1.5,
      horizon_days: 6,
    });
    expect(issues).toEqual([
      {
        path: "review_items[0].relationship_tier",
        message: 'relationship_tier must be one of low, standard, high, critical; got "vip"',
      },
      {
        path: "review_items[0].policy_priority",
        message: "policy_priority must be from 0 to 10; got 11",
      },
      { path: "review_budget", message: "review_budget must be an integer; got 1.5" },
      { path: "horizon_days", message: "horizon_days must be from 7 to 365; got 6" },
    ]);
  });
});

const JUNK: readonly unknown[] = [
  null,
  -1,
  1.5,
  "x",
  "",
  true,
  [],
  {},
  [1],
  [{}],
  Number.NaN,
  Number.POSITIVE_INFINITY,
  "x".repeat(501),
];

const SHARED = {
  asset: "ETH",
  horizon_days: 30,
  iterations: 5000,
  tier_weights: { low: 0.5, standard: 1, high: 2, critical: 4 },
  priors: { list_add_rate_override_per_day: 0.5 },
  title: "T",
  summary_focus: "S",
};
const WALLET = {
  linked_sdn_entry: "36",
  last_activity_days: 3,
  transaction_count_30d: 12,
  policy_priority: 5,
};
const FORECAST = {
  addresses: [addr(1), addr(2)],
  address_metadata: [{ address: addr(1), exposure_usd: 10, relationship_tier: "high", ...WALLET }],
  target: { operator: ">=", k: 1 },
  ...SHARED,
};
const QUEUE = {
  review_items: [
    {
      address: addr(1),
      exposure_usd: 10,
      relationship_tier: "high",
      current_queue_position: 1,
      label: "L",
      ...WALLET,
    },
  ],
  review_budget: 1,
  objective: "maximize_caught_hits",
  ...SHARED,
};

/** The issues whose words are empty or valibot's own. */
const issuesInDefaultWords = (issues: readonly InputIssue[]) => {
  const words = new Set(defaultsIn(issues.map((i) => i.message)));
  return issues.filter((i) => words.has(i.message));
};

describe("no refusal of the forecast or the queue is in valibot's default words", () => {
  it.each([
    ["exposure forecast", ExposureForecastInputSchema, parseForecastInput, FORECAST],
    ["review-queue optimizer", QueueOptimizeInputSchema, parseQueueInput, QUEUE],
  ] as const)("%s, broken at every member", (_name, schema, parse, fixture) => {
    expect(() => parse(fixture)).not.toThrow();
    let refusals = 0;
    for (const [label, body] of brokenVariantsOf(fixture, JUNK)) {
      // As the routes refuse it (the schema, then `toIssueList`) and as the engine does.
      const result = v.safeParse(schema, body);
      const issues = result.success ? [] : toIssueList(result.issues).issues;
      if (issues.length > 0) refusals += 1;
      expect(issuesInDefaultWords(issues), label).toEqual([]);
      let engine: InputIssue[] = [];
      try {
        parse(body);
      } catch (error) {
        if (!(error instanceof InputError)) throw error;
        engine = [...error.issues];
      }
      expect(issuesInDefaultWords(engine), label).toEqual([]);
      // No member is reported missing as "must be an object".
      for (const issue of [...issues, ...engine]) {
        if (label.includes(" - ")) expect(issue.message, label).not.toMatch(/^the body must/);
      }
    }
    expect(refusals).toBeGreaterThan(100);
  });
});
