import { looksLikeAddress } from "@svc/report-model";
import { AlignmentType, NoBreakHyphen, Paragraph, type ParagraphChild, TextRun } from "docx";
import { GROUPED_DIGEST } from "../pdf/clean-text.js";
import { monoSegments } from "../pdf/whole-tokens.js";
import { MONO_FONT } from "./styles.js";

/** Hebrew, Arabic, Syriac, Thaana, NKo, Samaritan, Mandaic and the Arabic presentation forms. */
const RTL_CHAR = /[\u0590-\u08FF\uFB1D-\uFDFF\uFE70-\uFEFF]/;
const RTL_CHARS = /[\u0590-\u08FF\uFB1D-\uFDFF\uFE70-\uFEFF]/g;
const LETTERS = /\p{L}/gu;

/**
 * Whether most of the letters of `text` are in a right-to-left script (Arabic-script SDN names, for
 * example). Such text is laid out as a right-to-left paragraph with `w:rtl` runs, so Word shapes it
 * with the complex-script font and orders it correctly. Text that only quotes an Arabic name inside
 * Latin prose stays left-to-right: the Unicode bidi algorithm orders the quoted part by itself.
 */
export function isMainlyRtl(text: string): boolean {
  if (!RTL_CHAR.test(text)) return false;
  const rtl = text.match(RTL_CHARS)?.length ?? 0;
  const letters = text.match(LETTERS)?.length ?? 0;
  return rtl * 2 > letters;
}

/** A date (2021-04-15): Word and LibreOffice would break a line at its hyphens. */
const DATE = /\b\d{4}-\d{2}-\d{2}\b/;
const DATES = /\b(\d{4})-(\d{2})-(\d{2})\b/g;

/** The children of a run of `line`: its dates' hyphens non-breaking (`w:noBreakHyphen`). */
function lineChildren(line: string): (string | NoBreakHyphen)[] {
  const children: (string | NoBreakHyphen)[] = [];
  let at = 0;
  for (const m of line.matchAll(DATES)) {
    const [, year = "", month = "", day = ""] = m;
    if (m.index > at) children.push(line.slice(at, m.index));
    children.push(year, new NoBreakHyphen(), month, new NoBreakHyphen(), day);
    at = m.index + m[0].length;
  }
  if (at < line.length) children.push(line.slice(at));
  return children;
}

/** One line's run: plain text, or with dates kept whole. */
const lineRun = (line: string, rtl: boolean, lineBreak: boolean): TextRun =>
  new TextRun({
    ...(DATE.test(line) ? { children: lineChildren(line) } : { text: line }),
    break: lineBreak ? 1 : undefined,
    rightToLeft: rtl || undefined,
  });

/** One run per line (a `w:br` between lines), right-to-left when the text is; dates never break. */
export function textRuns(text: string, rtl: boolean): TextRun[] {
  return text.split(/\r?\n/).map((line, i) => lineRun(line, rtl, i > 0));
}

const CODE_FONT = { ascii: MONO_FONT, hAnsi: MONO_FONT, eastAsia: MONO_FONT, cs: MONO_FONT };

/**
 * The pieces of a line: its digests (grouped ones too) apart from the prose. Addresses stay in
 * the text face in prose: Word and LibreOffice wrap a line themselves, and a 95-character address
 * in the code face is wider than a portrait line, so it would break (tables set them in the code
 * face in a column as wide as they are).
 */
function proseSegments(line: string): { readonly text: string; readonly mono: boolean }[] {
  const out: { text: string; mono: boolean }[] = [];
  const digests = (part: string) =>
    monoSegments(part).map((s) => (s.mono && looksLikeAddress(s.text) ? { ...s, mono: false } : s));
  let at = 0;
  for (const m of line.matchAll(GROUPED_DIGEST)) {
    out.push(...digests(line.slice(at, m.index)), { text: m[0], mono: true });
    at = m.index + m[0].length;
  }
  out.push(...digests(line.slice(at)));
  return out.filter((s) => s.text !== "");
}

/**
 * Prose as runs, its digests (an attestation's grouped fingerprint too) in the code font, the
 * rest as `textRuns` makes it; `bold` for every run.
 */
export function proseRuns(text: string, rtl: boolean, bold = false): TextRun[] {
  return text.split(/\r?\n/).flatMap((line, i) =>
    proseSegments(line).map(
      (segment, j) =>
        new TextRun({
          ...(DATE.test(segment.text)
            ? { children: lineChildren(segment.text) }
            : { text: segment.text }),
          break: i > 0 && j === 0 ? 1 : undefined,
          rightToLeft: rtl || undefined,
          bold: bold || undefined,
          ...(segment.mono ? { font: CODE_FONT } : {}),
        }),
    ),
  );
}

/**
 * A paragraph of `text` in the paragraph style `style`. Formatting lives in the style (see
 * `styles.ts`), so a plain paragraph is one `w:p` with a `w:pStyle` and one run: the cheapest XML
 * docx writes, which matters for tables of thousands of cells. Mainly right-to-left text becomes a
 * right-to-left paragraph; `keepLeft` keeps it on the left of its cell like the rest of its column
 * (docx writes the logical `w:jc` that Word and LibreOffice read as "left" in such a paragraph).
 */
export function styledParagraph(
  style: string,
  text: string,
  options: {
    readonly children?: readonly ParagraphChild[];
    readonly keepLeft?: boolean;
    /** Kept on the page of what follows (a table row: with the next row). */
    readonly keepNext?: boolean;
  } = {},
): Paragraph {
  const keepNext = options.keepNext === true || undefined;
  if (text === "") return new Paragraph({ style, keepNext, children: options.children });
  const rtl = isMainlyRtl(text);
  if (!rtl && !text.includes("\n") && options.children === undefined && !DATE.test(text)) {
    return new Paragraph({ style, keepNext, text });
  }
  return new Paragraph({
    style,
    keepNext,
    bidirectional: rtl || undefined,
    alignment: rtl && options.keepLeft === true ? AlignmentType.LEFT : undefined,
    children: [...textRuns(text, rtl), ...(options.children ?? [])],
  });
}

/**
 * A paragraph of code (an address, a digest) in the code-font style, at `sizePt` where that is
 * smaller than the style's.
 */
export function codeParagraph(
  style: string,
  text: string,
  sizePt: number,
  styleSizePt: number,
  keepNext: boolean,
): Paragraph {
  if (sizePt === styleSizePt)
    return new Paragraph({ style, keepNext: keepNext || undefined, text });
  return new Paragraph({
    style,
    keepNext: keepNext || undefined,
    children: [
      new TextRun({
        text,
        size: Math.round(sizePt * 2),
        sizeComplexScript: Math.round(sizePt * 2),
      }),
    ],
  });
}
