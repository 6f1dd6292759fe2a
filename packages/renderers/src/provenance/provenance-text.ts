import { groupedFingerprint } from "@svc/attestations";
import { formatTimestamp, type ReportMeta, type ScreeningInstant } from "@svc/report-model";

/**
 * What a document says of where its content comes from (`ReportMeta.provenance`), in the same
 * words in PDF, DOCX and XLSX.
 */
export interface ProvenanceText {
  /** The line every page carries (running footer or header), or null. */
  readonly everyPage: string | null;
  /** Page one's alert, in a red box under the title (an attestation that does not match), or null. */
  readonly alert: string | null;
  /**
   * When the screening happened and on which edition, under the title; null without a
   * provenance, or for a caller's content (whose instant nothing verified).
   */
  readonly when: string | null;
  /** How the author is labelled: "Prepared by" only where the service stands behind the content. */
  readonly authorLabel: string;
}

/** Every page of a document made from a caller's report model, verified or not, says so. */
export const CALLER_CONTENT_NOTICE =
  "Rendered from content supplied by the caller; not screened or verified by this service";

/** The author of a caller's report is the caller's word, not the service's. */
export const CALLER_AUTHOR_LABEL = "Author (unverified)";

/** At most this many differences are named on page one; the rest are counted. */
const MAX_DIFFERENCES = 6;

/** `Screening results verified against attestation 3f2a 9c01 …`. */
const verifiedNotice = (fingerprint: string): string =>
  `Screening results verified against attestation ${groupedFingerprint(fingerprint)}`;

/** `The attached attestation 3f2a 9c01 … does not match these results: …`. */
function mismatchAlert(fingerprint: string, differences: readonly string[]): string {
  const named = differences.slice(0, MAX_DIFFERENCES);
  const more = differences.length - named.length;
  return `The attached attestation ${groupedFingerprint(fingerprint)} does not match these results: ${named.join("; ")}${
    more > 0 ? `; and ${more} more` : ""
  }.`;
}

/**
 * `Screened 2026-11-28 03:35:23 UTC · OFAC SDN list edition of 2025-11-19 (published
 * 2025-11-19; SHA-256 of its XML 36c517bd264d8d97…)`: the instant of the answer beside the
 * edition it was screened on and that edition's publication date (OFAC's date of issue).
 */
function screeningWhen(s: ScreeningInstant): string {
  const sha =
    s.editionSha256 === null ? "" : `; SHA-256 of its XML ${s.editionSha256.slice(0, 16)}…`;
  return `Screened ${formatTimestamp(s.at)} · OFAC SDN list edition of ${s.editionDate} (published ${s.editionDate}${sha})`;
}

/**
 * The document's words on its provenance. Without one (a library call of the renderers) the
 * document says nothing about it and labels the author "Prepared by", as the caller's own
 * report; the service's document routes always set one.
 */
export function provenanceText(meta: ReportMeta): ProvenanceText {
  const p = meta.provenance;
  switch (p?.kind) {
    case undefined:
      return { everyPage: null, alert: null, when: null, authorLabel: "Prepared by" };
    case "service":
      return {
        everyPage: null,
        alert: null,
        when: p.screening === null ? null : screeningWhen(p.screening),
        authorLabel: "Prepared by",
      };
    case "verified":
      return {
        everyPage: verifiedNotice(p.fingerprint),
        alert: null,
        when: screeningWhen(p.screening),
        authorLabel: "Prepared by",
      };
    // A caller's content has no instant the service can vouch for: the notice says so.
    case "caller":
      return {
        everyPage: CALLER_CONTENT_NOTICE,
        alert: null,
        when: null,
        authorLabel: CALLER_AUTHOR_LABEL,
      };
    case "mismatch":
      return {
        everyPage: CALLER_CONTENT_NOTICE,
        alert: mismatchAlert(p.fingerprint, p.differences),
        when: null,
        authorLabel: CALLER_AUTHOR_LABEL,
      };
  }
}
