import * as v from "valibot";
import { LAZARUS_ETH } from "../screening/sample-addresses.js";

const SHA256 = v.pipe(v.string(), v.regex(/^[0-9a-f]{64}$/));
const DATE = v.pipe(v.string(), v.regex(/^\d{4}-\d{2}-\d{2}$/));
const INSTANT = v.pipe(v.string(), v.description("ISO 8601 instant."));

/** A monitor's screening as its answers state it (creation, extension). */
const MonitorScreeningSchema = v.pipe(
  v.looseObject({
    edition: v.looseObject({ datasetDate: DATE, datasetSha256: SHA256 }),
    addressCount: v.pipe(v.number(), v.integer(), v.minValue(1)),
    matchCount: v.pipe(v.number(), v.integer(), v.minValue(0)),
    matches: v.pipe(
      v.array(
        v.looseObject({
          address: v.string(),
          normalizedAddress: v.string(),
          parties: v.array(
            v.looseObject({
              profileId: v.string(),
              entityName: v.string(),
              programs: v.array(v.string()),
            }),
          ),
          assets: v.array(v.string()),
        }),
      ),
      v.description("The listed addresses, with their parties and tickers."),
    ),
    attestations: v.pipe(
      v.array(v.string()),
      v.description(
        "Compact JWS attestations of the screening (one per 1,000 addresses, in address order), signed by the service's key (/.well-known/jwks.json).",
      ),
    ),
  }),
  v.description("Every address screened on the edition served now."),
);

/** `POST /api/monitors`: the monitor made, its secret (once), its first screening. */
export const MonitorAnswerSchema = v.looseObject({
  success: v.literal(true),
  data: v.looseObject({
    monitor: v.looseObject({
      id: v.pipe(v.string(), v.regex(/^mon_/)),
      // Optional in the schema so the published example names no network the service may not
      // be paid on; every answer has it.
      owner: v.optional(
        v.pipe(
          v.string(),
          v.description(
            "The paying wallet (CAIP-10, e.g. eip155:<chain id>:0x…): who manages the monitor with Sign-In-With-X.",
          ),
        ),
      ),
      label: v.optional(v.string()),
      webhookUrl: v.string(),
      status: v.literal("active"),
      paidUntil: INSTANT,
      createdAt: INSTANT,
    }),
    secret: v.pipe(
      v.string(),
      v.regex(/^whsec_/),
      v.description(
        "The HMAC secret of the webhook's v1 signatures (Standard Webhooks). Shown in this answer only: keep it.",
      ),
    ),
    screening: MonitorScreeningSchema,
  }),
  source: v.literal("OFAC SDN Advanced XML"),
});

/** `POST /api/monitors/extend`: the monitor's new end and its renewal's screening. */
export const ExtendAnswerSchema = v.looseObject({
  success: v.literal(true),
  data: v.looseObject({
    monitor: v.looseObject({ id: v.pipe(v.string(), v.regex(/^mon_/)), paidUntil: INSTANT }),
    screening: MonitorScreeningSchema,
  }),
  source: v.literal("OFAC SDN Advanced XML"),
});

/** The example answers' screening: the Lazarus Group's address listed, a clear one. */
export const EXAMPLE_MONITOR_SCREENING = {
  edition: {
    datasetDate: "2025-11-19",
    datasetSha256: "3ed6690688d6b0e2e35c0c6c9ae5b3fd7b1b8b4b0f5cc0f0e2d0c4c71c4a1e2b",
  },
  addressCount: 2,
  matchCount: 1,
  matches: [
    {
      address: LAZARUS_ETH,
      normalizedAddress: LAZARUS_ETH.toLowerCase(),
      parties: [{ profileId: "25470", entityName: "LAZARUS GROUP", programs: ["DPRK3"] }],
      assets: ["ETH"],
    },
  ],
  attestations: [],
};
