/**
 * The normalized report: what every renderer consumes. Both wire variants (the shared report
 * model, "variant A", and the legacy payload, "variant B") normalize to it; renderers never see
 * the wire shapes.
 */

import type { ValueKind } from "../kinds/value-kind.js";
import type { ReportProvenance } from "./provenance.js";
import type { ReportSignOff } from "./sign-off.js";

export type Scalar = string | number | boolean | null;

export interface ReportMeta {
  readonly title: string;
  readonly subtitle: string | null;
  /** e.g. `ofac-wallet-screening`, `enhanced-due-diligence`, `compliance-exposure-forecast`. */
  readonly reportType: string | null;
  /** `author`, else `owner`. */
  readonly author: string | null;
  readonly date: string | null;
  readonly version: string | null;
  /**
   * True when the report was built on the embedded sample edition of the list, not OFAC's
   * published list (`report_meta.sample_edition`). Renderers then mark every page with
   * `SAMPLE_EDITION_BANNER`. Normalization always sets it; a hand-built report may leave it out,
   * which means false.
   */
  readonly sampleEdition?: boolean;
  /**
   * A warning about the list behind the report (`report_meta.list_warning`), e.g. that it was
   * stale when screened; renderers print it in a red box under the title on page one.
   * Normalization sets it (null when absent); a hand-built report may leave it out.
   */
  readonly listWarning?: string | null;
  /**
   * Who stands behind the report's screening content, set by the service that renders it (never
   * by normalization, never from the wire): its own answer, a caller's answer verified against
   * an attestation it signed, a caller's content, or a caller's content whose attestation does
   * not match. Renderers say so on every page (see @svc/renderers' `provenanceText`). Absent,
   * as in a library call of the renderers, the document vouches for nothing and says nothing
   * about it: the content is the caller's own, printed as given.
   */
  readonly provenance?: ReportProvenance;
}

/** The line every page of a document built on the sample edition carries. */
export const SAMPLE_EDITION_BANNER = "SAMPLE EDITION — NOT THE OFAC LIST";

export interface ReportMetric {
  readonly label: string;
  readonly value: Scalar;
  readonly unit: string | null;
  /**
   * What the value is (the wire's `kind`, else inferred from the unit, label and value).
   * Normalization always sets it; a hand-built metric may leave it out (`metricKind` infers it).
   * Show it with `formatMetric`.
   */
  readonly kind?: ValueKind;
}

/** A table with rows as arrays in column order (object rows are mapped by column name). */
export interface ReportTable {
  /** The key in `tables` / `workbook_rows` (e.g. `per_wallet_exposure`). */
  readonly key: string;
  /** Human title derived from the key (e.g. "Per wallet exposure"). */
  readonly title: string;
  /** The keys: object rows were mapped by them. Show `columnLabels` instead. */
  readonly columns: readonly string[];
  readonly rows: readonly (readonly Scalar[])[];
  /**
   * The display label of each column, in `columns` order: the wire's `column_labels`, else the
   * key humanized (`sdn_entry_id` → "SDN entry ID"). Normalization always sets it; a hand-built
   * table may leave it out (`columnLabelsOf` fills it in).
   */
  readonly columnLabels?: readonly string[];
  /**
   * The kind of each column's values, in `columns` order: the wire's `column_kinds`, else
   * inferred from the key and the values. Normalization always sets it; a hand-built table may
   * leave it out (`columnKindsOf` infers it).
   */
  readonly columnKinds?: readonly ValueKind[];
  /**
   * A field/value table (two columns, the second `value`, e.g. a case's metadata) holds a
   * different kind of value in each row: the kind of each row's value, inferred from its field
   * like a metric's. Absent for other tables and when `column_kinds` names the value column.
   * `cellKind` reads it.
   */
  readonly rowKinds?: readonly ValueKind[];
}

export interface ChartSeries {
  readonly name: string;
  /** One value per label; null where a value is missing. */
  readonly values: readonly (number | null)[];
}

export type ChartType = "bar" | "line";

export interface ReportChart {
  readonly type: ChartType;
  readonly title: string;
  readonly labels: readonly string[];
  readonly series: readonly ChartSeries[];
  readonly xLabel: string | null;
  readonly yLabel: string | null;
  /**
   * What the values are (a probability is drawn on a 0–100% axis, money with "$"): the hint's
   * `y_kind`, else the kind of the table column it draws when it draws one. Absent: plain numbers.
   */
  readonly yKind?: ValueKind;
  /** Where it came from, e.g. `chart_hints[0]`. */
  readonly source: string;
}

/** Prose from the legacy payload's sections. */
export interface ReportSection {
  readonly heading: string | null;
  readonly paragraphs: readonly string[];
  readonly bullets: readonly string[];
  readonly table: ReportTable | null;
}

/** Something in the input a renderer cannot fully honour, and what was done instead. */
export interface Degradation {
  /** Dot path into the input, e.g. `chart_hints[2].type`. */
  readonly path: string;
  readonly reason: string;
}

/**
 * The signed attestation a report was made from (the model's `attestation`, a compact JWS), and
 * what documents print of it instead of the JWS: its fingerprint, kid, instant, edition and the
 * URL where the service answers it. Read from the JWS itself (one source), its signature NOT
 * checked here: printing it vouches for nothing; the lookup URL and `ofac-index verify` do.
 */
export interface ReportAttestation {
  /** The compact JWS: documents carry it machine-readably (attachment, part, hidden sheet). */
  readonly jws: string;
  /** Lower-case hex SHA-256 of the JWS (`attestationFingerprint`). */
  readonly fingerprint: string;
  /** The key that signed it, as its header names it. */
  readonly kid: string;
  /** When the service screened and signed, ISO 8601 UTC (the claims' `issuedAt`). */
  readonly issuedAt: string;
  /** The list edition screened on. */
  readonly edition: {
    readonly date: string;
    readonly sha256: string;
    /** True when it was the embedded sample, not OFAC's list. */
    readonly sample: boolean;
  };
  /** The service that signed it (the claims' `baseUrl`). */
  readonly baseUrl: string;
  /** Where the service answers it by fingerprint: its JWS and verdict (`attestationLookupUrl`). */
  readonly lookupUrl: string;
}

export interface Report {
  readonly meta: ReportMeta;
  /** Executive summary paragraphs (variant B's `summary` becomes one). */
  readonly summary: readonly string[];
  readonly metrics: readonly ReportMetric[];
  readonly sections: readonly ReportSection[];
  readonly tables: readonly ReportTable[];
  readonly charts: readonly ReportChart[];
  /** `export_artifacts.workbook_rows`: extra sheets for spreadsheets (shown in documents too). */
  readonly workbook: readonly ReportTable[];
  /**
   * The attestation the report was made from (the model's `attestation`), or null (a legacy
   * payload, an unsigned answer). A hand-built report may leave it out, which means null.
   */
  readonly attestation?: ReportAttestation | null;
  /**
   * The reviewer's sign-off form (the model's `sign_off`), or null. Renderers print it as one
   * block kept on one page with the attestation's evidence. A hand-built report may leave it
   * out, which means null.
   */
  readonly signOff?: ReportSignOff | null;
  /** What normalization could not honour; renderers add their own and report `degraded`. */
  readonly degradations: readonly Degradation[];
  /** Which wire variant it came from. */
  readonly variant: "A" | "B";
}
