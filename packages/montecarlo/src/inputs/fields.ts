import { objectMessage, receivedType, receivedValue } from "@svc/report-model";
import * as v from "valibot";

/**
 * Every schema and check of the forecast and queue inputs says what it refuses in this
 * service's words: the member, what it expects and what came (`review_budget must be an integer;
 * got 1.5`). Objects take report-model's `objectMessage`, so a missing member is named as
 * missing (`review_budget is required: …`), never as a body that is not an object.
 */

type Issue = v.BaseIssue<unknown>;

/** `<name> <rule>; got <the value>`: for a value of the right type that breaks a rule. */
export const ruleMessage = (name: string, rule: string) => (issue: Issue) =>
  `${name} ${rule}; got ${receivedValue(issue.input)}`;

/** `<name> must be <kind>; got <kind that came>`: for a value of the wrong type. */
const typeMessage = (name: string, kind: string) => (issue: Issue) =>
  `${name} must be ${kind}; got ${receivedType(issue.input)}`;

/** `<name> <rule>; got <n> characters`: for a string of the wrong length. */
const lengthMessage = (name: string, rule: string) => (issue: Issue) =>
  `${name} ${rule}; got ${issue.received} characters`;

/** A string of `min` to `max` characters (`asset`) or at most `max` (`label`, `title`). */
export const stringOf = (name: string, max: number, min?: number) => {
  const rule =
    min === undefined ? `must be at most ${max} characters` : `must be ${min} to ${max} characters`;
  return min === undefined
    ? v.pipe(v.string(typeMessage(name, "a string")), v.maxLength(max, lengthMessage(name, rule)))
    : v.pipe(
        v.string(typeMessage(name, "a string")),
        v.minLength(min, lengthMessage(name, rule)),
        v.maxLength(max, lengthMessage(name, rule)),
      );
};

/** Bounds shared by the exposure forecast and the review-queue optimizer. */
const MIN_HORIZON_DAYS = 7;
const MAX_HORIZON_DAYS = 365;
const MIN_ITERATIONS = 1000;
const MAX_ITERATIONS = 100_000;
const MAX_POLICY_PRIORITY = 10;
const MAX_ADDRESS_LENGTH = 256;
/**
 * The largest prior list-addition rate accepted: 10 addresses a day, ~25 times OFAC's rate
 * since 2022 (~0.4 a day). Beyond it every wallet's outlook saturates and the exact tables grow
 * with the rate, so a larger value would only buy cost.
 */
const MAX_LIST_ADD_RATE_PER_DAY = 10;

/** Defaults, chosen here: a quarter ahead, and a Monte Carlo standard error
 *  of at most 0.0036 on any probability (√(0.25 / 20,000)). */
export const DEFAULT_HORIZON_DAYS = 90;
export const DEFAULT_ITERATIONS = 20_000;

export const RELATIONSHIP_TIERS = ["low", "standard", "high", "critical"] as const;
export type RelationshipTier = (typeof RELATIONSHIP_TIERS)[number];

/** A finite number ≥ 0. NaN is refused by `v.number()`, ±Infinity by `v.finite()`. */
export const nonNegative = (name: string, description: string) =>
  v.pipe(
    v.number(typeMessage(name, "a number")),
    v.finite(ruleMessage(name, "must be finite")),
    v.minValue(0, ruleMessage(name, "must be ≥ 0")),
    v.description(description),
  );

/** An integer in [min, max] (max optional). */
export const integerIn = (
  name: string,
  min: number,
  max: number | undefined,
  description: string,
) =>
  max === undefined
    ? v.pipe(
        v.number(typeMessage(name, "a number")),
        v.integer(ruleMessage(name, "must be an integer")),
        v.minValue(min, ruleMessage(name, `must be ≥ ${min}`)),
        v.description(description),
      )
    : v.pipe(
        v.number(typeMessage(name, "a number")),
        v.integer(ruleMessage(name, "must be an integer")),
        v.minValue(min, ruleMessage(name, `must be from ${min} to ${max}`)),
        v.maxValue(max, ruleMessage(name, `must be from ${min} to ${max}`)),
        v.description(description),
      );

export const AddressSchema = v.pipe(
  v.string(typeMessage("address", "a string")),
  v.regex(/\S/, ruleMessage("address", "must not be empty or blank")),
  v.maxLength(
    MAX_ADDRESS_LENGTH,
    lengthMessage("address", `must be at most ${MAX_ADDRESS_LENGTH} characters`),
  ),
  v.description("A wallet address; surrounding whitespace is trimmed."),
);

export const RelationshipTierSchema = v.pipe(
  v.picklist(
    RELATIONSHIP_TIERS,
    ruleMessage("relationship_tier", `must be one of ${RELATIONSHIP_TIERS.join(", ")}`),
  ),
  v.description("Relationship tier of the wallet; scales its hazard by the tier weight."),
);

const PolicyPrioritySchema = v.pipe(
  v.number(typeMessage("policy_priority", "a number")),
  v.finite(ruleMessage("policy_priority", "must be finite")),
  v.minValue(0, ruleMessage("policy_priority", `must be from 0 to ${MAX_POLICY_PRIORITY}`)),
  v.maxValue(
    MAX_POLICY_PRIORITY,
    ruleMessage("policy_priority", `must be from 0 to ${MAX_POLICY_PRIORITY}`),
  ),
  v.description("Internal policy priority, 0 (none) to 10 (highest)."),
);

/** An SDN List entry or profile id as the list publishes it: 1 to 12 digits. */
const SDN_ID_PATTERN = /^\d{1,12}$/;

/**
 * `linked_sdn_entry`, an extension of the spec's strict schemas. A string only (not a JSON
 * number): an id names a party, it is not a quantity, and a string keeps one wire type and every
 * digit as OFAC publishes it (`"36"`).
 */
const LinkedSdnEntrySchema = v.pipe(
  v.string(typeMessage("linked_sdn_entry", "a string of 1 to 12 digits")),
  v.regex(SDN_ID_PATTERN, ruleMessage("linked_sdn_entry", "must be a string of 1 to 12 digits")),
  v.description(
    "Extension of the specified schema: the SDN List entry id or profile id (FixedRef) of a party the caller links this wallet to (e.g. from clustering), as a string of digits. The wallet then takes its hazard from that party's own addition history, and wallets linked to one party are listed together. An id the current edition does not know is refused (400).",
  ),
);

/** Per-wallet metadata members common to forecast metadata and queue items. */
export const walletMetadataEntries = {
  linked_sdn_entry: v.optional(LinkedSdnEntrySchema),
  last_activity_days: v.optional(
    nonNegative("last_activity_days", "Days since the wallet's last on-chain activity."),
  ),
  transaction_count_30d: v.optional(
    integerIn(
      "transaction_count_30d",
      0,
      undefined,
      "Transactions of the wallet in the last 30 days (a count: an integer ≥ 0).",
    ),
  ),
  policy_priority: v.optional(PolicyPrioritySchema),
};

const tierWeight = (tier: RelationshipTier) =>
  v.optional(
    v.pipe(
      v.number(typeMessage(`tier_weights.${tier}`, "a number")),
      v.finite(ruleMessage(`tier_weights.${tier}`, "must be finite")),
      v.gtValue(0, ruleMessage(`tier_weights.${tier}`, "must be > 0")),
      v.description(`Hazard multiplier for the ${tier} tier.`),
    ),
  );

const tierWeightEntries = {
  low: tierWeight("low"),
  standard: tierWeight("standard"),
  high: tierWeight("high"),
  critical: tierWeight("critical"),
};

const priorsEntries = {
  list_add_rate_override_per_day: v.optional(
    v.pipe(
      nonNegative(
        "priors.list_add_rate_override_per_day",
        `Expected list additions (addresses) per day, 0 to ${MAX_LIST_ADD_RATE_PER_DAY}; overrides the cadence derived from list history.`,
      ),
      v.maxValue(
        MAX_LIST_ADD_RATE_PER_DAY,
        ruleMessage(
          "priors.list_add_rate_override_per_day",
          `must be at most ${MAX_LIST_ADD_RATE_PER_DAY}`,
        ),
      ),
    ),
  ),
};

/** Members shared by the exposure forecast and the review-queue optimizer bodies. */
export const sharedEntries = {
  asset: v.optional(
    v.pipe(
      stringOf("asset", 12, 2),
      v.description(
        "Asset ticker, e.g. ETH or USDT: reported per wallet; a listed wallet is a current match whatever the ticker.",
      ),
    ),
  ),
  horizon_days: v.optional(
    integerIn(
      "horizon_days",
      MIN_HORIZON_DAYS,
      MAX_HORIZON_DAYS,
      `Forecast horizon in days, ${MIN_HORIZON_DAYS} to ${MAX_HORIZON_DAYS}; default ${DEFAULT_HORIZON_DAYS}.`,
    ),
  ),
  iterations: v.optional(
    integerIn(
      "iterations",
      MIN_ITERATIONS,
      MAX_ITERATIONS,
      `Monte Carlo iterations, ${MIN_ITERATIONS} to ${MAX_ITERATIONS}; default ${DEFAULT_ITERATIONS}.`,
    ),
  ),
  tier_weights: v.optional(
    v.pipe(
      v.strictObject(tierWeightEntries, objectMessage("tier_weights", tierWeightEntries)),
      v.description("Overrides of the relationship-tier hazard multipliers."),
    ),
  ),
  priors: v.optional(
    v.pipe(
      v.strictObject(priorsEntries, objectMessage("priors", priorsEntries)),
      v.description("Caller priors for the list-growth model."),
    ),
  ),
  title: v.optional(v.pipe(stringOf("title", 200), v.description("Report title."))),
  summary_focus: v.optional(
    v.pipe(stringOf("summary_focus", 500), v.description("What the summary should focus on.")),
  ),
};
