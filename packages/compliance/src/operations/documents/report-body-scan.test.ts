import { describe, expect, it } from "vitest";
import { scanReportBody } from "./report-body-scan.js";
import { reportBodySize } from "./report-body-size.js";

const bytes = (text: string): Uint8Array => new TextEncoder().encode(text);

/** What the scan says of `text`, beside what `reportBodySize` says of `JSON.parse(text)`. */
const both = (text: string) => {
  const parsed = JSON.parse(new TextDecoder().decode(bytes(text)));
  return { scanned: scanReportBody(bytes(text)), parsed: reportBodySize(parsed) };
};

/** A small pseudo-random generator, so a failing case can be replayed from its seed. */
const random = (seed: number) => () => {
  seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
  return seed / 2_147_483_648;
};

/** A JSON value of the shapes a report body's counted members take, and junk beside them. */
function arbitrary(next: () => number, depth = 0): unknown {
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(next() * xs.length)] as T;
  const n = () => Math.floor(next() * 4);
  const key = () => pick(["a", "b", "rows", "columns", "table", "t\u00e9", "__proto__", "x"]);
  const kind = depth > 3 ? pick(["num", "str", "null"]) : pick(["num", "str", "arr", "obj", "obj"]);
  if (kind === "num") return pick([0, -1.5e3, 42, 0.25]);
  if (kind === "str") return pick(["", "tables", 'q"uote\\', "\u4e2d\n"]);
  if (kind === "null") return pick([null, true, false]);
  if (kind === "arr") return Array.from({ length: n() }, () => arbitrary(next, depth + 1));
  return Object.fromEntries(Array.from({ length: n() }, () => [key(), arbitrary(next, depth + 1)]));
}

function arbitraryBody(next: () => number): Record<string, unknown> {
  const rows = () => arbitrary(next, 1);
  const table = () => (next() < 0.8 ? { columns: arbitrary(next, 2), rows: rows() } : rows());
  return {
    ...(next() < 0.8 && { tables: { t: table(), u: table(), v: arbitrary(next, 1) } }),
    ...(next() < 0.5 && { result: arbitrary(next, 1) }),
    ...(next() < 0.5 && {
      export_artifacts: { workbook_rows: { s: rows(), r: rows() }, other: arbitrary(next, 2) },
    }),
    ...(next() < 0.5 && { sections: [{ table: rows() }, arbitrary(next, 1), { heading: "h" }] }),
    ...(next() < 0.3 && { sections: arbitrary(next, 1) }),
    junk: arbitrary(next, 0),
  };
}

describe("scanReportBody counts rows and cells on the bytes as reportBodySize does on JSON.parse", () => {
  it("agrees on the shapes the renderers count, whitespace and a byte order mark included", () => {
    const body = {
      tables: {
        a: { columns: ["x", "y"], rows: [[1], [2], [3]] },
        b: { rows: [{ p: 1 }, { q: 2 }] },
        c: { columns: [], rows: [[1, 2, 3, 4]] },
        d: "junk",
      },
      result: { one: 1, two: 2 },
      export_artifacts: { workbook_rows: { s: [[1, 2, 3]], t: "junk" } },
      sections: [{ table: [{ a: 1 }] }, { table: "junk" }, 7],
    };
    for (const text of [
      JSON.stringify(body),
      JSON.stringify(body, null, 2),
      `\ufeff \r\n\t${JSON.stringify(body)}\n`,
    ]) {
      const { scanned, parsed } = both(text);
      expect(scanned).toEqual(parsed);
    }
  });

  it("keeps the last of duplicate keys, decodes escaped keys, and counts __proto__ as a key", () => {
    for (const text of [
      '{"tables":{"t":{"rows":[[1,2]]}},"tables":{}}',
      '{"tables":{},"tables":{"t":{"rows":[[1,2]]}}}',
      '{"t\\u0061bles":{"t":{"columns":["a"],"columns":[],"rows":[[1,2,3]]}}}',
      '{"tables":{"t":{"rows":[[1]]},"t":{"rows":[[1,2],[3]]}}}',
      '{"result":{"a":1,"a":2,"b":3}}',
      '{"tables":{"__proto__":{"rows":[{"__proto__":1,"b":2}]}}}',
      '{"export_artifacts":{"workbook_rows":{"s":[[1]]}},"export_artifacts":{}}',
      '{"sections":[{"table":[[1,2]],"table":[{"k\\u00e9":1}]}]}',
    ]) {
      const { scanned, parsed } = both(text);
      expect({ text, size: scanned }).toEqual({ text, size: parsed });
    }
  });

  it("agrees on 2,000 generated bodies", () => {
    const next = random(7);
    let counted = 0;
    for (let n = 0; n < 2_000; n++) {
      const text = JSON.stringify(arbitraryBody(next));
      const { scanned, parsed } = both(text);
      expect({ n, size: scanned }).toEqual({ n, size: parsed });
      if (parsed.cells > 0) counted++;
    }
    // The generator reaches the counted members, not only junk.
    expect(counted).toBeGreaterThan(500);
  });

  it("answers undefined for what is not one JSON object, and never accepts what JSON.parse refuses", () => {
    for (const text of [
      "",
      "[]",
      "42",
      '"s"',
      "{",
      '{"a":1}x',
      '{"a":01}',
      '{"a":"\t"}',
      "{'a':1}",
    ]) {
      expect(scanReportBody(bytes(text))).toBeUndefined();
    }
    // Damaged bodies: whatever the scan accepts parses, to the same count.
    const next = random(11);
    const valid = bytes(JSON.stringify(arbitraryBody(next)));
    for (let n = 0; n < 2_000; n++) {
      const damaged = valid.slice();
      const at = Math.floor(next() * damaged.length);
      damaged[at] = Math.floor(next() * 128);
      const scanned = scanReportBody(damaged);
      if (scanned === undefined) continue;
      const parsed = reportBodySize(JSON.parse(new TextDecoder().decode(damaged)));
      expect({ n, size: scanned }).toEqual({ n, size: parsed });
    }
  });

  it("gives nesting too deep to scan back to the caller, which parses it", () => {
    const deep = `{"a":${"[".repeat(200_000)}${"]".repeat(200_000)}}`;
    expect(scanReportBody(bytes(deep))).toBeUndefined();
  });
});
