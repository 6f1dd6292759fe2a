import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { DOCX_ENGINE, PDF_ENGINE, XLSX_ENGINE } from "./engines.js";

/** The installed version of a dependency, read from its own package.json in node_modules. */
const installed = (name: string): string =>
  JSON.parse(
    readFileSync(
      fileURLToPath(new URL(`../node_modules/${name}/package.json`, import.meta.url)),
      "utf8",
    ),
  ).version;

describe("engine names", () => {
  // Each document names the library that wrote it (its properties, the artifact summary): that
  // must be the library installed, not one a comment once named.
  it("name the installed versions of docx, exceljs and @react-pdf/renderer", () => {
    expect(DOCX_ENGINE).toBe(`docx ${installed("docx")}`);
    expect(XLSX_ENGINE).toBe(`exceljs ${installed("exceljs")}`);
    expect(PDF_ENGINE).toBe(`@react-pdf/renderer ${installed("@react-pdf/renderer")}`);
  });
});
