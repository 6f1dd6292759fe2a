import * as v from "valibot";
import { issueError } from "../errors/valibot-issue.js";
import {
  ATTESTATION_VERSION,
  type AttestationClaims,
  AttestationClaimsSchema,
  type AttestedPayment,
  type AttestedResult,
} from "./claims-schema.js";

/** One screened address as @svc/ofac-index answers it (`AddressScreening`); only these members
 * are read. */
export interface ScreenedAddress {
  readonly query: { readonly address: string; readonly normalizedAddress: string };
  readonly summary: { readonly status: "match" | "clear" };
  readonly matches: readonly { readonly entryId: string; readonly asset: string }[];
}

/** The edition an answer names (`sourceFreshness` of @svc/ofac-index). */
interface ScreenedEdition {
  readonly sourceUrl: string;
  readonly datasetDate: string;
  readonly datasetSha256: string;
  readonly sample: boolean;
}

/** A screening answer of @svc/ofac-index: one address (`ScreenResult`) or a batch
 * (`BatchScreenResult`). */
export type ScreeningAnswer =
  | (ScreenedAddress & {
      readonly query: { readonly asset: string | null };
      readonly sourceFreshness: ScreenedEdition;
    })
  | {
      readonly query: { readonly asset: string | null };
      readonly results: readonly ScreenedAddress[];
      readonly sourceFreshness: ScreenedEdition;
    };

export interface AttestationInput {
  /** When the service answered (default: now). */
  readonly issuedAt?: Date | string;
  /** The service's public base URL. */
  readonly baseUrl: string;
  readonly screening: ScreeningAnswer;
  readonly payment: AttestedPayment;
}

const sortedDistinct = (items: Iterable<string>): string[] =>
  [...new Set(items)].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));

/** What an attestation says of one screened address: its status, the matched SDN entry ids and
 * the tickers it is listed under (distinct, sorted). */
export function attestedResult(screened: ScreenedAddress): AttestedResult {
  return {
    normalizedAddress: screened.query.normalizedAddress,
    status: screened.summary.status,
    entryIds: sortedDistinct(screened.matches.map((m) => m.entryId)),
    tickers: sortedDistinct(screened.matches.map((m) => m.asset)),
  };
}

/**
 * The claims of a screening answer's attestation: the request (each address as typed and
 * normalized, the asset filter), the result per address, the list edition and the payment.
 * Checked against the schema (throws `bad_claims` with the path).
 */
export function attestationClaims(input: AttestationInput): AttestationClaims {
  const { screening } = input;
  const screened = "results" in screening ? screening.results : [screening];
  const edition = screening.sourceFreshness;
  const issuedAt = input.issuedAt ?? new Date();
  const claims = {
    version: ATTESTATION_VERSION,
    issuedAt: typeof issuedAt === "string" ? issuedAt : issuedAt.toISOString(),
    baseUrl: input.baseUrl,
    request: {
      addresses: screened.map((s) => ({
        address: s.query.address,
        normalizedAddress: s.query.normalizedAddress,
      })),
      asset: screening.query.asset,
    },
    result: screened.map(attestedResult),
    list: {
      datasetSha256: edition.datasetSha256,
      datasetDate: edition.datasetDate,
      sourceUrl: edition.sourceUrl,
      ...(edition.sample ? { sample: true as const } : {}),
    },
    payment: input.payment,
  };
  const parsed = v.safeParse(AttestationClaimsSchema, claims);
  if (!parsed.success) throw issueError("bad_claims", parsed.issues, "the claims");
  return parsed.output;
}
