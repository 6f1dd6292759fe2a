import type { AttestationClaims } from "@svc/attestations";
import type { SourceFreshness } from "@svc/ofac-index";
import { listWarningOf } from "../screening/list-warning.js";

const HOUR_MS = 3_600_000;

/**
 * The stale-list warning an attested screening had when the service answered it, as the service
 * knows it now (never the caller's word): when the service still serves the attested edition
 * and has not confirmed it current since before the screening (`lastSuccessfulCheckAt`), the
 * list had gone unconfirmed for exactly the time from that check to the screening
 * (`issuedAt`), and was stale then if that is past the limit (`staleAfterHours`). Undefined when
 * it was not stale, or when the service cannot tell (another edition served now, a check since
 * the screening, a list without a limit): a warning is never made up, and a caller's own
 * warning is printed besides (see `withCallerProvenance`).
 */
export function attestedListWarning(
  claims: AttestationClaims,
  served: SourceFreshness | undefined,
): string | undefined {
  if (served === undefined || served.datasetSha256 !== claims.list.datasetSha256) return undefined;
  const limit = served.staleAfterHours;
  const checked = Date.parse(served.lastSuccessfulCheckAt ?? "");
  const screened = Date.parse(claims.issuedAt);
  if (limit === undefined || Number.isNaN(checked) || Number.isNaN(screened)) return undefined;
  if (checked > screened) return undefined;
  const ageHours = (screened - checked) / HOUR_MS;
  if (ageHours <= limit) return undefined;
  return listWarningOf({ ...served, stale: true, ageHours });
}
