import { textWidth } from "./columns.js";

/**
 * How many lines a wrapped cell takes, and the row height that shows them: neither Excel nor
 * LibreOffice fits a row's height to wrapped text when it opens a file, so the height is
 * written. Words wrap greedily in the column's width (Excel units, the body font's digit;
 * prose averages under a digit a character, bold a little more).
 */

/** A line of the body font (Calibri 11, LibreOffice's Carlito): points. */
const LINE_HEIGHT = 15;
/** What a cell's padding takes from its width. */
const PADDING = 1;
const PROSE_CHAR = 0.85;
const BOLD_CHAR = 1.1;

export function lineCount(text: string, width: number, bold = false): number {
  const room = Math.max(1, (width - PADDING) / (bold ? BOLD_CHAR : PROSE_CHAR));
  let lines = 0;
  for (const paragraph of text.split("\n")) {
    let line = 0;
    lines++;
    for (const word of paragraph.split(/\s+/)) {
      if (word === "") continue;
      const w = textWidth(word, Number.POSITIVE_INFINITY);
      if (line === 0) {
        line = w;
      } else if (line + 1 + w <= room) {
        line += 1 + w;
      } else {
        lines++;
        line = w;
      }
      // A word longer than the line breaks across lines of its own.
      while (line > room) {
        lines++;
        line -= room;
      }
    }
  }
  return lines;
}

/** The height of a row whose tallest cell takes `lines` lines. */
export const rowHeight = (lines: number): number => Math.ceil(LINE_HEIGHT * lines + 1);
