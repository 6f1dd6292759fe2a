import { SaxesParser } from "saxes";
import { OfacIndexError } from "../errors/ofac-index-error.js";

/** A minimal element tree for one subtree of the document (local names, no namespaces). */
export interface XNode {
  readonly name: string;
  readonly attrs: Readonly<Record<string, string>>;
  readonly children: XNode[];
  text: string;
}

export const localName = (qname: string): string => qname.slice(qname.indexOf(":") + 1);

/** Which subtrees to build, decided by the chain of local names above an element (root first). */
export type Selector = (name: string, ancestors: readonly string[]) => boolean;

/**
 * Streams XML text through saxes and hands every selected subtree, fully built, to `onTree`.
 * Elements outside selected subtrees only cost saxes' own tokenizing.
 */
export class TreeStream {
  private readonly parser: SaxesParser;
  private readonly ancestors: string[] = [];
  private readonly open: XNode[] = [];
  private rootAttrs: Record<string, string> | undefined;
  private rootQName: string | undefined;

  constructor(
    select: Selector,
    private readonly emit: (node: XNode, ancestors: readonly string[]) => void,
    label: string,
  ) {
    this.parser = new SaxesParser({ position: true, fileName: label });
    this.parser.on("error", (err) => {
      throw new OfacIndexError("MALFORMED_XML", `malformed XML in ${label}: ${err.message}`, {
        cause: err,
      });
    });
    this.parser.on("opentag", (tag) => {
      const name = localName(tag.name);
      const attrs = tag.attributes as Record<string, string>;
      if (this.rootAttrs === undefined) {
        this.rootAttrs = attrs;
        this.rootQName = tag.name;
      }
      const node: XNode | undefined =
        this.open.length > 0 || select(name, this.ancestors)
          ? { name, attrs, children: [], text: "" }
          : undefined;
      if (node !== undefined) {
        this.open.at(-1)?.children.push(node);
        this.open.push(node);
      }
      this.ancestors.push(name);
      if (tag.isSelfClosing) this.closeTag();
    });
    this.parser.on("closetag", (tag) => {
      if (!tag.isSelfClosing) this.closeTag();
    });
    const onText = (text: string) => {
      const top = this.open.at(-1);
      if (top !== undefined) top.text += text;
    };
    this.parser.on("text", onText);
    this.parser.on("cdata", onText);
  }

  private closeTag(): void {
    this.ancestors.pop();
    const node = this.open.pop();
    if (node !== undefined && this.open.length === 0) this.emit(node, this.ancestors);
  }

  /** Qualified name of the document's first element (the root), once seen. */
  get rootName(): string | undefined {
    return this.rootQName;
  }

  /** Attributes of the document's first element (the root), once seen. */
  get rootAttributes(): Readonly<Record<string, string>> | undefined {
    return this.rootAttrs;
  }

  write(text: string): void {
    this.parser.write(text);
  }

  close(): void {
    this.parser.close();
  }
}

/** Parses one complete element (a fragment cut from the document) into a tree. */
export function parseFragment(xml: string, label: string): XNode {
  let result: XNode | undefined;
  const stream = new TreeStream(
    (_name, ancestors) => ancestors.length === 0,
    (node) => {
      result = node;
    },
    label,
  );
  stream.write(xml);
  stream.close();
  if (result === undefined) {
    throw new OfacIndexError("MALFORMED_XML", `no element in ${label}`);
  }
  return result;
}

export const child = (node: XNode, name: string): XNode | undefined =>
  node.children.find((c) => c.name === name);

export const childrenNamed = (node: XNode, name: string): XNode[] =>
  node.children.filter((c) => c.name === name);
