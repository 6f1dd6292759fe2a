import { boundedArray } from "@svc/report-model";
import * as v from "valibot";
import { COMPARISON_OPERATORS } from "../exact/poisson-binomial.js";
import {
  AddressSchema,
  DEFAULT_HORIZON_DAYS,
  DEFAULT_ITERATIONS,
  integerIn,
  nonNegative,
  RelationshipTierSchema,
  sharedEntries,
  walletMetadataEntries,
} from "./fields.js";
import { InputError, type InputIssue } from "./input-error.js";
import { refuseArrayBody, throwIfAny } from "./throw-if-any.js";

export const MAX_FORECAST_ADDRESSES = 500;

export const AddressMetadataSchema = v.pipe(
  v.strictObject(
    {
      address: AddressSchema,
      exposure_usd: v.optional(
        nonNegative("exposure_usd", "Exposure to the wallet in US dollars."),
      ),
      relationship_tier: v.optional(RelationshipTierSchema),
      ...walletMetadataEntries,
    },
    "address_metadata items must be objects",
  ),
  v.description("Per-address weights; `address` must be one of `addresses`."),
);

export const ForecastTargetSchema = v.pipe(
  v.strictObject(
    {
      operator: v.pipe(
        v.picklist(
          COMPARISON_OPERATORS,
          `target.operator must be one of ${COMPARISON_OPERATORS.join(" ")}`,
        ),
        v.description("Comparison of the number of future hits with k."),
      ),
      k: integerIn(
        "target.k",
        0,
        undefined,
        "Number of hits to compare with; may exceed the number of wallets.",
      ),
    },
    "target must be an object {operator, k}",
  ),
  v.description("The event whose probability is reported: hits `operator` k."),
);

/** The body of the exposure forecast (POST /api/workflows/compliance/exposure-forecast). Cross-field rules are checked by `parseForecastInput`. */
export const ExposureForecastInputSchema = v.pipe(
  v.strictObject(
    {
      // A forecast covers 1 to 500 wallets; the count is checked before any address.
      addresses: boundedArray(AddressSchema, {
        min: 1,
        max: MAX_FORECAST_ADDRESSES,
        message: "addresses must be an array of strings",
        minMessage: `addresses must hold 1 to ${MAX_FORECAST_ADDRESSES} items`,
        maxMessage: `addresses must hold 1 to ${MAX_FORECAST_ADDRESSES} items`,
        description: "Wallets to forecast, 1 to 500, no duplicates.",
      }),
      address_metadata: v.optional(
        boundedArray(AddressMetadataSchema, {
          max: MAX_FORECAST_ADDRESSES,
          message: "address_metadata must be an array",
          maxMessage: `address_metadata must hold at most ${MAX_FORECAST_ADDRESSES} items`,
          description: "Per-address weights, at most one entry per address.",
        }),
      ),
      target: v.optional(ForecastTargetSchema),
      ...sharedEntries,
    },
    "the body must be an object",
  ),
  v.description(
    "Input of the OFAC exposure forecast (POST /api/workflows/compliance/exposure-forecast).",
  ),
);

export type ExposureForecastInput = v.InferInput<typeof ExposureForecastInputSchema>;
export type AddressMetadata = v.InferOutput<typeof AddressMetadataSchema>;
export type ForecastTarget = v.InferOutput<typeof ForecastTargetSchema>;

/** The parsed input: addresses trimmed, defaults filled. */
export type ForecastInput = Omit<
  v.InferOutput<typeof ExposureForecastInputSchema>,
  "horizon_days" | "iterations"
> & { horizon_days: number; iterations: number };

/** Duplicate addresses (second occurrence) and metadata for unknown or repeated addresses. */
export function forecastCrossFieldIssues(input: ForecastInput): InputIssue[] {
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
