/**
 * Structure tags of the tagged PDF (see patches/@react-pdf__render@4.7.0.patch at the
 * repository's root): an element's `pdfTag` prop makes it a structure element, in the order the
 * document draws it. Grouping types ("Table", "TR", "Sect") hold what is drawn inside them; any
 * other type ("H1", "P", "TD", "Figure", "Caption") is a leaf whose whole drawing is its content;
 * "Artifact" marks page furniture (running header, footer), which a screen reader skips.
 */
export type PdfTagType =
  | "Sect"
  | "Table"
  | "TR"
  | "H1"
  | "H2"
  | "H3"
  | "P"
  | "Caption"
  | "TH"
  | "TD"
  | "Figure"
  | "Artifact";

export interface PdfTag {
  readonly type: PdfTagType;
  /** Alternate text (a figure's). */
  readonly alt?: string;
  /** A header cell's scope. */
  readonly scope?: "Column" | "Row";
  /** Names an element a later one continues (a table over several pages, a cell drawn later). */
  readonly id?: string;
  /** Closes the element `id` names for good (a table's last page): it is written out then. */
  readonly last?: boolean;
}

/**
 * The props giving a react-pdf element its tag: spread onto it (`<Text {...tag("P")}>`).
 * react-pdf's prop types do not know `pdfTag`; its layout keeps every prop on the node.
 */
export function tag(t: PdfTagType | PdfTag): Record<string, unknown> {
  return { pdfTag: t };
}

/** What a canvas marked `pdfTagged` gets as its paint function's fourth argument. */
export interface Tagger {
  tag<T>(tag: PdfTagType | PdfTag, draw: () => T): T;
  artifact<T>(draw: () => T): T;
}

/** Draws straight through when the document is not tagged (no tagger). */
export const UNTAGGED: Tagger = {
  tag: (_tag, draw) => draw(),
  artifact: (draw) => draw(),
};
