import { decodeAttestation, isAttestationError, MAX_ATTESTATION_LENGTH } from "@svc/attestations";
import * as v from "valibot";
import { VALUE_KINDS } from "../kinds/value-kind.js";
import { boundedArray, boundedRecord } from "./bounded-schemas.js";
import { objectMessage } from "./object-message.js";
import { receivedType, receivedValue } from "./received.js";
import { SignOffSchema } from "./sign-off-schema.js";

/**
 * The wire shapes of the shared report model and the legacy report payload, as valibot schemas: the single source for validation, types and
 * the generated JSON Schemas. Objects are loose where the model allows extra members. Sizes are
 * capped generously here; each renderer enforces its own, lower, document limits. Every list and
 * map is size-checked before its contents (`boundedArray`, `boundedRecord`), so an oversized one
 * is refused without validating its elements.
 *
 * Every schema and check here says what it refuses in this service's words (the member, what it
 * expects and what came): valibot's own English ("Invalid type: Expected …") never reaches a
 * caller. Objects take `objectMessage`, so a missing member is named as missing.
 */

const MAX_TEXT = 20_000;
/** The stale-list warning is one short sentence printed in a box on page one. */
const MAX_LIST_WARNING = 300;

/**
 * Why `report_meta.provenance` is refused: the service decides what a document vouches for
 * (`ReportMeta.provenance`), from an attestation it signed; a caller cannot claim it.
 */
export const PROVENANCE_REFUSAL =
  "provenance is not accepted: the service decides what a document vouches for, from an attestation it signed and attached to the report";
/** A table (or sheet, or section table) holds at most 200,000 rows of at most 200 columns. */
const MAX_ROWS = 200_000;
const MAX_COLUMNS = 200;
/** A column label is a header, not prose. */
const MAX_LABEL = 200;
/** At most 200 summary paragraphs, 100 headline metrics, 50 charts, 200 sections of 500 bullets. */
const MAX_PARAGRAPHS = 200;
const MAX_METRICS = 100;
const MAX_CHART_HINTS = 50;
const MAX_SECTIONS = 200;
const MAX_BULLETS = 500;
type Issue = v.BaseIssue<unknown>;

/** `<name> must be a string; got a number` */
const mustBeString = (name: string) => (issue: Issue) =>
  `${name} must be a string; got ${receivedType(issue.input)}`;

/** A string of at most `max` characters; `name` is how messages call it. */
const boundedString = (name: string, max: number) =>
  v.pipe(
    v.string(mustBeString(name)),
    v.maxLength(max, (issue) => `${name} must be at most ${max} characters; got ${issue.received}`),
  );

const text = (name: string, description: string) =>
  v.pipe(boundedString(name, MAX_TEXT), v.description(description));
const optionalText = (name: string, description: string) => v.optional(text(name, description));

const SCALAR = "a string, a finite number, a boolean or null";

/*
 * A union's options say nothing to a caller: when every option fails, the union's own message is
 * the refusal; when one option had the right type (a number that is not finite), that option's
 * issues are, so only its checks carry words.
 */
const ScalarSchema = v.pipe(
  v.union(
    [
      v.string(),
      v.pipe(
        v.number(),
        v.finite(
          (issue) => `each value must be a finite number; got ${receivedValue(issue.input)}`,
        ),
      ),
      v.boolean(),
      v.null(),
    ],
    (issue) => `each value must be ${SCALAR}; got ${receivedType(issue.input)}`,
  ),
  v.description("A string, a finite number, a boolean or null."),
);

const isScalar = (value: unknown): boolean => v.is(ScalarSchema, value);

/**
 * The refusal of a row: its first value that is no scalar (valibot's record() takes an array as
 * an object keyed "0", "1", …, so a bad value fails both options and the union's message must
 * name it), or what came instead of a row.
 */
function rowMessage(row: unknown): string {
  if (Array.isArray(row)) {
    const at = row.findIndex((value) => !isScalar(value));
    if (at !== -1)
      return `value [${at}] of the row must be ${SCALAR}; got ${receivedType(row[at])}`;
  } else if (typeof row === "object" && row !== null) {
    const bad = Object.entries(row).find(([, value]) => !isScalar(value));
    if (bad !== undefined) {
      return `column ${JSON.stringify(bad[0])} of the row must be ${SCALAR}; got ${receivedType(bad[1])}`;
    }
  }
  return `each row must be an object of column values or an array of values; got ${receivedType(row)}`;
}

const RowSchema = v.pipe(
  // Arrays first: valibot's record() also accepts arrays (as objects keyed "0", "1", …).
  v.union([v.array(ScalarSchema), v.record(v.string(), ScalarSchema)], (issue) =>
    rowMessage(issue.input),
  ),
  v.description("An object mapping column name to value, or an array of values in column order."),
);

/** An object row: column name to value (the document tools' tables, the legacy sections'). */
const objectRow = v.record(
  v.string(),
  ScalarSchema,
  (issue) => `each row must be an object of column values; got ${receivedType(issue.input)}`,
);

const ValueKindSchema = v.pipe(
  v.picklist(
    VALUE_KINDS,
    (issue) =>
      `a value kind must be one of ${VALUE_KINDS.join(", ")}; got ${receivedValue(issue.input)}`,
  ),
  v.description(
    "What a value is, so every document shows it the same way: text, status (an enum word such as manual_review_required, shown as words), address (a wallet address, never broken), hash (e.g. SHA-256), identifier (no thousands separators), count, number, percent (0-100), probability (0-1, shown as a percentage), ratio (a multiplier such as a lift, shown as 12.3×), money (USD), date, datetime, boolean (Yes/No), url.",
  ),
);

/**
 * Display labels and value kinds of a table's columns, by column key; a column left out is
 * labelled from its key and its kind inferred. Shared by the model's tables and the document
 * tools' input.
 */
const columnSpecEntries = {
  column_labels: v.optional(
    boundedRecord(v.string(), boundedString("each column label", MAX_LABEL), {
      name: "column_labels",
      max: MAX_COLUMNS,
      description:
        'Header text by column key, e.g. {"sdn_entry_id": "SDN entry ID"}; by default a key is humanized.',
    }),
  ),
  column_kinds: v.optional(
    boundedRecord(v.string(), ValueKindSchema, {
      name: "column_kinds",
      max: MAX_COLUMNS,
      description:
        'Value kind by column key, e.g. {"address": "address"}; by default inferred from the key and the values.',
    }),
  ),
};

const columnsField = (description?: string) =>
  boundedArray(v.string(mustBeString("each column name")), {
    name: "columns",
    max: MAX_COLUMNS,
    ...(description === undefined ? {} : { description }),
  });

const tableEntries = {
  columns: columnsField("Column names, in display order."),
  rows: boundedArray(RowSchema, { name: "rows", max: MAX_ROWS }),
  ...columnSpecEntries,
};

const TableSchema = v.looseObject(tableEntries, objectMessage("each table", tableEntries));

const reportMetaEntries = {
  report_type: optionalText(
    "report_type",
    "Machine name of the report, e.g. enhanced-due-diligence.",
  ),
  title: optionalText("title", "Title shown on the document."),
  report_title: optionalText("report_title", "Alternative to title."),
  name: optionalText("name", "Alternative to title."),
  author: optionalText("author", "Who wrote or owns the report."),
  owner: optionalText("owner", "Used as the author when author is absent."),
  date: optionalText("date", "Report date, e.g. 2026-11-22."),
  version: optionalText("version", "Report version."),
  sample_edition: v.optional(
    v.pipe(
      v.boolean(
        (issue) => `sample_edition must be true or false; got ${receivedValue(issue.input)}`,
      ),
      v.description(
        "True when the report was built on the embedded SAMPLE edition of the list (a demo excerpt), not OFAC's published list: every page of every document made from it then says so.",
      ),
    ),
  ),
  list_warning: v.optional(
    v.pipe(
      boundedString("list_warning", MAX_LIST_WARNING),
      v.description(
        "A warning about the list the report was built on (e.g. a STALE LIST not confirmed current for longer than the service allows), at most 300 characters: page one of every document made from it shows it in a red box under the title.",
      ),
    ),
  ),
  provenance: v.optional(
    v.pipe(
      v.never(() => PROVENANCE_REFUSAL),
      v.description(
        "Not accepted: whether a document vouches for its content is decided by the service (from an attestation it signed), never sent.",
      ),
    ),
  ),
};

const ReportMetaSchema = v.pipe(
  v.looseObject(reportMetaEntries, objectMessage("report_meta", reportMetaEntries)),
  v.description("Title block of the report."),
);

/** A metric's kind on the wire: by default inferred from its unit, label and value. */
const metricKind = v.optional(ValueKindSchema);

const headlineMetricEntries = {
  label: text("label", "What the metric measures."),
  value: v.optional(ScalarSchema),
  unit: optionalText("unit", "Unit shown after the value."),
  kind: metricKind,
};

const HeadlineMetricSchema = v.looseObject(
  headlineMetricEntries,
  objectMessage("each headline metric", headlineMetricEntries),
);

const ChartHintSchema = v.pipe(
  v.looseObject({}, objectMessage("each chart hint", {})),
  v.description(
    "A chart to draw: {type: 'bar'|'line', title, table, x, y} referring to a table's columns, " +
      "or {type, title, labels, series: [{name, values}]} inline; x_label and y_label title the axes, " +
      "y_kind says what the values are (e.g. probability: a 0-100% axis).",
  ),
);

const exportArtifactsEntries = {
  workbook_rows: v.optional(
    boundedRecord(v.string(), boundedArray(RowSchema, { name: "each sheet", max: MAX_ROWS }), {
      name: "workbook_rows",
      description: "Extra spreadsheet sheets by name.",
    }),
  ),
};

/** Why `jws` is no attestation (its header or claims), or null when it reads as one. */
function attestationProblem(jws: string): string | null {
  try {
    decodeAttestation(jws);
    return null;
  } catch (error) {
    if (isAttestationError(error)) return `${error.code}: ${error.reason}`;
    throw error;
  }
}

/**
 * The signed attestation a report was made from: what a paid screening answer's report carries,
 * so every document made from it carries the JWS machine-readably and prints its fingerprint.
 */
const AttestationMemberSchema = v.pipe(
  boundedString("attestation", MAX_ATTESTATION_LENGTH),
  v.regex(
    /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/,
    "attestation must be a compact JWS: three base64url parts joined by dots",
  ),
  v.rawCheck(({ dataset, addIssue }) => {
    if (!dataset.typed) return;
    const problem = attestationProblem(dataset.value);
    if (problem !== null) {
      addIssue({ message: `attestation must be a screening attestation; ${problem}` });
    }
  }),
  v.description(
    "The screening's signed attestation (a compact JWS), as a paid screening answer's report carries it: documents attach it (PDF attachment attestation.jws, DOCX part, hidden XLSX sheet) and print its fingerprint, kid, screening instant, edition and lookup URL with a QR code. Not verified by rendering: verify it at the lookup URL or with ofac-index verify.",
  ),
);

/**
 * The members of the shared report model, named once: the model (variant A) opens them to extra
 * members, and the document tools' input narrows some of them, so every report this service
 * returns (`chart_hints` included) is an input of both.
 */
const reportModelEntries = {
  report_meta: ReportMetaSchema,
  executive_summary: v.optional(
    boundedArray(text("each paragraph", "A paragraph."), {
      name: "executive_summary",
      max: MAX_PARAGRAPHS,
    }),
  ),
  headline_metrics: v.optional(
    boundedArray(HeadlineMetricSchema, { name: "headline_metrics", max: MAX_METRICS }),
  ),
  tables: v.optional(
    boundedRecord(v.string(), TableSchema, { name: "tables", description: "Tables by name." }),
  ),
  export_artifacts: v.optional(
    v.looseObject(
      exportArtifactsEntries,
      objectMessage("export_artifacts", exportArtifactsEntries),
    ),
  ),
  chart_hints: v.optional(
    boundedArray(ChartHintSchema, { name: "chart_hints", max: MAX_CHART_HINTS }),
  ),
  result: v.optional(v.looseObject({}, objectMessage("result", {}))),
  attestation: v.optional(AttestationMemberSchema),
  sign_off: v.optional(SignOffSchema),
};

/** Variant A: the shared report model. `report_meta` is required; extra members are allowed. */
export const ReportModelSchema = v.pipe(
  v.looseObject(reportModelEntries, objectMessage("the report", reportModelEntries)),
  v.description("The shared report model (variant A)."),
);

const legacySectionEntries = {
  heading: optionalText("heading", "Section heading."),
  title: optionalText("title", "Section heading, when heading is absent."),
  body: optionalText("body", "A paragraph."),
  text: optionalText("text", "A paragraph."),
  bullets: v.optional(
    boundedArray(text("each bullet", "A bullet."), { name: "bullets", max: MAX_BULLETS }),
  ),
  table: v.optional(boundedArray(objectRow, { name: "table", max: MAX_ROWS })),
};

const LegacySectionSchema = v.looseObject(
  legacySectionEntries,
  objectMessage("each section", legacySectionEntries),
);

const legacyReportEntries = {
  title: text("title", "Title shown on the document."),
  subtitle: optionalText("subtitle", "Subtitle."),
  summary: optionalText("summary", "Summary paragraph."),
  sections: v.optional(boundedArray(LegacySectionSchema, { name: "sections", max: MAX_SECTIONS })),
};

/** Variant B: the legacy payload. `title` is required; extra members are allowed. */
export const LegacyReportSchema = v.pipe(
  v.looseObject(legacyReportEntries, objectMessage("the report", legacyReportEntries)),
  v.description("The legacy report payload (variant B)."),
);

export type ReportModelInput = v.InferInput<typeof ReportModelSchema>;
export type ReportModel = v.InferOutput<typeof ReportModelSchema>;
export type LegacyReport = v.InferOutput<typeof LegacyReportSchema>;
export type WireScalar = v.InferOutput<typeof ScalarSchema>;
export type WireRow = v.InferOutput<typeof RowSchema>;

/**
 * Input of the MCP document tools (`report_pdf_generate` / `report_docx_generate`): every member
 * of the shared model, with `tables` required, tables and headline metrics of the listed members
 * only, object rows only, and no members beyond the model's.
 */
const toolTableEntries = {
  columns: columnsField(),
  rows: boundedArray(objectRow, { name: "rows", max: MAX_ROWS }),
  ...columnSpecEntries,
};

const toolMetricEntries = {
  label: text("label", "What the metric measures."),
  value: v.optional(ScalarSchema),
  unit: optionalText("unit", "Unit."),
  kind: metricKind,
};

const reportToolEntries = {
  ...reportModelEntries,
  tables: boundedRecord(
    v.string(),
    v.strictObject(toolTableEntries, objectMessage("each table", toolTableEntries)),
    { name: "tables" },
  ),
  headline_metrics: v.optional(
    boundedArray(
      v.strictObject(toolMetricEntries, objectMessage("each headline metric", toolMetricEntries)),
      { name: "headline_metrics", max: MAX_METRICS },
    ),
  ),
};

export const ReportToolInputSchema = v.strictObject(
  reportToolEntries,
  objectMessage("the report", reportToolEntries),
);
export type ReportToolInput = v.InferOutput<typeof ReportToolInputSchema>;
