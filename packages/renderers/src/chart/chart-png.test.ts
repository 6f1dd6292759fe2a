import { inflateSync } from "node:zlib";
import { Resvg } from "@resvg/resvg-js";
import type { ReportChart } from "@svc/report-model";
import { describe, expect, it } from "vitest";
import { woffToSfnt } from "../fonts/woff.js";
import { eddMemoReport, NON_LATIN_NAMES } from "../test-support/sample-reports.js";
import { renderChartPng, renderScenePng } from "./chart-png.js";
import { CHART_PALETTE, chartLayout, chartScene } from "./chart-scene.js";
import { sceneToSvg } from "./scene-to-svg.js";

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const SIZE = { width: 640, height: 320 };

function u32(b: Uint8Array, at: number): number {
  return Buffer.from(b.buffer, b.byteOffset, b.byteLength).readUInt32BE(at);
}

function ihdr(png: Uint8Array): {
  width: number;
  height: number;
  bitDepth: number;
  colorType: number;
} {
  expect(Buffer.from(png.subarray(12, 16)).toString("latin1")).toBe("IHDR");
  return {
    width: u32(png, 16),
    height: u32(png, 20),
    bitDepth: png[24] ?? -1,
    colorType: png[25] ?? -1,
  };
}

/** Decodes an 8-bit, non-interlaced RGB/RGBA PNG (what resvg writes) to RGBA pixels. */
function decodePng(png: Uint8Array): { width: number; height: number; rgba: Uint8Array } {
  const { width, height, bitDepth, colorType } = ihdr(png);
  expect(bitDepth).toBe(8);
  const channels = colorType === 6 ? 4 : colorType === 2 ? 3 : 0;
  expect(channels).toBeGreaterThan(0);
  const idat: Buffer[] = [];
  let at = 8;
  const buf = Buffer.from(png.buffer, png.byteOffset, png.byteLength);
  while (at < buf.length) {
    const length = buf.readUInt32BE(at);
    const type = buf.toString("latin1", at + 4, at + 8);
    if (type === "IDAT") idat.push(buf.subarray(at + 8, at + 8 + length));
    at += 12 + length;
  }
  const raw = inflateSync(Buffer.concat(idat));
  const stride = width * channels;
  const out = new Uint8Array(width * height * 4);
  let prev = new Uint8Array(stride);
  for (let y = 0; y < height; y++) {
    const filter = raw[y * (stride + 1)];
    const line = new Uint8Array(raw.subarray(y * (stride + 1) + 1, (y + 1) * (stride + 1)));
    for (let i = 0; i < stride; i++) {
      const a = i >= channels ? (line[i - channels] as number) : 0;
      const b = prev[i] as number;
      const c = i >= channels ? (prev[i - channels] as number) : 0;
      let p = 0;
      if (filter === 1) p = a;
      else if (filter === 2) p = b;
      else if (filter === 3) p = (a + b) >> 1;
      else if (filter === 4) {
        const pa = Math.abs(b - c);
        const pb = Math.abs(a - c);
        const pc = Math.abs(a + b - 2 * c);
        p = pa <= pb && pa <= pc ? a : pb <= pc ? b : c;
      }
      line[i] = ((line[i] as number) + p) & 0xff;
    }
    for (let x = 0; x < width; x++) {
      const o = (y * width + x) * 4;
      out[o] = line[x * channels] as number;
      out[o + 1] = line[x * channels + 1] as number;
      out[o + 2] = line[x * channels + 2] as number;
      out[o + 3] = channels === 4 ? (line[x * channels + 3] as number) : 255;
    }
    prev = line;
  }
  return { width, height, rgba: out };
}

function hexRgb(hex: string): [number, number, number] {
  const n = Number.parseInt(hex.slice(1), 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

function countColor(img: { rgba: Uint8Array }, hex: string): number {
  const [r, g, b] = hexRgb(hex);
  let n = 0;
  for (let i = 0; i < img.rgba.length; i += 4) {
    if (img.rgba[i] === r && img.rgba[i + 1] === g && img.rgba[i + 2] === b) n++;
  }
  return n;
}

/** Pixels in a region (in scene units × scale) that differ between two images. */
function diffInRegion(
  a: { width: number; rgba: Uint8Array },
  b: { rgba: Uint8Array },
  region: { x0: number; y0: number; x1: number; y1: number },
): number {
  let n = 0;
  for (let y = Math.max(0, region.y0); y < region.y1; y++) {
    for (let x = Math.max(0, region.x0); x < region.x1; x++) {
      const o = (y * a.width + x) * 4;
      if (
        a.rgba[o] !== b.rgba[o] ||
        a.rgba[o + 1] !== b.rgba[o + 1] ||
        a.rgba[o + 2] !== b.rgba[o + 2]
      )
        n++;
    }
  }
  return n;
}

function darkPixels(
  img: { width: number; rgba: Uint8Array },
  region: { x0: number; y0: number; x1: number; y1: number },
): number {
  let n = 0;
  for (let y = region.y0; y < region.y1; y++) {
    for (let x = region.x0; x < region.x1; x++) {
      const o = (y * img.width + x) * 4;
      if (
        (img.rgba[o] as number) < 128 &&
        (img.rgba[o + 1] as number) < 128 &&
        (img.rgba[o + 2] as number) < 128
      )
        n++;
    }
  }
  return n;
}

const barChart = eddMemoReport().charts[0] as ReportChart;
const lineChart = eddMemoReport().charts[1] as ReportChart;

describe("renderChartPng", () => {
  it("writes a PNG of the requested size at 2× by default", () => {
    const png = renderChartPng(barChart, SIZE);
    expect([...png.subarray(0, 8)]).toEqual(PNG_SIGNATURE);
    const { width, height } = ihdr(png);
    expect({ width, height }).toEqual({ width: 1280, height: 640 });
    const one = ihdr(renderChartPng(barChart, { ...SIZE, scale: 1 }));
    expect({ width: one.width, height: one.height }).toEqual(SIZE);
    const odd = ihdr(renderChartPng(lineChart, { width: 500, height: 250, scale: 3 }));
    expect({ width: odd.width, height: odd.height }).toEqual({ width: 1500, height: 750 });
  });

  it("draws the bars in the palette colours on a white background", () => {
    const img = decodePng(renderChartPng(barChart, SIZE));
    const total = img.width * img.height;
    // Both series' colours fill real areas (bars), far more than the legend swatches.
    const first = countColor(img, CHART_PALETTE[0] as string);
    const second = countColor(img, CHART_PALETTE[1] as string);
    expect(first).toBeGreaterThan(2000);
    expect(second).toBeGreaterThan(first); // "clear" bars are taller than "match" bars
    const white = countColor(img, "#FFFFFF");
    expect(white / total).toBeGreaterThan(0.4);
    expect(white / total).toBeLessThan(0.98);
    // The bar of the tallest value: its centre pixel has the series colour.
    const layout = chartLayout(barChart, SIZE);
    const tallest = layout.bars.reduce((a, b) => (b.height > a.height ? b : a));
    const cx = Math.round((tallest.x + tallest.width / 2) * 2);
    const cy = Math.round((tallest.y + tallest.height / 2) * 2);
    const o = (cy * img.width + cx) * 4;
    expect([img.rgba[o], img.rgba[o + 1], img.rgba[o + 2]]).toEqual(
      hexRgb(CHART_PALETTE[tallest.series] as string),
    );
  });

  it("draws lines for a line chart", () => {
    const img = decodePng(renderChartPng(lineChart, SIZE));
    expect(countColor(img, CHART_PALETTE[0] as string)).toBeGreaterThan(500);
    expect(countColor(img, CHART_PALETTE[1] as string)).toBeGreaterThan(500);
  });

  it("renders text with the embedded font", () => {
    const single: ReportChart = { ...barChart, series: barChart.series.slice(0, 1) };
    const withTitle = renderChartPng({ ...single, title: "Screening outcome" }, SIZE);
    const without = renderChartPng({ ...single, title: "" }, SIZE);
    expect(Buffer.compare(Buffer.from(withTitle), Buffer.from(without))).not.toBe(0);
    // Where the title goes: dark glyph pixels with a title, none without (ticks, gridlines and
    // bars are lighter).
    const a = decodePng(withTitle);
    const b = decodePng(without);
    const layout = chartLayout({ ...single, title: "Screening outcome" }, SIZE);
    const band = { x0: 2 * 200, y0: 0, x1: 2 * 440, y1: Math.round(2 * (layout.plot.y - 6)) };
    expect(darkPixels(a, band)).toBeGreaterThan(300);
    expect(darkPixels(b, band)).toBe(0);
    // And the SVG it came from holds the text.
    expect(sceneToSvg(chartScene({ ...barChart, title: "Screening outcome" }, SIZE))).toContain(
      ">Screening outcome</text>",
    );
  });

  it("draws Cyrillic, Han and Hangul labels with real glyphs", () => {
    const names = NON_LATIN_NAMES.slice(0, 6);
    const base: ReportChart = {
      ...barChart,
      title: "",
      labels: [...names],
      series: [{ name: "hits", values: names.map((_, i) => i + 1) }],
      xLabel: null,
    };
    const layout = chartLayout(base, SIZE);
    const region = {
      x0: 0,
      y0: Math.round((layout.plot.y + layout.plot.height + 2) * 2),
      x1: 1280,
      y1: 640,
    };
    const img = decodePng(renderChartPng(base, SIZE));
    expect(darkPixels(img, region)).toBeGreaterThan(500);
    // Different Han/Hangul text draws different pixels (missing glyphs would all look alike).
    for (const [from, to] of [
      ["颜 晓兵", "王 明明"],
      ["김 상만", "王 明明"],
    ] as const) {
      const swapped = decodePng(
        renderChartPng({ ...base, labels: base.labels.map((l) => (l === from ? to : l)) }, SIZE),
      );
      expect(diffInRegion(img, swapped, region)).toBeGreaterThan(50);
    }
  });

  it("renders a scene directly, and rejects silly scales", () => {
    const png = renderScenePng(chartScene(lineChart, { width: 300, height: 200 }), 1);
    expect(ihdr(png).width).toBe(300);
    expect(() => renderScenePng(chartScene(lineChart, SIZE), 0)).toThrow(RangeError);
    expect(() => renderScenePng(chartScene(lineChart, SIZE), Number.NaN)).toThrow(RangeError);
  });

  it("agrees with resvg rendering the same SVG", () => {
    const scene = chartScene(barChart, SIZE);
    const ours = decodePng(renderScenePng(scene, 1));
    const svgOnly = new Resvg(sceneToSvg(scene), { font: { loadSystemFonts: false } }).render();
    expect(svgOnly.width).toBe(ours.width);
    expect(svgOnly.height).toBe(ours.height);
    // Same geometry: the bars' colour covers the same number of pixels (text aside).
    const pixels = { rgba: new Uint8Array(svgOnly.pixels) };
    expect(countColor(pixels, CHART_PALETTE[1] as string)).toBe(
      countColor(ours, CHART_PALETTE[1] as string),
    );
  });
});

describe("sceneToSvg", () => {
  it("escapes text for XML and sets the font family", () => {
    const svg = sceneToSvg(
      chartScene({ ...barChart, title: `Tom & Jerry <"quoted"> 'x'\u0007` }, SIZE),
    );
    expect(svg).toContain("Tom &amp; Jerry &lt;&quot;quoted&quot;&gt; &apos;x&apos;</text>");
    expect(svg).not.toContain("\u0007");
    expect(svg).toContain('font-family="DejaVu Sans"');
    expect(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg" width="640" height="320"')).toBe(
      true,
    );
    // resvg parses it.
    expect(() => new Resvg(svg, { font: { loadSystemFonts: false } })).not.toThrow();
  });

  it("writes rotated text, polylines and markers", () => {
    const svg = sceneToSvg(chartScene(lineChart, SIZE));
    expect(svg).toMatch(/<polyline points="[\d., ]+" fill="none"/);
    expect(svg).toContain("<circle ");
    expect(svg).toContain('transform="rotate(-90 ');
  });
});

describe("woffToSfnt", () => {
  it("rejects what is not WOFF", () => {
    expect(() =>
      woffToSfnt(Buffer.from("not a font at all, not at all, no no no no no no")),
    ).toThrow(/WOFF/);
  });
});
