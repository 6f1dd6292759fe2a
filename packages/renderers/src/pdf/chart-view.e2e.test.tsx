import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Document, Page, renderToBuffer } from "@react-pdf/renderer";
import { afterAll, describe, expect, it } from "vitest";
import type { ChartScene } from "../chart/scene.js";
import { fontPlanFor } from "../fonts/font-plan.js";
import { loadPdfFonts, registerPdfFonts } from "../fonts/react-pdf-fonts.js";
import { ChartView } from "./chart-view.js";

const dir = mkdtempSync(join(tmpdir(), "chart-view-test-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A hand-made scene with one primitive of every kind. */
const scene: ChartScene = {
  width: 400,
  height: 240,
  primitives: [
    { kind: "rect", x: 0, y: 0, width: 400, height: 240, fill: "#FFFFFF" },
    {
      kind: "text",
      x: 200,
      y: 20,
      text: "Hand-made scene 王 明明",
      size: 14,
      fill: "#1A1A1A",
      anchor: "middle",
      bold: true,
    },
    { kind: "line", x1: 40, y1: 200, x2: 380, y2: 200, stroke: "#8C8C8C", strokeWidth: 1 },
    {
      kind: "line",
      x1: 40,
      y1: 120,
      x2: 380,
      y2: 120,
      stroke: "#E3E3E3",
      strokeWidth: 1,
      dash: [3, 3],
    },
    { kind: "rect", x: 60, y: 80, width: 40, height: 120, fill: "#0072B2" },
    {
      kind: "polyline",
      points: [
        [60, 180],
        [160, 140],
        [260, 150],
        [360, 60],
      ],
      stroke: "#E69F00",
      strokeWidth: 2,
    },
    { kind: "circle", cx: 360, cy: 60, r: 3, fill: "#E69F00" },
    {
      kind: "text",
      x: 20,
      y: 120,
      text: "wallets",
      size: 10,
      fill: "#333333",
      anchor: "middle",
      rotate: -90,
    },
    { kind: "text", x: 380, y: 220, text: "Карасавиди", size: 10, fill: "#333333", anchor: "end" },
  ],
};

/** RGB of one point of page 1 rendered at 72 dpi (1 px = 1 pt). */
function pixel(path: string, x: number, y: number): number[] {
  const ppm = execFileSync("pdftoppm", [
    "-r",
    "72",
    "-f",
    "1",
    "-l",
    "1",
    "-x",
    String(x),
    "-y",
    String(y),
    "-W",
    "1",
    "-H",
    "1",
    path,
  ]);
  return [...ppm.subarray(ppm.length - 3)];
}

describe("ChartView", () => {
  it("maps every scene primitive to react-pdf vector elements with embedded-font text", async () => {
    const texts = scene.primitives.flatMap((p) => (p.kind === "text" ? [p.text] : []));
    const plan = fontPlanFor(texts);
    const fontFamily = registerPdfFonts(plan);
    await loadPdfFonts(plan, 400);
    await loadPdfFonts(plan, 700);
    const bytes = await renderToBuffer(
      <Document>
        <Page size="A4">
          <ChartView
            scene={scene}
            width={400}
            height={240}
            fontFamily={fontFamily}
            text={(s) => s}
          />
        </Page>
      </Document>,
    );
    const path = join(dir, "chart.pdf");
    writeFileSync(path, bytes);

    const text = execFileSync("pdftotext", ["-enc", "UTF-8", path, "-"], { encoding: "utf8" });
    expect(text).toContain("Hand-made scene 王 明明");
    expect(text).toContain("Карасавиди");
    expect(text).toContain("wallets");

    const fonts = execFileSync("pdffonts", [path], { encoding: "utf8" });
    expect(fonts).toContain("DejaVuSans-Bold");
    expect(fonts).toContain("NotoSansSC");
    expect(fonts).not.toContain("Helvetica");

    // Vector only: no image XObjects.
    const images = execFileSync("pdfimages", ["-list", path], { encoding: "utf8" });
    expect(images.trim().split("\n")).toHaveLength(2);

    // Sample the rendered page: the bar is drawn in its colour, the line passes its point.
    expect(pixel(path, 80, 100)).toEqual([0x00, 0x72, 0xb2]);
    expect(pixel(path, 360, 60)).toEqual([0xe6, 0x9f, 0x00]);
    expect(pixel(path, 20, 200)).toEqual([0xff, 0xff, 0xff]);
  });
});
