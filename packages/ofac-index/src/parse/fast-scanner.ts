import { createHash } from "node:crypto";
import { OfacIndexError } from "../errors/ofac-index-error.js";
import type { ScannedDocument } from "./assemble-edition.js";
import { checkRoot } from "./document-root.js";
import {
  dcaFeatureTypes,
  entryHeadFromText,
  type RawEntry,
  type RawEntryHead,
  type RawParty,
  type ReferenceTables,
  readDate,
  readEntry,
  readParty,
  readReferenceTables,
} from "./read-records.js";
import { localName, parseFragment, TreeStream, type XNode } from "./xml-tree.js";

type Phase =
  | "prolog"
  | "header"
  | "before-parties"
  | "parties"
  | "before-entries"
  | "entries"
  | "tail";

const LT = 0x3c;
const GT = 0x3e;
const SLASH = 0x2f;
const EQ = 0x3d;
const isSpace = (b: number | undefined) => b === 0x20 || b === 0x09 || b === 0x0a || b === 0x0d;
const isDigit = (b: number | undefined) => b !== undefined && b >= 0x30 && b <= 0x39;
/** A start tag `<Name` must be followed by white space, `>` or `/` (not `<NameSuffix`). */
const endsName = (b: number | undefined) => isSpace(b) || b === GT || b === SLASH;

/** Longest needle; the window always keeps this many trailing bytes for a match split by a chunk. */
const TAIL = 64;
/** The header (DateOfIssue + ReferenceValueSets) is ~90 KB; past this the input is not SDN XML. */
const MAX_HEADER_BYTES = 32 * 1024 * 1024;

export interface ScannerOptions {
  /** Refuse documents larger than this many XML bytes (guards against decompression bombs). */
  readonly maxXmlBytes?: number;
}

/**
 * Extracts everything needed for screening from SDN Advanced XML bytes, pushed in chunks of any
 * size, without tokenizing the ~120 MB that cannot hold a digital-currency address.
 *
 * - The header (root, DateOfIssue, ReferenceValueSets) is parsed in full by saxes; it yields the
 *   digital-currency FeatureType IDs.
 * - In DistinctParties, a byte search for the attribute name `FeatureTypeID` finds every
 *   Feature; each DistinctParty holding a digital-currency one is cut out whole and parsed in
 *   full by saxes. Parties without one are skipped unread.
 * - In SanctionsEntries, every entry's ids and events are read by a byte search and a few
 *   regular expressions (every SDN party is known, with or without addresses); the entries of
 *   parties that hold addresses are parsed in full.
 * - The document must end with the root's end tag: a truncated file is refused.
 * - The SHA-256 of every byte is computed on the way.
 */
export class FastScanner {
  private readonly hash = createHash("sha256");
  private readonly decoder = new TextDecoder("utf-8", { fatal: true });
  private readonly maxXmlBytes: number;
  private win: Buffer = Buffer.alloc(0);
  private cursor = 0;
  private total = 0;
  private phase: Phase = "prolog";
  private prefix = "";
  private needles!: Record<
    | "refEnd"
    | "parties"
    | "partiesEnd"
    | "party"
    | "partyEnd"
    | "featureType"
    | "entries"
    | "entriesEnd"
    | "entry"
    | "entryEnd"
    | "measure"
    | "rootEnd",
    Buffer
  >;
  private namespace = "";
  private datasetDate: string | null = null;
  private tables: ReferenceTables | undefined;
  private dcaTypes = new Map<string, string>();
  private readonly parties: RawParty[] = [];
  private readonly dcaProfiles = new Set<string>();
  private readonly entries: RawEntry[] = [];
  private readonly entryHeads: RawEntryHead[] = [];

  constructor(options: ScannerOptions = {}) {
    this.maxXmlBytes = options.maxXmlBytes ?? 1024 * 1024 * 1024;
  }

  /** Bytes consumed so far. */
  get bytesRead(): number {
    return this.total;
  }

  push(chunk: Uint8Array): void {
    this.total += chunk.length;
    if (this.total > this.maxXmlBytes) {
      throw new OfacIndexError(
        "SIZE_LIMIT",
        `XML larger than the limit of ${this.maxXmlBytes} bytes`,
        { details: { limit: this.maxXmlBytes } },
      );
    }
    this.hash.update(chunk);
    const bytes = Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
    this.win = this.win.length === 0 ? bytes : Buffer.concat([this.win, bytes]);
    const keepFrom = this.scan();
    if (keepFrom > 0) {
      this.win = this.win.subarray(keepFrom);
      this.cursor -= keepFrom;
    }
  }

  end(): ScannedDocument {
    const trimmed = this.win.toString("latin1").trimEnd();
    const closed = this.needles !== undefined && trimmed.endsWith(this.needles.rootEnd.toString());
    if (this.phase !== "tail" || !closed) {
      if (this.phase === "prolog" && this.total === 0) {
        throw new OfacIndexError("NOT_SDN_ADVANCED", "the input is empty");
      }
      if (closed || this.phase === "prolog") {
        throw new OfacIndexError(
          "NOT_SDN_ADVANCED",
          `not an OFAC SDN Advanced XML document: ${this.missing()}`,
        );
      }
      throw new OfacIndexError(
        "TRUNCATED",
        `the document ends after ${this.total} bytes without closing <Sanctions> (${this.missing()}); truncated download?`,
        { details: { bytes: this.total, phase: this.phase } },
      );
    }
    return {
      namespace: this.namespace,
      datasetDate: this.datasetDate as string,
      tables: this.tables as ReferenceTables,
      parties: this.parties,
      entries: this.entries,
      entryHeads: this.entryHeads,
      xmlBytes: this.total,
      sha256: this.hash.digest("hex"),
    };
  }

  private missing(): string {
    switch (this.phase) {
      case "prolog":
        return "no root element";
      case "header":
        return "no complete ReferenceValueSets";
      case "before-parties":
        return "no DistinctParties";
      case "parties":
        return "DistinctParties not closed";
      case "before-entries":
        return "no SanctionsEntries";
      case "entries":
        return "SanctionsEntries not closed";
      case "tail":
        return "no end tag";
    }
  }

  /** Advances through the window; returns how many leading bytes are no longer needed. */
  private scan(): number {
    for (;;) {
      const before = this.phase;
      const keep = this.step();
      if (keep !== undefined) return keep;
      if (before === this.phase) throw new Error(`scanner made no progress in ${before}`);
    }
  }

  /** Runs the current phase; returns `undefined` after a phase change, else the keep offset. */
  private step(): number | undefined {
    switch (this.phase) {
      case "prolog":
        return this.stepProlog();
      case "header":
        return this.stepHeader();
      case "before-parties":
        return this.stepSection(this.needles.parties, "parties", "before-entries");
      case "parties":
        return this.stepParties();
      case "before-entries":
        return this.stepSection(this.needles.entries, "entries", "tail");
      case "entries":
        return this.stepEntries();
      case "tail":
        return Math.max(0, this.win.length - TAIL);
    }
  }

  private stepProlog(): number | undefined {
    const w = this.win;
    let i = this.cursor;
    if (i === 0 && w[0] === 0xef && w[1] === 0xbb && w[2] === 0xbf) i = 3;
    if ((w[0] === 0xff && w[1] === 0xfe) || (w[0] === 0xfe && w[1] === 0xff)) {
      throw new OfacIndexError(
        "UNSUPPORTED_ENCODING",
        "UTF-16 XML is not supported; expected UTF-8",
      );
    }
    for (;;) {
      while (i < w.length && isSpace(w[i])) i++;
      if (i >= w.length) return 0;
      if (w[i] !== LT) {
        const start = w
          .subarray(i, i + 16)
          .toString("latin1")
          .replace(/[^\x20-\x7e]/g, ".");
        throw new OfacIndexError(
          "NOT_SDN_ADVANCED",
          `not an XML document: it starts with "${start}"`,
        );
      }
      const next = w[i + 1];
      if (next === undefined) return 0;
      if (next === 0x3f /* ? */ || next === 0x21 /* ! */) {
        const close = next === 0x21 && w.subarray(i, i + 4).toString() === "<!--" ? "-->" : ">";
        const end = w.indexOf(close, i);
        if (end === -1) {
          if (w.length > 65536) throw new OfacIndexError("NOT_SDN_ADVANCED", "no XML root element");
          return 0;
        }
        if (next === 0x3f) this.checkDeclaration(w.subarray(i, end + 1).toString("latin1"));
        i = end + close.length;
        this.cursor = i;
        continue;
      }
      let j = i + 1;
      while (j < w.length && !endsName(w[j])) j++;
      if (j >= w.length) return 0;
      const qname = w.subarray(i + 1, j).toString("utf8");
      const colon = qname.indexOf(":");
      this.prefix = colon === -1 ? "" : qname.slice(0, colon + 1);
      if (localName(qname) !== "Sanctions") {
        throw new OfacIndexError(
          "NOT_SDN_ADVANCED",
          `not an OFAC SDN Advanced XML document: the root element is <${qname}>, expected <Sanctions>`,
        );
      }
      this.needles = this.makeNeedles();
      this.phase = "header";
      return undefined;
    }
  }

  private checkDeclaration(decl: string): void {
    const enc = /encoding\s*=\s*["']([^"']+)["']/.exec(decl)?.[1];
    if (enc !== undefined && !/^(utf-?8|us-ascii)$/i.test(enc)) {
      throw new OfacIndexError(
        "UNSUPPORTED_ENCODING",
        `XML encoding "${enc}" is not supported; expected UTF-8`,
      );
    }
  }

  private makeNeedles(): FastScanner["needles"] {
    const p = this.prefix;
    const b = (s: string) => Buffer.from(s, "utf8");
    return {
      refEnd: b(`</${p}ReferenceValueSets>`),
      parties: b(`<${p}DistinctParties`),
      partiesEnd: b(`</${p}DistinctParties>`),
      party: b(`<${p}DistinctParty`),
      partyEnd: b(`</${p}DistinctParty>`),
      featureType: b("FeatureTypeID"),
      entries: b(`<${p}SanctionsEntries`),
      entriesEnd: b(`</${p}SanctionsEntries>`),
      entry: b(`<${p}SanctionsEntry`),
      entryEnd: b(`</${p}SanctionsEntry>`),
      measure: b(`<${p}SanctionsMeasure`),
      rootEnd: b(`</${p}Sanctions>`),
    };
  }

  private stepHeader(): number | undefined {
    const end = this.win.indexOf(this.needles.refEnd);
    if (end === -1) {
      if (this.win.length > MAX_HEADER_BYTES) {
        throw new OfacIndexError(
          "NOT_SDN_ADVANCED",
          "no ReferenceValueSets in the document header",
        );
      }
      return 0;
    }
    const headerEnd = end + this.needles.refEnd.length;
    let refs: XNode | undefined;
    let dateNode: XNode | undefined;
    const stream = new TreeStream(
      (name, ancestors) =>
        ancestors.length === 1 && (name === "DateOfIssue" || name === "ReferenceValueSets"),
      (node) => {
        if (node.name === "ReferenceValueSets") refs = node;
        else dateNode = node;
      },
      "the document header",
    );
    stream.write(this.decode(0, headerEnd));
    this.namespace = checkRoot(stream.rootName ?? "", stream.rootAttributes ?? {});
    this.setHeader(dateNode, refs);
    this.cursor = headerEnd;
    this.phase = "before-parties";
    return undefined;
  }

  private setHeader(dateNode: XNode | undefined, refs: XNode | undefined): void {
    this.datasetDate = readDate(dateNode);
    if (this.datasetDate === null) {
      throw new OfacIndexError("NOT_SDN_ADVANCED", "no DateOfIssue before ReferenceValueSets");
    }
    if (refs === undefined) throw new OfacIndexError("NOT_SDN_ADVANCED", "no ReferenceValueSets");
    this.tables = readReferenceTables(refs);
    this.dcaTypes = dcaFeatureTypes(this.tables);
  }

  /** Skips to a section's start tag; a self-closing (empty) section jumps past its phase. */
  private stepSection(needle: Buffer, inside: Phase, afterEmpty: Phase): number | undefined {
    const w = this.win;
    let at = w.indexOf(needle, this.cursor);
    while (at !== -1 && !endsName(w[at + needle.length])) at = w.indexOf(needle, at + 1);
    if (at === -1 || at + needle.length >= w.length) {
      this.cursor = Math.max(this.cursor, w.length - TAIL);
      return this.cursor;
    }
    const gt = w.indexOf(GT, at);
    if (gt === -1) {
      this.cursor = at;
      return at;
    }
    this.cursor = gt + 1;
    this.phase = w[gt - 1] === SLASH ? afterEmpty : inside;
    return undefined;
  }

  /** Reads the ID in `FeatureTypeID = "123"` at `at`; null if not an attribute, undefined if cut. */
  private attributeValueAt(at: number): string | null | undefined {
    const w = this.win;
    let i = at + this.needles.featureType.length;
    while (isSpace(w[i])) i++;
    if (i >= w.length) return undefined;
    if (w[i] !== EQ) return null;
    i++;
    while (isSpace(w[i])) i++;
    const quote = w[i];
    if (quote === undefined) return undefined;
    if (quote !== 0x22 && quote !== 0x27) return null;
    const start = ++i;
    while (isDigit(w[i])) i++;
    if (i >= w.length) return undefined;
    return w[i] === quote ? w.subarray(start, i).toString("latin1") : null;
  }

  private stepParties(): number | undefined {
    const w = this.win;
    const n = this.needles;
    const sectionEnd = w.indexOf(n.partiesEnd, this.cursor);
    for (;;) {
      const hit = w.indexOf(n.featureType, this.cursor);
      if (hit === -1 || (sectionEnd !== -1 && hit > sectionEnd)) {
        if (sectionEnd !== -1) {
          this.cursor = sectionEnd + n.partiesEnd.length;
          this.phase = "before-entries";
          return undefined;
        }
        this.cursor = Math.max(this.cursor, w.length - n.featureType.length + 1);
        const open = w.lastIndexOf(n.party, w.length - 1);
        return Math.min(this.cursor, open === -1 ? w.length - TAIL : open, w.length - TAIL);
      }
      const value = this.attributeValueAt(hit);
      if (value === null || (value !== undefined && !this.dcaTypes.has(value))) {
        this.cursor = hit + n.featureType.length;
        continue;
      }
      const partyStart = w.lastIndexOf(n.party, hit);
      if (value === undefined) {
        this.cursor = hit;
        return partyStart === -1 ? hit : Math.min(hit, partyStart);
      }
      const closeAfterStart = partyStart === -1 ? -1 : w.indexOf(n.partyEnd, partyStart);
      if (
        partyStart === -1 ||
        !endsName(w[partyStart + n.party.length]) ||
        (closeAfterStart !== -1 && closeAfterStart < hit)
      ) {
        throw new OfacIndexError(
          "NOT_SDN_ADVANCED",
          `a digital-currency Feature at byte ${this.total - w.length + hit} is not inside a DistinctParty`,
        );
      }
      if (closeAfterStart === -1) {
        this.cursor = hit;
        return partyStart;
      }
      const partyEnd = closeAfterStart + n.partyEnd.length;
      const party = readParty(
        parseFragment(this.decode(partyStart, partyEnd), "a DistinctParty"),
        this.dcaTypes,
      );
      if (party.features.length > 0) {
        this.parties.push(party);
        this.dcaProfiles.add(party.profileId);
      }
      this.cursor = partyEnd;
    }
  }

  private stepEntries(): number | undefined {
    const w = this.win;
    const n = this.needles;
    const sectionEnd = w.indexOf(n.entriesEnd, this.cursor);
    for (;;) {
      let start = w.indexOf(n.entry, this.cursor);
      while (
        start !== -1 &&
        w[start + n.entry.length] !== undefined &&
        !endsName(w[start + n.entry.length])
      ) {
        start = w.indexOf(n.entry, start + 1);
      }
      if (start === -1 || (sectionEnd !== -1 && start > sectionEnd)) {
        if (sectionEnd !== -1) {
          this.cursor = sectionEnd + n.entriesEnd.length;
          this.phase = "tail";
          return undefined;
        }
        this.cursor = Math.max(this.cursor, w.length - TAIL);
        return this.cursor;
      }
      const tagEnd = w.indexOf(GT, start);
      if (tagEnd === -1 || start + n.entry.length >= w.length) {
        this.cursor = start;
        return start;
      }
      const tag = w.subarray(start, tagEnd).toString("latin1");
      if (w[tagEnd - 1] === SLASH) {
        this.entryHeads.push(entryHeadFromText(tag, ""));
        this.cursor = tagEnd + 1;
        continue;
      }
      const close = w.indexOf(n.entryEnd, tagEnd);
      if (close === -1) {
        this.cursor = start;
        return start;
      }
      const end = close + n.entryEnd.length;
      // An entry's events come before its measures: read only up to the first measure.
      const measure = w.indexOf(n.measure, tagEnd);
      const eventsEnd = measure === -1 || measure > close ? close : measure;
      this.entryHeads.push(
        entryHeadFromText(tag, w.subarray(tagEnd, eventsEnd).toString("latin1")),
      );
      const profileId = /\sProfileID\s*=\s*["']([^"']*)["']/.exec(tag)?.[1];
      if (profileId !== undefined && this.dcaProfiles.has(profileId)) {
        this.entries.push(readEntry(parseFragment(this.decode(start, end), "a SanctionsEntry")));
      }
      this.cursor = end;
    }
  }

  private decode(start: number, end: number): string {
    try {
      return this.decoder.decode(this.win.subarray(start, end));
    } catch (cause) {
      throw new OfacIndexError("MALFORMED_XML", "the document is not valid UTF-8", { cause });
    }
  }
}
