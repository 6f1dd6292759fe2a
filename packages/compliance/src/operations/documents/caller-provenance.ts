import {
  attestationFingerprint,
  isAttestationError,
  type VerifiedAttestation,
  verifyAttestation,
} from "@svc/attestations";
import type { SourceFreshness } from "@svc/ofac-index";
import type { Report, ReportProvenance } from "@svc/report-model";
import type { ComplianceDeps } from "../../catalog/deps.js";
import { attachedAttestation } from "./attached-attestation.js";
import { attestedDifferences } from "./attested-differences.js";
import { attestedListWarning } from "./attested-list-warning.js";

/**
 * A report a caller sent to a document route, with what the service can vouch for in it
 * (`ReportMeta.provenance`) and its banners as the service knows them:
 *
 * - no attestation attached: `caller`, nothing verified;
 * - an attestation that does not verify with the service's keys (`deps.attestationKeys`), or
 *   whose claims differ from the report's tables (`attestedDifferences`): `mismatch`, naming
 *   the attestation by its fingerprint and what differs;
 * - an attestation this service signed whose claims match the tables: `verified`, with the
 *   screening instant and edition it attests.
 *
 * The sample-edition banner and the stale-list warning follow a verified signature (the
 * attested `list.sample`; `attestedListWarning`), never the caller's `sample_edition` and
 * `list_warning`, which can only add to them: a caller may mark its report as on the sample, or
 * add a warning of its own (printed after the service's, as the caller's), but a banner the
 * attestation calls for is printed whatever the caller sent.
 */
export async function withCallerProvenance(
  report: Report,
  deps: ProvenanceInputs,
): Promise<Report> {
  const jws = attachedAttestation(report);
  const caller = { sample: report.meta.sampleEdition === true, warning: report.meta.listWarning };
  if (jws === undefined) return marked(report, { kind: "caller" }, caller.sample, caller.warning);
  const fingerprint = attestationFingerprint(jws);
  const verified = await verifiedOrWhy(jws, deps);
  if (typeof verified === "string") {
    return marked(
      report,
      { kind: "mismatch", fingerprint, differences: [verified] },
      caller.sample,
      caller.warning,
    );
  }
  const { claims, kid } = verified;
  const sample = claims.list.sample === true || caller.sample;
  const served = deps.served;
  const own = attestedListWarning(claims, served);
  const added =
    caller.warning === null || caller.warning === undefined || caller.warning === own
      ? undefined
      : `Added by the caller: ${caller.warning}`;
  const warning = [own, added].filter((w) => w !== undefined).join(" ") || null;
  const differences = attestedDifferences(claims, report);
  const provenance: ReportProvenance =
    differences.length === 0
      ? {
          kind: "verified",
          fingerprint,
          kid,
          screening: {
            at: claims.issuedAt,
            editionDate: claims.list.datasetDate,
            editionSha256: claims.list.datasetSha256,
          },
        }
      : { kind: "mismatch", fingerprint, differences };
  return marked(report, provenance, sample, warning);
}

const marked = (
  report: Report,
  provenance: ReportProvenance,
  sampleEdition: boolean,
  listWarning: string | null | undefined,
): Report => ({
  ...report,
  meta: { ...report.meta, provenance, sampleEdition, listWarning: listWarning ?? null },
});

/** The verified attestation, or why it is not one of this service's, in a line. */
async function verifiedOrWhy(
  jws: string,
  deps: ProvenanceInputs,
): Promise<VerifiedAttestation | string> {
  if (deps.attestationKeys === undefined) {
    return "this service signs no attestations, so it cannot verify this one";
  }
  try {
    return await verifyAttestation(jws, deps.attestationKeys);
  } catch (error) {
    if (!isAttestationError(error)) throw error;
    return `it does not verify with this service's keys (${error.code}: ${error.reason})`;
  }
}

/**
 * What vouching for a caller's report needs, as data (it crosses to the render worker with a
 * large body): the service's published keys, and the list it serves now.
 */
export interface ProvenanceInputs {
  readonly attestationKeys: ComplianceDeps["attestationKeys"];
  readonly served: SourceFreshness | undefined;
}

/** The provenance inputs of these deps: their keys, and the list's state now (none if unloaded). */
export function provenanceInputsOf(deps: ComplianceDeps): ProvenanceInputs {
  let served: SourceFreshness | undefined;
  try {
    served = deps.list.freshness();
  } catch {
    served = undefined;
  }
  return { attestationKeys: deps.attestationKeys, served };
}
