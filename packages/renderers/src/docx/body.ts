import type { FileChild } from "docx";

/** A run of pages of one orientation: a section of the document. */
export interface Block {
  readonly landscape: boolean;
  readonly children: FileChild[];
}

/** Headings, which move with what follows them onto its pages. */
const headings = new WeakSet<FileChild>();

/** Marks `paragraph` as a heading (see `Body.add`). */
export function asHeading<T extends FileChild>(paragraph: T): T {
  headings.add(paragraph);
  return paragraph;
}

/**
 * Collects the document's content as runs of portrait and landscape pages. A change of
 * orientation is a section break, which starts a new page: content of the same orientation
 * stays in one section, so pages break only where the content fills them.
 */
export class Body {
  readonly blocks: Block[] = [];

  add(landscape: boolean, ...children: FileChild[]): void {
    const last = this.blocks.at(-1);
    if (last !== undefined && last.landscape === landscape) {
      last.children.push(...children);
      return;
    }
    // A heading that ends the pages before a change of orientation would sit alone at the foot
    // of its page (section breaks start a new page): it goes with its content instead.
    const carried: FileChild[] = [];
    while (last !== undefined) {
      const tail = last.children.at(-1);
      if (tail === undefined || !headings.has(tail)) break;
      carried.unshift(tail);
      last.children.pop();
    }
    if (last !== undefined && last.children.length === 0) this.blocks.pop();
    this.blocks.push({ landscape, children: [...carried, ...children] });
  }
}
