import * as v from "valibot";
import { VALUE_KINDS } from "../kinds/value-kind.js";
import { boundedArray, boundedRecord } from "./bounded-schemas.js";

/**
 * The wire shapes of the shared report model and the legacy report payload, as valibot schemas: the single source for validation, types and
 * the generated JSON Schemas. Objects are loose where the model allows extra members. Sizes are
 * capped generously here; each renderer enforces its own, lower, document limits. Every list and
 * map is size-checked before its contents (`boundedArray`, `boundedRecord`), so an oversized one
 * is refused without validating its elements.
 */

const MAX_TEXT = 20_000;
/** The stale-list warning is one short sentence printed in a box on page one. */
const MAX_LIST_WARNING = 300;
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
const text = (description: string) =>
  v.pipe(v.string(), v.maxLength(MAX_TEXT), v.description(description));
const optionalText = (description: string) => v.optional(text(description));

export const ScalarSchema = v.pipe(
  v.union([v.string(), v.pipe(v.number(), v.finite()), v.boolean(), v.null()]),
  v.description("A string, a finite number, a boolean or null."),
);

export const RowSchema = v.pipe(
  // Arrays first: valibot's record() also accepts arrays (as objects keyed "0", "1", …).
  v.union([v.array(ScalarSchema), v.record(v.string(), ScalarSchema)]),
  v.description("An object mapping column name to value, or an array of values in column order."),
);

export const ValueKindSchema = v.pipe(
  v.picklist(VALUE_KINDS),
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
    boundedRecord(v.string(), v.pipe(v.string(), v.maxLength(MAX_LABEL)), {
      max: MAX_COLUMNS,
      description:
        'Header text by column key, e.g. {"sdn_entry_id": "SDN entry ID"}; by default a key is humanized.',
    }),
  ),
  column_kinds: v.optional(
    boundedRecord(v.string(), ValueKindSchema, {
      max: MAX_COLUMNS,
      description:
        'Value kind by column key, e.g. {"address": "address"}; by default inferred from the key and the values.',
    }),
  ),
};

export const TableSchema = v.looseObject({
  columns: boundedArray(v.string(), {
    max: MAX_COLUMNS,
    description: "Column names, in display order.",
  }),
  rows: boundedArray(RowSchema, { max: MAX_ROWS }),
  ...columnSpecEntries,
});

export const ReportMetaSchema = v.pipe(
  v.looseObject({
    report_type: optionalText("Machine name of the report, e.g. enhanced-due-diligence."),
    title: optionalText("Title shown on the document."),
    report_title: optionalText("Alternative to title."),
    name: optionalText("Alternative to title."),
    author: optionalText("Who wrote or owns the report."),
    owner: optionalText("Used as the author when author is absent."),
    date: optionalText("Report date, e.g. 2026-11-22."),
    version: optionalText("Report version."),
    sample_edition: v.optional(
      v.pipe(
        v.boolean(),
        v.description(
          "True when the report was built on the embedded SAMPLE edition of the list (a demo excerpt), not OFAC's published list: every page of every document made from it then says so.",
        ),
      ),
    ),
    list_warning: v.optional(
      v.pipe(
        v.string(),
        v.maxLength(MAX_LIST_WARNING),
        v.description(
          "A warning about the list the report was built on (e.g. a STALE LIST not confirmed current for longer than the service allows), at most 300 characters: page one of every document made from it shows it in a red box under the title.",
        ),
      ),
    ),
  }),
  v.description("Title block of the report."),
);

/** A metric's kind on the wire: by default inferred from its unit, label and value. */
const metricKind = v.optional(ValueKindSchema);

export const HeadlineMetricSchema = v.looseObject({
  label: text("What the metric measures."),
  value: v.optional(ScalarSchema),
  unit: optionalText("Unit shown after the value."),
  kind: metricKind,
});

export const ChartHintSchema = v.pipe(
  v.looseObject({}),
  v.description(
    "A chart to draw: {type: 'bar'|'line', title, table, x, y} referring to a table's columns, " +
      "or {type, title, labels, series: [{name, values}]} inline; x_label and y_label title the axes, " +
      "y_kind says what the values are (e.g. probability: a 0-100% axis).",
  ),
);

/**
 * The members of the shared report model, named once: the model (variant A) opens them to extra
 * members, and the document tools' input narrows some of them, so every report this service
 * returns (`chart_hints` included) is an input of both.
 */
const reportModelEntries = {
  report_meta: ReportMetaSchema,
  executive_summary: v.optional(boundedArray(text("A paragraph."), { max: MAX_PARAGRAPHS })),
  headline_metrics: v.optional(boundedArray(HeadlineMetricSchema, { max: MAX_METRICS })),
  tables: v.optional(boundedRecord(v.string(), TableSchema, { description: "Tables by name." })),
  export_artifacts: v.optional(
    v.looseObject({
      workbook_rows: v.optional(
        boundedRecord(v.string(), boundedArray(RowSchema, { max: MAX_ROWS }), {
          description: "Extra spreadsheet sheets by name.",
        }),
      ),
    }),
  ),
  chart_hints: v.optional(boundedArray(ChartHintSchema, { max: MAX_CHART_HINTS })),
  result: v.optional(v.looseObject({})),
};

/** Variant A: the shared report model. `report_meta` is required; extra members are allowed. */
export const ReportModelSchema = v.pipe(
  v.looseObject(reportModelEntries),
  v.description("The shared report model (variant A)."),
);

export const LegacySectionSchema = v.looseObject({
  heading: optionalText("Section heading."),
  title: optionalText("Section heading, when heading is absent."),
  body: optionalText("A paragraph."),
  text: optionalText("A paragraph."),
  bullets: v.optional(boundedArray(text("A bullet."), { max: MAX_BULLETS })),
  table: v.optional(boundedArray(v.record(v.string(), ScalarSchema), { max: MAX_ROWS })),
});

/** Variant B: the legacy payload. `title` is required; extra members are allowed. */
export const LegacyReportSchema = v.pipe(
  v.looseObject({
    title: text("Title shown on the document."),
    subtitle: optionalText("Subtitle."),
    summary: optionalText("Summary paragraph."),
    sections: v.optional(boundedArray(LegacySectionSchema, { max: MAX_SECTIONS })),
  }),
  v.description("The legacy report payload (variant B)."),
);

export type ReportModelInput = v.InferInput<typeof ReportModelSchema>;
export type ReportModel = v.InferOutput<typeof ReportModelSchema>;
export type LegacyReportInput = v.InferInput<typeof LegacyReportSchema>;
export type LegacyReport = v.InferOutput<typeof LegacyReportSchema>;
export type WireScalar = v.InferOutput<typeof ScalarSchema>;
export type WireRow = v.InferOutput<typeof RowSchema>;

/**
 * Input of the MCP document tools (`report_pdf_generate` / `report_docx_generate`): every member
 * of the shared model, with `tables` required, tables and headline metrics of the listed members
 * only, object rows only, and no members beyond the model's.
 */
export const ReportToolInputSchema = v.strictObject({
  ...reportModelEntries,
  tables: boundedRecord(
    v.string(),
    v.strictObject({
      columns: boundedArray(v.string(), { max: MAX_COLUMNS }),
      rows: boundedArray(v.record(v.string(), ScalarSchema), { max: MAX_ROWS }),
      ...columnSpecEntries,
    }),
  ),
  headline_metrics: v.optional(
    boundedArray(
      v.strictObject({
        label: text("What the metric measures."),
        value: v.optional(ScalarSchema),
        unit: optionalText("Unit."),
        kind: metricKind,
      }),
      { max: MAX_METRICS },
    ),
  ),
});
export type ReportToolInput = v.InferOutput<typeof ReportToolInputSchema>;
