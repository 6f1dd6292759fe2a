import type { Report, ReportTable } from "@svc/report-model";

const MAX_SUMMARY_LINES = 2;
const MAX_LINE = 200;
const MAX_NAMES = 8;

/** Cuts a line at a word boundary, so a preview never ends inside an address or a name. */
const clip = (line: string): string => {
  if (line.length <= MAX_LINE) return line;
  const head = line.slice(0, MAX_LINE - 1);
  const space = head.lastIndexOf(" ");
  return `${(space > MAX_LINE / 2 ? head.slice(0, space) : head).trimEnd()}…`;
};

const listed = (label: string, names: readonly string[]): string[] => {
  if (names.length === 0) return [];
  const shown = names.slice(0, MAX_NAMES).join(", ");
  const more = names.length > MAX_NAMES ? `, and ${names.length - MAX_NAMES} more` : "";
  return [clip(`${label}: ${shown}${more}`)];
};

const rows = (t: ReportTable): string => `${t.rows.length} row${t.rows.length === 1 ? "" : "s"}`;

/**
 * `data.preview`: a few lines a caller (or an agent deciding what to open) can read without
 * decoding the file: the title, the start of the executive summary, and the sections, tables
 * and workbook sheets with their row counts, so a missing or empty table shows at once.
 */
export function documentPreview(report: Report): string[] {
  const { title, subtitle } = report.meta;
  return [
    clip(subtitle === null ? title : `${title} (${subtitle})`),
    ...report.summary.slice(0, MAX_SUMMARY_LINES).map(clip),
    ...listed(
      "Sections",
      report.sections.map((s, i) => {
        const heading = s.heading ?? `Section ${i + 1}`;
        return s.table === null ? heading : `${heading} (table, ${rows(s.table)})`;
      }),
    ),
    ...listed(
      "Tables",
      report.tables.map((t) => `${t.key} (${rows(t)})`),
    ),
    ...listed(
      "Workbook sheets",
      report.workbook.map((t) => `${t.key} (${rows(t)})`),
    ),
  ];
}
