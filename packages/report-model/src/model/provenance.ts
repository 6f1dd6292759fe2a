/**
 * Where a rendered report's screening content comes from, as the service established it: the
 * service's own answer, an answer a caller sent back whose attestation this service signed and
 * whose claims match its tables, content a caller supplied (nothing verified), or content whose
 * attached attestation does not match it. Set only by the service after the report is parsed
 * (`ReportMeta.provenance`): no wire member sets it, and the shared model refuses a
 * `report_meta.provenance`.
 */
export type ReportProvenance =
  | {
      /** The service built this report itself (its own answer, rendered in the same run). */
      readonly kind: "service";
      /** When it screened and on which edition; null for a report on no screening. */
      readonly screening: ScreeningInstant | null;
    }
  | {
      /** A caller's report whose screening tables match an attestation this service signed. */
      readonly kind: "verified";
      /** `attestationFingerprint` of the JWS: SHA-256, 64 lower-case hex digits. */
      readonly fingerprint: string;
      /** The key that signed it. */
      readonly kid: string;
      readonly screening: ScreeningInstant;
    }
  | {
      /** A caller's report with no attestation of this service: nothing in it was verified. */
      readonly kind: "caller";
    }
  | {
      /** A caller's report with an attestation attached that does not back its tables. */
      readonly kind: "mismatch";
      readonly fingerprint: string;
      /** What differs, one line each (`0x098b…: the report says clear, the attestation match`). */
      readonly differences: readonly string[];
    };

/** When a screening happened and on what list, as a signed or service-made answer states it. */
export interface ScreeningInstant {
  /** The instant of the answer, ISO 8601 UTC (an attestation's `issuedAt`). */
  readonly at: string;
  /** The edition's OFAC date of issue (its publication date), `YYYY-MM-DD`. */
  readonly editionDate: string;
  /** SHA-256 of the edition's decompressed XML, or null where not known. */
  readonly editionSha256: string | null;
}
