import type { BodySize } from "./report-body-size.js";

/** What a scan keeps of a table's `rows` (or of a sheet, or a section's `table`). */
interface Rows {
  readonly length: number;
  /** The longest array row. */
  readonly widest: number;
  /** The distinct keys of the object rows. */
  readonly keys: ReadonlySet<string>;
}

/** What a scan keeps of a table: its rows, and how many columns it names (`undefined`: none). */
interface Table {
  readonly rows: Rows | undefined;
  readonly columns: number | undefined;
}

class NotJson extends Error {}

const latin1 = new TextDecoder("latin1");
const utf8 = new TextDecoder();

const isDigit = (b: number): boolean => b >= 0x30 && b <= 0x39;
const isHex = (b: number): boolean =>
  isDigit(b) || (b >= 0x41 && b <= 0x46) || (b >= 0x61 && b <= 0x66);

/** The index after the whitespace at `i`. */
function space(b: Uint8Array, i: number): number {
  let c = b[i];
  while (c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09) c = b[++i];
  return i;
}

/** The index after the string at `i` (its opening quote), negated when it had escapes. */
function string(b: Uint8Array, i: number): number {
  let escaped = false;
  i++;
  for (;;) {
    const c = b[i++] as number;
    if (c === 0x22) return escaped ? -i : i;
    if (c === 0x5c) {
      escaped = true;
      const e = b[i++];
      if (e === 0x75) {
        for (let k = 0; k < 4; k++) if (!isHex(b[i++] as number)) throw new NotJson();
      } else if (
        e !== 0x22 &&
        e !== 0x5c &&
        e !== 0x2f &&
        e !== 0x62 &&
        e !== 0x66 &&
        e !== 0x6e &&
        e !== 0x72 &&
        e !== 0x74
      ) {
        throw new NotJson();
      }
    } else if (!(c >= 0x20)) {
      // A control character, or the end of the bytes (undefined).
      throw new NotJson();
    }
  }
}

/** The index after the number at `i`: `-?(0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?`. */
function number(b: Uint8Array, i: number): number {
  let c = b[i] as number;
  if (c === 0x2d) c = b[++i] as number;
  if (c === 0x30) c = b[++i] as number;
  else if (c >= 0x31 && c <= 0x39) while (c >= 0x30 && c <= 0x39) c = b[++i] as number;
  else throw new NotJson();
  if (c === 0x2e) {
    c = b[++i] as number;
    if (!(c >= 0x30 && c <= 0x39)) throw new NotJson();
    while (c >= 0x30 && c <= 0x39) c = b[++i] as number;
  }
  if (c === 0x65 || c === 0x45) {
    c = b[++i] as number;
    if (c === 0x2b || c === 0x2d) c = b[++i] as number;
    if (!(c >= 0x30 && c <= 0x39)) throw new NotJson();
    while (c >= 0x30 && c <= 0x39) c = b[++i] as number;
  }
  return i;
}

/**
 * A strict JSON reader over the bytes that keeps only what `reportBodySize` counts, allocating
 * nothing for the values it skips. Duplicate keys keep their last value, as `JSON.parse` does.
 */
class Scanner {
  private i = 0;

  constructor(private readonly b: Uint8Array) {}

  /** The body's size, or `NotJson` thrown when the bytes are not one JSON object. */
  body(): BodySize {
    const { b } = this;
    // TextDecoder drops one leading byte order mark before the body is parsed; so does this.
    if (b[0] === 0xef && b[1] === 0xbb && b[2] === 0xbf) this.i = 3;
    this.space();
    if (b[this.i] !== 0x7b) throw new NotJson();
    let tables: Map<string, Table | undefined> | undefined;
    let resultMembers: number | undefined;
    let sheets: Map<string, Rows | undefined> | undefined;
    let sections: (Rows | undefined)[] | undefined;
    this.members((key) => {
      if (key === "tables") tables = this.objectOr(() => this.table());
      else if (key === "result") resultMembers = this.objectOr(() => this.value())?.size;
      else if (key === "export_artifacts") sheets = this.artifacts();
      else if (key === "sections") sections = this.sections();
      else {
        this.value();
        return;
      }
    });
    this.space();
    if (this.i !== b.length) throw new NotJson();
    const size = { rows: 0, cells: 0 };
    for (const table of tables?.values() ?? []) if (table) add(size, table.rows, table.columns);
    if (resultMembers !== undefined) {
      size.rows += resultMembers;
      size.cells += 2 * resultMembers;
    }
    for (const rows of sheets?.values() ?? []) add(size, rows, undefined);
    for (const rows of sections ?? []) add(size, rows, undefined);
    return size;
  }

  /** `export_artifacts`: its `workbook_rows` when both are objects, each sheet's rows. */
  private artifacts(): Map<string, Rows | undefined> | undefined {
    let sheets: Map<string, Rows | undefined> | undefined;
    const isObject = this.objectOr(
      () => undefined,
      (key) => {
        if (key === "workbook_rows") sheets = this.objectOr(() => this.rows());
        else this.value();
      },
    );
    return isObject === undefined ? undefined : sheets;
  }

  /** `sections`, when an array: each object section's `table`, as rows. */
  private sections(): (Rows | undefined)[] | undefined {
    if (this.b[this.i] !== 0x5b) {
      this.value();
      return undefined;
    }
    const found: (Rows | undefined)[] = [];
    this.elements(() => {
      let table: Rows | undefined;
      const isObject = this.objectOr(
        () => undefined,
        (key) => {
          if (key === "table") table = this.rows();
          else this.value();
        },
      );
      if (isObject !== undefined) found.push(table);
    });
    return found;
  }

  /** A table: its `rows` and its `columns`' count, when it is an object. */
  private table(): Table | undefined {
    let rows: Rows | undefined;
    let columns: number | undefined;
    const isObject = this.objectOr(
      () => undefined,
      (key) => {
        if (key === "rows") rows = this.rows();
        else if (key === "columns") columns = this.arrayLength();
        else this.value();
      },
    );
    return isObject === undefined ? undefined : { rows, columns };
  }

  /** Rows, when an array: how many, the longest array row, the keys of the object rows. */
  private rows(): Rows | undefined {
    if (this.b[this.i] !== 0x5b) {
      this.value();
      return undefined;
    }
    let length = 0;
    let widest = 0;
    const keys = new Set<string>();
    this.elements(() => {
      length++;
      const c = this.b[this.i];
      if (c === 0x5b) widest = Math.max(widest, this.arrayLength() ?? 0);
      else if (c === 0x7b) {
        this.members((key) => {
          keys.add(key);
          this.value();
        });
      } else this.value();
    });
    return { length, widest, keys };
  }

  /** An array's length (its elements skipped), or `undefined` for any other value. */
  private arrayLength(): number | undefined {
    const { b } = this;
    if (b[this.i] !== 0x5b) {
      this.value();
      return undefined;
    }
    // The hot loop of a large table, over its cells: numbers and strings skipped inline.
    let i = space(b, this.i + 1);
    if (b[i] === 0x5d) {
      this.i = i + 1;
      return 0;
    }
    let length = 0;
    for (;;) {
      length++;
      const c = b[i] as number;
      if (c === 0x22) {
        const end = string(b, i);
        i = end < 0 ? -end : end;
      } else if (c === 0x2d || (c >= 0x30 && c <= 0x39)) {
        i = number(b, i);
      } else {
        this.i = i;
        this.value();
        i = this.i;
      }
      i = space(b, i);
      const next = b[i++];
      if (next === 0x5d) {
        this.i = i;
        return length;
      }
      if (next !== 0x2c) throw new NotJson();
      i = space(b, i);
    }
  }

  /**
   * An object whose members are read by `member` (default: each value kept by `keep`, the last
   * of a duplicate key winning), or `undefined` for any other value.
   */
  private objectOr<T>(keep: () => T, member?: (key: string) => void): Map<string, T> | undefined {
    if (this.b[this.i] !== 0x7b) {
      this.value();
      return undefined;
    }
    const kept = new Map<string, T>();
    this.members(member ?? ((key) => kept.set(key, keep())));
    return kept;
  }

  /** `{ "key": value, … }` at the cursor, each member's value read by `member`. */
  private members(member: (key: string) => void): void {
    const { b } = this;
    this.i++;
    this.space();
    if (b[this.i] === 0x7d) {
      this.i++;
      return;
    }
    for (;;) {
      if (b[this.i] !== 0x22) throw new NotJson();
      const key = this.key();
      this.space();
      if (b[this.i] !== 0x3a) throw new NotJson();
      this.i++;
      this.space();
      member(key);
      this.space();
      const c = b[this.i++];
      if (c === 0x7d) return;
      if (c !== 0x2c) throw new NotJson();
      this.space();
    }
  }

  /** `[ value, … ]` at the cursor, each element read by `element`. */
  private elements(element: () => void): void {
    const { b } = this;
    this.i++;
    this.space();
    if (b[this.i] === 0x5d) {
      this.i++;
      return;
    }
    for (;;) {
      element();
      this.space();
      const c = b[this.i++];
      if (c === 0x5d) return;
      if (c !== 0x2c) throw new NotJson();
      this.space();
    }
  }

  /** Any JSON value at the cursor, checked and skipped. */
  private value(): void {
    const { b } = this;
    const c = b[this.i];
    if (c === 0x22) this.string();
    else if (c === 0x7b) this.members(() => this.value());
    else if (c === 0x5b) this.elements(() => this.value());
    else if (c === 0x2d || (c !== undefined && isDigit(c))) this.number();
    else if (c === 0x74) this.literal("true");
    else if (c === 0x66) this.literal("false");
    else if (c === 0x6e) this.literal("null");
    else throw new NotJson();
  }

  /** A key, decoded as `JSON.parse` decodes it. */
  private key(): string {
    const start = this.i;
    const escaped = this.string();
    const { b } = this;
    if (!escaped) {
      let ascii = true;
      for (let j = start + 1; j < this.i - 1; j++) if ((b[j] as number) >= 0x80) ascii = false;
      if (ascii) return latin1.decode(b.subarray(start + 1, this.i - 1));
    }
    return JSON.parse(utf8.decode(b.subarray(start, this.i))) as string;
  }

  private literal(word: string): void {
    for (let k = 0; k < word.length; k++) {
      if (this.b[this.i++] !== word.charCodeAt(k)) throw new NotJson();
    }
  }

  private space(): void {
    this.i = space(this.b, this.i);
  }

  private string(): boolean {
    const end = string(this.b, this.i);
    this.i = end < 0 ? -end : end;
    return end < 0;
  }

  private number(): void {
    this.i = number(this.b, this.i);
  }
}

/** As `reportBodySize` adds a table: its rows, at the columns it names or the widest row. */
function add(size: { rows: number; cells: number }, rows: Rows | undefined, columns?: number) {
  if (rows === undefined) return;
  const width =
    columns !== undefined && columns > 0 ? columns : Math.max(rows.widest, rows.keys.size);
  size.rows += rows.length;
  size.cells += rows.length * Math.max(1, width);
}

/**
 * The rows and cells of a report body counted on its raw JSON bytes, without parsing it into
 * objects: exactly what `reportBodySize` counts on `JSON.parse` of the same bytes (decoded as
 * UTF-8), in one pass that allocates only the keys it reads. `undefined` when the bytes are not
 * one well-formed JSON object (or nest too deep to scan), for the caller to parse them and answer
 * as it does any body; whatever this accepts, `JSON.parse` accepts.
 */
export function scanReportBody(bytes: Uint8Array): BodySize | undefined {
  try {
    return new Scanner(bytes).body();
  } catch (error) {
    if (error instanceof NotJson || error instanceof RangeError) return undefined;
    throw error;
  }
}
