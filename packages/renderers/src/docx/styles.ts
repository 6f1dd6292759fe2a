import {
  AlignmentType,
  BorderStyle,
  type INumberingOptions,
  type IStylesOptions,
  LevelFormat,
  LineRuleType,
  ShadingType,
} from "docx";

/**
 * Fonts by character class. DOCX names fonts, it does not embed them here: Word and LibreOffice pick
 * each character's font by its class (`ascii`/`hAnsi` for Latin, Greek and Cyrillic, `eastAsia` for
 * Chinese, Japanese and Hangul, `cs` for complex scripts such as Arabic) and substitute the nearest
 * installed font when the named one is missing. Calibri (Word's default, with Cyrillic) and Arial
 * (which has Arabic glyphs on Windows and macOS) are on every Office machine; "Noto Sans CJK SC"
 * covers Han and Hangul where it is installed, and otherwise Word and LibreOffice fall back to the
 * system's CJK font. LibreOffice on Linux maps Calibri to Carlito and Arial to Liberation Sans (with
 * DejaVu Sans for the Arabic glyphs), so the document reads on every viewer without embedded fonts.
 */
const FONTS = Object.freeze({
  ascii: "Calibri",
  hAnsi: "Calibri",
  eastAsia: "Noto Sans CJK SC",
  cs: "Arial",
});

/**
 * The code font, for wallet addresses and digests: Consolas (on every Office machine) tells 0 from
 * O and l from 1, which matters in an address; LibreOffice on Linux sets it in DejaVu Sans Mono.
 */
export const MONO_FONT = "Consolas";

/** Table text is 9 pt; the code font in tables 8 pt (it sets larger than Calibri at a size). */
export const TABLE_TEXT_PT = 9;
export const TABLE_CODE_PT = 8;

/**
 * A4, as the PDFs and the workbooks print, with 16 mm margins: the same 7 in of text across a
 * portrait page as the US Letter pages before it had (tables and addresses lay out as they did),
 * 10.4 in across a landscape one.
 */
export const PAGE = Object.freeze({
  width: 11_906,
  height: 16_838,
  margin: 913,
  headerFooter: 540,
});
export const PORTRAIT_TEXT_WIDTH = PAGE.width - 2 * PAGE.margin;
export const LANDSCAPE_TEXT_WIDTH = PAGE.height - 2 * PAGE.margin;
/** Twips per CSS pixel (docx sizes pictures in pixels at 96 to the inch). */
export const TWIPS_PER_PX = 15;

/** Paragraph style ids defined below. */
export const STYLE = Object.freeze({
  normal: "Normal",
  subtitle: "Subtitle",
  tableText: "TableText",
  tableNumber: "TableNumber",
  tableTextMatch: "TableTextMatch",
  tableNumberMatch: "TableNumberMatch",
  tableCodeMatch: "TableCodeMatch",
  tableHeader: "TableHeading",
  tableHeaderNumber: "TableHeadingNumber",
  tableCode: "TableCode",
  tableNote: "TableNote",
  spacer: "TableSpacer",
  figure: "Figure",
  caption: "Caption",
  header: "Header",
  footer: "Footer",
  sampleEdition: "SampleEdition",
  listWarning: "ListWarning",
  provenance: "Provenance",
  provenanceFooter: "ProvenanceFooter",
});

export const BULLETS = "report-bullets";

const ACCENT = "1F3864";
const ACCENT_2 = "2F5496";
const MUTED = "595959";
const HEADER_FILL = "DCE3EE";
export const RULE_COLOR = "A6A6A6";

export const TABLE_BORDERS = Object.freeze({
  top: { style: BorderStyle.SINGLE, size: 4, color: RULE_COLOR },
  bottom: { style: BorderStyle.SINGLE, size: 4, color: RULE_COLOR },
  left: { style: BorderStyle.SINGLE, size: 4, color: RULE_COLOR },
  right: { style: BorderStyle.SINGLE, size: 4, color: RULE_COLOR },
  insideHorizontal: { style: BorderStyle.SINGLE, size: 2, color: "D0D0D0" },
  insideVertical: { style: BorderStyle.SINGLE, size: 2, color: "D0D0D0" },
});

/**
 * The tint of a row of screening results showing an exact match (its text bold too), and the
 * paler one of a near match (`rowFindings`), as the workbook tints them.
 */
export const FINDING_FILLS = Object.freeze({ match: "F8D7DA", "near-match": "FFF3CD" });

export const HEADER_SHADING = Object.freeze({
  type: ShadingType.CLEAR,
  color: "auto",
  fill: HEADER_FILL,
});

/**
 * All formatting is in styles, so runs and table cells carry no formatting of their own: a cell is
 * `<w:p><w:pPr><w:pStyle/></w:pPr><w:r><w:t/></w:r></w:p>`, which keeps 1,000-row tables fast to
 * write and small.
 */
export function documentStyles(): IStylesOptions {
  return {
    default: {
      document: {
        run: {
          font: FONTS,
          size: 20,
          sizeComplexScript: 20,
          language: { value: "en-US", eastAsia: "zh-CN", bidirectional: "ar-SA" },
        },
        paragraph: { spacing: { after: 120, line: 264, lineRule: LineRuleType.AUTO } },
      },
      title: {
        run: { font: FONTS, size: 40, bold: true, color: ACCENT },
        paragraph: { spacing: { before: 0, after: 60 } },
      },
      heading1: {
        run: { font: FONTS, size: 28, bold: true, color: ACCENT },
        paragraph: { spacing: { before: 320, after: 120 }, keepNext: true, keepLines: true },
      },
      heading2: {
        run: { font: FONTS, size: 24, bold: true, color: ACCENT_2 },
        paragraph: { spacing: { before: 240, after: 80 }, keepNext: true, keepLines: true },
      },
      heading3: {
        run: { font: FONTS, size: 21, bold: true, color: ACCENT_2 },
        paragraph: { spacing: { before: 200, after: 60 }, keepNext: true, keepLines: true },
      },
      listParagraph: {
        paragraph: { spacing: { after: 60 } },
      },
    },
    paragraphStyles: [
      {
        // The style every other is based on, defined so that each `w:basedOn` names a style of
        // the file (Word's own documents define it; without it LibreOffice and validators
        // resolve "Normal" to nothing). Its formatting is the document defaults'.
        id: STYLE.normal,
        name: "Normal",
        quickFormat: true,
        run: { font: FONTS },
      },
      {
        // Word's own caption style ("caption", what References > Insert Caption applies),
        // centred under the chart.
        id: STYLE.caption,
        name: "caption",
        basedOn: "Normal",
        next: "Normal",
        uiPriority: 35,
        semiHidden: true,
        unhideWhenUsed: true,
        quickFormat: true,
        run: { italics: true, size: 18, color: MUTED },
        paragraph: { alignment: AlignmentType.CENTER, spacing: { before: 60, after: 240 } },
      },
      {
        id: STYLE.subtitle,
        name: "Subtitle",
        basedOn: "Normal",
        next: "Normal",
        quickFormat: true,
        run: { size: 26, color: MUTED },
        paragraph: { spacing: { before: 0, after: 240 } },
      },
      {
        id: STYLE.tableText,
        name: "Table Text",
        basedOn: "Normal",
        quickFormat: true,
        run: { size: TABLE_TEXT_PT * 2, sizeComplexScript: TABLE_TEXT_PT * 2 },
        // An exact line height: rows of Latin, Cyrillic, CJK and Arabic text are all as tall
        // (auto spacing makes rows with CJK taller, from the CJK font's larger line gap).
        paragraph: { spacing: { before: 0, after: 0, line: 230, lineRule: LineRuleType.EXACT } },
      },
      {
        id: STYLE.tableNumber,
        name: "Table Number",
        basedOn: STYLE.tableText,
        paragraph: { alignment: AlignmentType.RIGHT },
      },
      {
        // Addresses and digests: the code font, never hyphenated or broken (the column is as
        // wide as its longest value, or the value has a full-width row of its own).
        id: STYLE.tableCode,
        name: "Table Code",
        basedOn: STYLE.tableText,
        run: {
          font: { ascii: MONO_FONT, hAnsi: MONO_FONT, eastAsia: MONO_FONT, cs: MONO_FONT },
          size: TABLE_CODE_PT * 2,
          sizeComplexScript: TABLE_CODE_PT * 2,
        },
      },
      // A row showing an exact match: its text bold (`FINDING_FILLS`).
      {
        id: STYLE.tableTextMatch,
        name: "Table Text Match",
        basedOn: STYLE.tableText,
        run: { bold: true, boldComplexScript: true },
      },
      {
        id: STYLE.tableNumberMatch,
        name: "Table Number Match",
        basedOn: STYLE.tableNumber,
        run: { bold: true, boldComplexScript: true },
      },
      {
        id: STYLE.tableCodeMatch,
        name: "Table Code Match",
        basedOn: STYLE.tableCode,
        run: { bold: true, boldComplexScript: true },
      },
      {
        id: STYLE.tableHeader,
        name: "Table Heading",
        basedOn: STYLE.tableText,
        run: { bold: true, boldComplexScript: true },
        paragraph: { keepNext: true },
      },
      {
        id: STYLE.tableHeaderNumber,
        name: "Table Heading Number",
        basedOn: STYLE.tableHeader,
        paragraph: { alignment: AlignmentType.RIGHT },
      },
      {
        id: STYLE.tableNote,
        name: "Table Note",
        basedOn: "Normal",
        run: { size: 17, italics: true, color: MUTED },
        paragraph: { spacing: { before: 0, after: 80 }, keepNext: true },
      },
      {
        id: STYLE.spacer,
        name: "Table Spacer",
        basedOn: "Normal",
        // One point tall, so that a table which fills its page to the bottom margin does not push
        // it (and the section break it carries) onto a blank page; the space is "after", which
        // Word and LibreOffice drop at the foot of a page.
        run: { size: 2, sizeComplexScript: 2 },
        paragraph: { spacing: { before: 0, after: 160, line: 20, lineRule: LineRuleType.EXACT } },
      },
      {
        id: STYLE.figure,
        name: "Figure",
        basedOn: "Normal",
        paragraph: {
          alignment: AlignmentType.CENTER,
          spacing: { before: 120, after: 0 },
          keepNext: true,
        },
      },
      {
        id: STYLE.header,
        name: "header",
        basedOn: "Normal",
        run: { size: 16, color: MUTED },
        paragraph: { alignment: AlignmentType.RIGHT, spacing: { after: 0 } },
      },
      {
        // The sample-edition warning at the top of the page header.
        id: STYLE.sampleEdition,
        name: "Sample Edition",
        basedOn: STYLE.header,
        run: { size: 18, bold: true, color: "B91C1C" },
        paragraph: { alignment: AlignmentType.CENTER, spacing: { after: 40 } },
      },
      {
        // The list warning (a stale list, say) under the title on page 1: bold red in a red box.
        id: STYLE.listWarning,
        name: "List Warning",
        basedOn: "Normal",
        run: { size: 20, bold: true, boldComplexScript: true, color: "B91C1C" },
        paragraph: {
          border: {
            top: { style: BorderStyle.SINGLE, size: 12, color: "B91C1C", space: 4 },
            bottom: { style: BorderStyle.SINGLE, size: 12, color: "B91C1C", space: 4 },
            left: { style: BorderStyle.SINGLE, size: 12, color: "B91C1C", space: 4 },
            right: { style: BorderStyle.SINGLE, size: 12, color: "B91C1C", space: 4 },
          },
          shading: { type: ShadingType.CLEAR, color: "auto", fill: "FEF2F2" },
          spacing: { before: 120, after: 160 },
          keepNext: true,
        },
      },
      {
        // What the service vouches for and when it screened, under the title on page 1.
        id: STYLE.provenance,
        name: "Provenance",
        basedOn: "Normal",
        run: { size: 18, bold: true, boldComplexScript: true, color: "1F2937" },
        paragraph: {
          border: {
            top: { style: BorderStyle.SINGLE, size: 6, color: "D5DBE4", space: 4 },
            bottom: { style: BorderStyle.SINGLE, size: 6, color: "D5DBE4", space: 4 },
            left: { style: BorderStyle.SINGLE, size: 6, color: "D5DBE4", space: 4 },
            right: { style: BorderStyle.SINGLE, size: 6, color: "D5DBE4", space: 4 },
          },
          shading: { type: ShadingType.CLEAR, color: "auto", fill: "F7F9FC" },
          spacing: { before: 60, after: 120 },
          keepNext: true,
        },
      },
      {
        // The footer of every page with a provenance line (a caller's content, or what was
        // verified) before the page number.
        id: STYLE.provenanceFooter,
        name: "Provenance Footer",
        basedOn: STYLE.footer,
        run: { size: 16, color: "92400E" },
      },
      {
        id: STYLE.footer,
        name: "footer",
        basedOn: "Normal",
        run: { size: 16, color: MUTED },
        paragraph: { alignment: AlignmentType.CENTER, spacing: { after: 0 } },
      },
    ],
    characterStyles: [
      {
        // What docx's own character styles (Hyperlink, FootnoteReference…) are based on.
        id: "DefaultParagraphFont",
        name: "Default Paragraph Font",
        uiPriority: 1,
        semiHidden: true,
        unhideWhenUsed: true,
      },
    ],
  };
}

export function documentNumbering(): INumberingOptions {
  return {
    config: [
      {
        reference: BULLETS,
        levels: [
          {
            level: 0,
            format: LevelFormat.BULLET,
            text: "\u2022",
            alignment: AlignmentType.LEFT,
            style: { paragraph: { indent: { left: 360, hanging: 240 } } },
          },
          {
            level: 1,
            format: LevelFormat.BULLET,
            text: "\u2013",
            alignment: AlignmentType.LEFT,
            style: { paragraph: { indent: { left: 720, hanging: 240 } } },
          },
        ],
      },
    ],
  };
}
