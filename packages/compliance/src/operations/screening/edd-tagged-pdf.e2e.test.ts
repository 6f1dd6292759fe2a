import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { generateSigningKey } from "@svc/attestations";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { attesterFor, authorizationPayment } from "../../attestation/attest.js";
import { pdfAttachedJws } from "../../test-support/attached-attestation.js";
import {
  documentSet,
  EDD_ADDRESSES,
  realEditionDeps,
  type SetDocument,
} from "../../test-support/document-set.mjs";

/**
 * The EDD memo made on the real 2025-11-19 edition, signed as a paid call signs it, is a tagged
 * PDF a screen reader can read: its structure tree (as poppler's `pdfinfo -struct-text` reads
 * it) has the memo's title as H1 and its parts as H2 in reading order, its results as a Table of
 * rows with the screened addresses in TD cells under TH column headers, and the page furniture
 * (running header, footer, page numbers) outside the tree; pdf-lib's attachment of the JWS
 * keeps it all.
 */

/** One element of the structure tree, with the text of its marked content. */
interface StructNode {
  readonly type: string;
  readonly children: StructNode[];
  text: string;
}

/**
 * `pdfinfo -struct-text`: one element a line, indented two spaces a level ("H2 (block)",
 * "TH:" followed by its attributes), its content's text quoted on the line below it.
 */
function structTree(path: string): StructNode {
  const out = execFileSync("pdfinfo", ["-struct-text", path], {
    encoding: "utf8",
    maxBuffer: 64 * 1024 * 1024,
  });
  const root: StructNode = { type: "(root)", children: [], text: "" };
  const stack: { node: StructNode; depth: number }[] = [{ node: root, depth: -1 }];
  for (const line of out.split("\n")) {
    if (line.trim() === "") continue;
    const depth = (line.length - line.trimStart().length) / 2;
    const body = line.trim();
    while ((stack.at(-1) as { depth: number }).depth >= depth) stack.pop();
    const parent = (stack.at(-1) as { node: StructNode }).node;
    if (body.startsWith('"')) {
      parent.text += body.slice(1, -1);
      continue;
    }
    if (body.startsWith("/")) continue; // an attribute of the element above
    const node: StructNode = { type: body.split(/[\s:]/)[0] as string, children: [], text: "" };
    parent.children.push(node);
    stack.push({ node, depth });
  }
  return root;
}

function* walk(node: StructNode): Iterable<StructNode> {
  yield node;
  for (const child of node.children) yield* walk(child);
}

/** An element's text with its descendants'. */
const allText = (node: StructNode): string =>
  node.text + node.children.map((c) => allText(c)).join("");

const dir = mkdtempSync(join(tmpdir(), "edd-tagged-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

let memo: SetDocument;
let path: string;
let tree: StructNode;

beforeAll(async () => {
  const deps = await realEditionDeps();
  const attest = attesterFor({
    key: await generateSigningKey(),
    baseUrl: "https://screening.example.com",
    payment: authorizationPayment({
      network: "eip155:84532",
      asset: "0x036cbd53842c5426634e7929541ec2318f3dcf7e",
      payer: "0x7e5f4552091a69125d5dfcb7b8c2659029395bdf",
      nonce: `0x${"5a".repeat(32)}`,
    }),
  });
  [memo] = (await documentSet(deps, { attest, only: /^edd-memo\.pdf$/ })) as [SetDocument];
  path = join(dir, "edd-memo.pdf");
  writeFileSync(path, memo.bytes);
  tree = structTree(path);
}, 120_000);

describe("the EDD memo as a tagged PDF", () => {
  it("says it is tagged (MarkInfo), in English, and still carries its JWS", () => {
    const info = execFileSync("pdfinfo", [path], { encoding: "utf8" });
    expect(info).toMatch(/^Tagged:\s+yes$/m);
    expect(pdfAttachedJws(memo.bytes)).toBe(memo.attestation);
    const catalog = Buffer.from(memo.bytes).toString("latin1");
    expect(catalog).toMatch(/\/Lang \(en\)/);
  });

  it("has one Document element holding the memo's title as H1, then its parts as H2, in reading order", () => {
    expect(tree.children.map((c) => c.type)).toEqual(["Document"]);
    const headings = [...walk(tree)]
      .filter((n) => /^H\d$/.test(n.type))
      .map((n) => `${n.type} ${allText(n).trim()}`);
    expect(headings[0]).toBe("H1 EDD - Northwind OTC onboarding");
    const parts = [
      "Executive summary",
      "Headline metrics",
      "Case metadata",
      "Scope and method",
      "Source freshness",
      "Screening results",
      "Matched designations",
      "Evidence",
      "Recommendation",
      "Required follow up",
      "Limitations",
      // The sign-off form, with the attestation's evidence on its page, before the appendices.
      "Reviewer sign-off",
      "Screening attestation",
    ];
    expect(headings.slice(1, 1 + parts.length)).toEqual(parts.map((p) => `H2 ${p}`));
    const rest = headings.slice(1 + parts.length);
    expect(rest.length).toBeGreaterThan(0);
    for (const [i, h] of rest.entries()) {
      expect(h).toMatch(new RegExp(`^H2 Appendix ${String.fromCharCode(65 + i)} — `));
    }
  });

  it("has the screening results as a Table: a header row of TH, then a row of TD cells per wallet, the address whole in one", () => {
    const doc = tree.children[0] as StructNode;
    const at = doc.children.findIndex((n) => n.type === "H2" && allText(n) === "Screening results");
    const table = doc.children[at + 1] as StructNode;
    expect(table.type).toBe("Table");
    const [head, ...rows] = table.children;
    expect(table.children.every((r) => r.type === "TR")).toBe(true);
    expect(head?.children.map((c) => c.type).every((t) => t === "TH")).toBe(true);
    expect(head?.children.map((c) => allText(c).trim())).toContain("Address");
    const cells = rows.flatMap((r) => r.children);
    expect(cells.every((c) => c.type === "TD")).toBe(true);
    const texts = cells.map((c) => allText(c).trim());
    for (const address of EDD_ADDRESSES) expect(texts).toContain(address);
    // Every row has as many cells as the header.
    for (const row of rows) expect(row.children.length).toBe(head?.children.length);
  });

  it("reads the QR code of the attestation as a Figure, and the running header and footer not at all", () => {
    const all = [...walk(tree)];
    expect(all.some((n) => n.type === "Figure")).toBe(true);
    const text = allText(tree);
    expect(text).not.toMatch(/Page \d+ of \d+/);
    // The title is read once (the H1), not again from each page's running header.
    expect(text.split("EDD - Northwind OTC onboarding").length - 1).toBe(2); // H1 and case name
  });
});
