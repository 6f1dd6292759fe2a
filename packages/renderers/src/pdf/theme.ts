import { StyleSheet } from "@react-pdf/renderer";
import { MONO_FAMILY } from "./mono-font.js";

/** A4 in points, and the content box every page shares. */
export const PAGE = Object.freeze({
  width: 595.28,
  height: 841.89,
  marginX: 42,
  /** Top of the content on pages 2+ (below the running header). */
  contentTop: 54,
  /** Bottom of the content (above the footer). */
  contentBottom: 841.89 - 50,
});
export const CONTENT_WIDTH = PAGE.width - 2 * PAGE.marginX;

export const COLORS = Object.freeze({
  navy: "#1b2a4a",
  navyText: "#ffffff",
  bandMuted: "#b8c4da",
  accent: "#2f5d9e",
  text: "#1f2937",
  muted: "#6b7280",
  rule: "#d5dbe4",
  grid: "#dfe4eb",
  zebra: "#f3f5f9",
  card: "#f7f9fc",
  /** The sample-edition warning strip. */
  warning: "#b91c1c",
  /** Content the service did not verify. */
  notice: "#92400e",
  /**
   * A row of screening results showing an exact match: a red tint (about 85% grey in greyscale
   * print, well darker than the zebra's 96%) and a solid bar at its left edge.
   */
  matchTint: "#f5cccc",
  matchBar: "#b91c1c",
  /** A row showing a near match: a lighter amber tint (about 93% grey) and a thin bar. */
  nearTint: "#fbeccb",
  nearBar: "#b45309",
});

/** Type sizes and line heights (points). Line heights are exact: react-pdf honours them. */
export const TYPE = Object.freeze({
  bandLabel: { size: 7.5, line: 10 },
  title: { size: 17, line: 21 },
  subtitle: { size: 10, line: 13 },
  metaLabel: { size: 6.5, line: 8.5 },
  metaValue: { size: 9, line: 12 },
  h1: { size: 12, line: 15 },
  body: { size: 9.5, line: 13.5 },
  cardLabel: { size: 7, line: 9 },
  cardValue: { size: 14, line: 17 },
  cardValueSmall: { size: 10.5, line: 13 },
  cardUnit: { size: 8, line: 10 },
  tableTitle: { size: 10, line: 13 },
  cell: { size: 7.5, line: 9.5 },
  cellDense: { size: 6.5, line: 8.25 },
  running: { size: 7, line: 9 },
  sampleBanner: { size: 7.5, line: 10 },
  listWarning: { size: 9, line: 12 },
});

/** The list-warning box on page 1 (layout.ts measures with these; styles.listWarning draws). */
export const LIST_WARNING_BOX = Object.freeze({ padX: 8, padY: 6, border: 1.5, gap: 12 });

export const SPACING = Object.freeze({
  /** Below the title band / meta strip on page 1. */
  afterMeta: 16,
  afterHeading: 6,
  afterParagraph: 6,
  afterBlock: 14,
  bulletIndent: 12,
  cardGap: 8,
  cardPadX: 8,
  cardPadY: 7,
  cellPadX: 4,
  cellPadY: 3,
  tableTitleGap: 4,
  chartGap: 12,
});

/** An absolute line height: react-pdf multiplies unitless values by the font size. */
function pt(value: number): string {
  return `${value}pt`;
}

/** Created once; per-document variants (font stacks, column widths) are small style arrays. */
export const styles = StyleSheet.create({
  page: {
    fontFamily: "DejaVu Sans",
    fontSize: TYPE.body.size,
    color: COLORS.text,
    backgroundColor: "#ffffff",
  },
  /**
   * react-pdf 4.9 sizes a `wrap={false}` page to its flow content (all our content is
   * absolutely positioned), so each page holds one invisible full-height spacer.
   */
  pageSpacer: { width: PAGE.width, height: PAGE.height },
  content: {
    position: "absolute",
    left: PAGE.marginX,
    width: CONTENT_WIDTH,
    flexDirection: "column",
  },
  // Page 1 title band
  band: {
    position: "absolute",
    top: 0,
    left: 0,
    width: PAGE.width,
    backgroundColor: COLORS.navy,
    paddingHorizontal: PAGE.marginX,
    paddingTop: 26,
    paddingBottom: 18,
  },
  bandLabel: {
    fontSize: TYPE.bandLabel.size,
    lineHeight: pt(TYPE.bandLabel.line),
    color: COLORS.bandMuted,
    fontWeight: 700,
    letterSpacing: 0.8,
  },
  bandTitle: {
    fontSize: TYPE.title.size,
    lineHeight: pt(TYPE.title.line),
    color: COLORS.navyText,
    fontWeight: 700,
  },
  bandSubtitle: {
    fontSize: TYPE.subtitle.size,
    lineHeight: pt(TYPE.subtitle.line),
    color: COLORS.bandMuted,
  },
  metaStrip: {
    flexDirection: "row",
    borderBottomWidth: 0.75,
    borderBottomColor: COLORS.rule,
    paddingBottom: 8,
  },
  metaItem: { flexDirection: "column", paddingRight: 10 },
  metaLabel: {
    fontSize: TYPE.metaLabel.size,
    lineHeight: pt(TYPE.metaLabel.line),
    color: COLORS.muted,
    letterSpacing: 0.5,
  },
  metaValue: {
    fontSize: TYPE.metaValue.size,
    lineHeight: pt(TYPE.metaValue.line),
    color: COLORS.text,
  },
  // Running header (pages 2+) and footer (every page)
  running: {
    position: "absolute",
    top: 24,
    left: PAGE.marginX,
    width: CONTENT_WIDTH,
    flexDirection: "row",
    justifyContent: "space-between",
    borderBottomWidth: 0.5,
    borderBottomColor: COLORS.rule,
    paddingBottom: 4,
  },
  runningSide: { flexDirection: "column" },
  runningRight: { alignItems: "flex-end" },
  runningText: {
    fontSize: TYPE.running.size,
    lineHeight: pt(TYPE.running.line),
    color: COLORS.muted,
  },
  footer: {
    position: "absolute",
    top: PAGE.height - 34,
    left: PAGE.marginX,
    width: CONTENT_WIDTH,
    flexDirection: "row",
    justifyContent: "flex-end",
    borderTopWidth: 0.5,
    borderTopColor: COLORS.rule,
    paddingTop: 5,
  },
  /**
   * The sample-edition strip across the top edge of every page: above the running header
   * (top 24) on pages 2+, and inside the title band's top padding (26) on page 1, so it
   * never touches content or the footer.
   */
  sampleBanner: {
    position: "absolute",
    top: 0,
    left: 0,
    width: PAGE.width,
    height: 16,
    paddingTop: 3,
    backgroundColor: COLORS.warning,
  },
  sampleBannerText: {
    fontSize: TYPE.sampleBanner.size,
    lineHeight: pt(TYPE.sampleBanner.line),
    fontWeight: 700,
    color: "#ffffff",
    letterSpacing: 0.6,
    textAlign: "center",
  },
  /** The list warning (a stale list, say): a red-bordered box between title band and meta. */
  listWarning: {
    borderWidth: LIST_WARNING_BOX.border,
    borderColor: COLORS.warning,
    backgroundColor: "#fef2f2",
    paddingHorizontal: LIST_WARNING_BOX.padX,
    paddingVertical: LIST_WARNING_BOX.padY,
  },
  listWarningText: {
    fontSize: TYPE.listWarning.size,
    lineHeight: pt(TYPE.listWarning.line),
    fontWeight: 700,
    color: COLORS.warning,
  },
  /** Content the service did not verify: an amber box on page 1, amber in every footer. */
  noticeBox: {
    borderWidth: LIST_WARNING_BOX.border,
    borderColor: COLORS.notice,
    backgroundColor: "#fffbeb",
    paddingHorizontal: LIST_WARNING_BOX.padX,
    paddingVertical: LIST_WARNING_BOX.padY,
  },
  noticeText: {
    fontSize: TYPE.listWarning.size,
    lineHeight: pt(TYPE.listWarning.line),
    fontWeight: 700,
    color: COLORS.notice,
  },
  /** What was verified and when it was screened: a grey box on page 1. */
  plainBox: {
    borderWidth: LIST_WARNING_BOX.border,
    borderColor: COLORS.rule,
    backgroundColor: COLORS.card,
    paddingHorizontal: LIST_WARNING_BOX.padX,
    paddingVertical: LIST_WARNING_BOX.padY,
  },
  plainText: {
    fontSize: TYPE.listWarning.size,
    lineHeight: pt(TYPE.listWarning.line),
    fontWeight: 700,
    color: COLORS.text,
  },
  /** The footer holding a provenance line: the line on the left, the page number on the right. */
  footerWithNote: { justifyContent: "space-between" },
  footerNotice: {
    lineHeight: pt(TYPE.running.line),
    fontWeight: 700,
    color: COLORS.notice,
  },
  footerPlain: {
    lineHeight: pt(TYPE.running.line),
    fontWeight: 700,
    color: COLORS.muted,
  },
  // Prose
  h1: {
    fontSize: TYPE.h1.size,
    lineHeight: pt(TYPE.h1.line),
    fontWeight: 700,
    color: COLORS.navy,
  },
  paragraph: {
    fontSize: TYPE.body.size,
    lineHeight: pt(TYPE.body.line),
  },
  bulletRow: { flexDirection: "row" },
  bulletMark: {
    width: SPACING.bulletIndent,
    fontSize: TYPE.body.size,
    lineHeight: pt(TYPE.body.line),
    color: COLORS.accent,
  },
  bulletText: {
    width: CONTENT_WIDTH - SPACING.bulletIndent,
    fontSize: TYPE.body.size,
    lineHeight: pt(TYPE.body.line),
  },
  // Metric cards
  cardRow: { flexDirection: "row" },
  card: {
    backgroundColor: COLORS.card,
    borderWidth: 0.75,
    borderColor: COLORS.rule,
    borderLeftWidth: 3,
    borderLeftColor: COLORS.accent,
    paddingHorizontal: SPACING.cardPadX,
    paddingVertical: SPACING.cardPadY,
  },
  cardLabel: {
    fontSize: TYPE.cardLabel.size,
    lineHeight: pt(TYPE.cardLabel.line),
    color: COLORS.muted,
  },
  cardValue: {
    fontSize: TYPE.cardValue.size,
    lineHeight: pt(TYPE.cardValue.line),
    fontWeight: 700,
    color: COLORS.navy,
  },
  cardValueSmall: {
    fontSize: TYPE.cardValueSmall.size,
    lineHeight: pt(TYPE.cardValueSmall.line),
    fontWeight: 700,
    color: COLORS.navy,
  },
  cardUnit: {
    fontSize: TYPE.cardUnit.size,
    lineHeight: pt(TYPE.cardUnit.line),
    color: COLORS.muted,
  },
  // Tables
  tableTitle: {
    fontSize: TYPE.tableTitle.size,
    lineHeight: pt(TYPE.tableTitle.line),
    fontWeight: 700,
    color: COLORS.navy,
  },
  tableContinued: {
    fontSize: TYPE.tableTitle.size,
    lineHeight: pt(TYPE.tableTitle.line),
    color: COLORS.muted,
  },
  tableText: {
    fontSize: TYPE.cell.size,
    lineHeight: pt(TYPE.cell.line),
  },
  tableTextDense: {
    fontSize: TYPE.cellDense.size,
    lineHeight: pt(TYPE.cellDense.line),
  },
  chartRow: { flexDirection: "row", justifyContent: "space-between" },
  // Spacing around multi-line texts (applied to the box holding the lines)
  gapBelowBandLabel: { marginBottom: 6 },
  gapAboveSubtitle: { marginTop: 5 },
  gapBelowMetaLabel: { marginBottom: 2 },
  gapBelowCardLabel: { marginBottom: 3 },
  gapAboveCardUnit: { marginTop: 1 },
  gapBelowTableTitle: { marginBottom: SPACING.tableTitleGap },
  alignRight: { textAlign: "right" },
  headText: { fontWeight: 700, color: COLORS.navyText },
  bodyText: { color: COLORS.text },
  /** An address or a digest in prose (`Lines.mono`): the face tables set them in. */
  monoRun: { fontFamily: MONO_FAMILY, fontWeight: 400 },
  /** A row showing a match (`TableRow.finding`). */
  matchText: { fontWeight: 700 },
});
