import { boundedArray, objectMessage } from "@svc/report-model";
import * as v from "valibot";
import { COMPARISON_OPERATORS } from "../exact/poisson-binomial.js";
import {
  AddressSchema,
  DEFAULT_HORIZON_DAYS,
  DEFAULT_ITERATIONS,
  integerIn,
  nonNegative,
  RelationshipTierSchema,
  ruleMessage,
  sharedEntries,
  walletMetadataEntries,
} from "./fields.js";
import { InputError, type InputIssue } from "./input-error.js";
import { refuseArrayBody, throwIfAny } from "./throw-if-any.js";

const MAX_FORECAST_ADDRESSES = 500;

const addressMetadataEntries = {
  address: AddressSchema,
  exposure_usd: v.optional(nonNegative("exposure_usd", "Exposure to the wallet in US dollars.")),
  relationship_tier: v.optional(RelationshipTierSchema),
  ...walletMetadataEntries,
};

const AddressMetadataSchema = v.pipe(
  v.strictObject(
    addressMetadataEntries,
    objectMessage("each address_metadata item", addressMetadataEntries),
  ),
  v.description("Per-address weights; `address` must be one of `addresses`."),
);

const targetEntries = {
  operator: v.pipe(
    v.picklist(
      COMPARISON_OPERATORS,
      ruleMessage("target.operator", `must be one of ${COMPARISON_OPERATORS.join(" ")}`),
    ),
    v.description("Comparison of the number of future hits with k."),
  ),
  k: integerIn(
    "target.k",
    0,
    undefined,
    "Number of hits to compare with; may exceed the number of wallets.",
  ),
};

const ForecastTargetSchema = v.pipe(
  v.strictObject(targetEntries, objectMessage("target", targetEntries)),
  v.description("The event whose probability is reported: hits `operator` k."),
);

/** The body of the exposure forecast (POST /api/workflows/compliance/exposure-forecast). Cross-field rules are checked by `parseForecastInput`. */
const forecastEntries = {
  // A forecast covers 1 to 500 wallets; the count is checked before any address.
  addresses: boundedArray(AddressSchema, {
    name: "addresses",
    min: 1,
    max: MAX_FORECAST_ADDRESSES,
    description: "Wallets to forecast, 1 to 500, no duplicates.",
  }),
  address_metadata: v.optional(
    boundedArray(AddressMetadataSchema, {
      name: "address_metadata",
      max: MAX_FORECAST_ADDRESSES,
      description: "Per-address weights, at most one entry per address.",
    }),
  ),
  target: v.optional(ForecastTargetSchema),
  ...sharedEntries,
};

export const ExposureForecastInputSchema = v.pipe(
  v.strictObject(forecastEntries, objectMessage("the body", forecastEntries)),
  v.description(
    "Input of the OFAC exposure forecast (POST /api/workflows/compliance/exposure-forecast).",
  ),
);

/** The parsed input: addresses trimmed, defaults filled. */
export type ForecastInput = Omit<
  v.InferOutput<typeof ExposureForecastInputSchema>,
  "horizon_days" | "iterations"
> & { horizon_days: number; iterations: number };

/** Duplicate addresses (second occurrence) and metadata for unknown or repeated addresses. */
function forecastCrossFieldIssues(input: ForecastInput): InputIssue[] {
  const issues: InputIssue[] = [];
  const known = new Set<string>();
  input.addresses.forEach((address, i) => {
    if (known.has(address)) {
      issues.push({ path: `addresses[${i}]`, message: `duplicate address ${address}` });
    }
    known.add(address);
  });
  const described = new Set<string>();
  (input.address_metadata ?? []).forEach((meta, i) => {
    const path = `address_metadata[${i}].address`;
    if (!known.has(meta.address)) {
      issues.push({ path, message: `address ${meta.address} is not one of addresses` });
    } else if (described.has(meta.address)) {
      issues.push({ path, message: `duplicate metadata for address ${meta.address}` });
    }
    described.add(meta.address);
  });
  return issues;
}

/** Validates an exposure forecast body; returns it normalized or throws an `InputError` (at most 20 issues
 *  listed, the rest counted). */
export function parseForecastInput(input: unknown): ForecastInput {
  refuseArrayBody(input);
  const result = v.safeParse(ExposureForecastInputSchema, input, { abortPipeEarly: true });
  if (!result.success) throw InputError.of(result.issues);
  const raw = result.output;
  const parsed: ForecastInput = {
    ...raw,
    addresses: raw.addresses.map((a) => a.trim()),
    ...(raw.address_metadata && {
      address_metadata: raw.address_metadata.map((m) => ({ ...m, address: m.address.trim() })),
    }),
    horizon_days: raw.horizon_days ?? DEFAULT_HORIZON_DAYS,
    iterations: raw.iterations ?? DEFAULT_ITERATIONS,
  };
  throwIfAny(forecastCrossFieldIssues(parsed));
  return parsed;
}
