import type { ReportChart, ValueKind } from "@svc/report-model";
import { isWideCodePoint } from "../fonts/east-asian-width.js";
import type { ChartScene, ScenePrimitive } from "./scene.js";

/**
 * Chart layout: a `ReportChart` becomes plain drawing primitives (`ChartScene`).
 *
 * Pure and deterministic: the same chart and size always give the same scene. Coordinates are
 * rounded to 1/100 px. Text primitives use SVG semantics: `y` is the baseline, `x` is where the
 * `anchor` sits, `rotate` turns the text around (x, y). Text widths are estimated (no font
 * access here), calibrated to DejaVu Sans, the font resvg and the PDF renderer draw with.
 */

/**
 * Series colours: the Okabe–Ito colour-blind-safe palette, with its yellow (too pale on white)
 * swapped for an olive and black for a dark grey. Series past the eighth cycle.
 */
export const CHART_PALETTE: readonly string[] = Object.freeze([
  "#0072B2",
  "#E69F00",
  "#009E73",
  "#D55E00",
  "#CC79A7",
  "#56B4E9",
  "#4D4D4D",
  "#999933",
]);

const CHART_COLORS = Object.freeze({
  background: "#FFFFFF",
  title: "#1A1A1A",
  text: "#333333",
  muted: "#595959",
  grid: "#E3E3E3",
  axis: "#8C8C8C",
});

export function seriesColor(index: number): string {
  return CHART_PALETTE[index % CHART_PALETTE.length] as string;
}

interface Box {
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
}

/** A category label as drawn: its text primitive and the corners of its (rotated) box. */
export interface CategoryLabel {
  readonly index: number;
  readonly text: string;
  readonly x: number;
  readonly y: number;
  readonly rotate: number;
  /** Four corners of the label's ink box, in scene coordinates, in order around the box. */
  readonly corners: readonly (readonly [number, number])[];
}

interface BarGeometry extends Box {
  readonly series: number;
  readonly label: number;
  readonly value: number;
}

/** `chartScene()` plus the geometry it was built from (for other renderers and for tests). */
export interface ChartLayout {
  readonly scene: ChartScene;
  /** The plot area (inside the axes). */
  readonly plot: Box;
  /** Value-axis ticks, ascending; the first and last are the axis bounds. */
  readonly ticks: readonly number[];
  readonly tickStep: number;
  /** Scene y of the value 0, or of the axis bottom when 0 is outside the axis. */
  readonly baselineY: number;
  /** Every `labelStep`-th category label is drawn. */
  readonly labelStep: number;
  readonly labelRotation: number;
  readonly categoryLabels: readonly CategoryLabel[];
  readonly bars: readonly BarGeometry[];
  readonly legend: readonly { readonly name: string; readonly color: string }[];
  /** Whether the chart has any value to draw (else the scene says "No data"). */
  readonly hasData: boolean;
}

/** Lays a chart out as drawing primitives in a `width` × `height` box. */
export function chartScene(
  chart: ReportChart,
  size: { readonly width: number; readonly height: number },
): ChartScene {
  return chartLayout(chart, size).scene;
}

// ---------------------------------------------------------------------------------------------
// Text measurement

const ELLIPSIS = "…";
const SIN45 = Math.SQRT1_2;

// Advance widths (1/1000 em) of DejaVu Sans and DejaVu Sans Bold for U+0020–U+007E.
// biome-ignore format: a table
const ASCII_REGULAR = [318,401,460,838,636,950,780,275,390,390,500,838,318,361,318,337,636,636,636,636,636,636,636,636,636,636,337,337,838,838,838,531,1000,684,686,698,770,632,575,775,752,295,295,656,557,863,748,787,603,787,695,635,611,732,684,989,685,611,685,390,337,390,838,500,500,613,635,550,635,615,352,635,634,278,278,579,278,974,634,612,635,635,411,521,392,634,592,818,592,592,525,636,337,636,838];
// biome-ignore format: a table
const ASCII_BOLD = [348,456,521,838,696,1002,872,306,457,457,523,838,380,415,380,365,696,696,696,696,696,696,696,696,696,696,400,400,838,838,838,580,1000,774,762,734,830,683,683,821,837,372,372,775,637,995,837,850,733,850,770,720,682,812,774,1103,771,724,725,457,365,457,838,500,500,675,716,593,716,678,435,716,712,343,343,665,343,1042,712,687,716,716,493,595,478,712,652,924,645,652,582,712,365,712,838];

/** Advance of one character in em: DejaVu Sans metrics for ASCII, script averages elsewhere. */
function charEm(ch: string, bold: boolean): number {
  const cp = ch.codePointAt(0) ?? 0;
  if (cp >= 0x20 && cp <= 0x7e) {
    return ((bold ? ASCII_BOLD : ASCII_REGULAR)[cp - 0x20] ?? 600) / 1000;
  }
  if ((cp >= 0x300 && cp <= 0x36f) || (cp >= 0x200b && cp <= 0x200f) || cp === 0xfeff) return 0;
  if (isWideCodePoint(cp) || cp === 0x2026) return 1;
  if (cp >= 0x410 && cp <= 0x42f) return bold ? 0.87 : 0.77; // Cyrillic capitals
  return bold ? 0.74 : 0.67;
}

/** Estimated rendered width of `text` at font size `size` (px). */
export function estimateTextWidth(text: string, size: number, bold = false): number {
  let em = 0;
  for (const ch of text) em += charEm(ch, bold);
  return em * size;
}

/** `text` shortened with an ellipsis so it fits `maxWidth` (estimated); "" when nothing fits. */
export function truncateText(text: string, maxWidth: number, size: number, bold = false): string {
  if (estimateTextWidth(text, size, bold) <= maxWidth) return text;
  const budget = maxWidth - estimateTextWidth(ELLIPSIS, size, bold);
  if (budget <= 0) return "";
  let out = "";
  let width = 0;
  for (const ch of text) {
    const w = charEm(ch, bold) * size;
    if (width + w > budget) break;
    out += ch;
    width += w;
  }
  out = out.trimEnd();
  return out === "" ? "" : out + ELLIPSIS;
}

// ---------------------------------------------------------------------------------------------
// Numbers

function clean(value: number): number {
  const v = Number(value.toPrecision(12));
  return Object.is(v, -0) ? 0 : v;
}

/** The "nice" step (1, 2 or 5 × 10^k) at or above `raw`. */
function niceStep(raw: number): number {
  if (!(raw > 0) || !Number.isFinite(raw)) return 1;
  const exp = Math.floor(Math.log10(raw));
  const base = 10 ** exp;
  const f = raw / base;
  const m = f <= 1 + 1e-9 ? 1 : f <= 2 + 1e-9 ? 2 : f <= 5 + 1e-9 ? 5 : 10;
  return clean(m * base);
}

/**
 * Nice axis ticks covering [min, max]: about `target` intervals of 1/2/5 × 10^k, starting and
 * ending on multiples of the step.
 */
export function niceTicks(min: number, max: number, target = 5): { ticks: number[]; step: number } {
  let lo = Math.min(min, max);
  let hi = Math.max(min, max);
  if (!Number.isFinite(lo) || !Number.isFinite(hi)) {
    lo = 0;
    hi = 1;
  }
  if (lo === hi) {
    if (lo === 0) hi = 1;
    else if (lo > 0) lo = 0;
    else hi = 0;
  }
  const intervals = Math.max(1, Math.round(target));
  let step = niceStep((hi - lo) / intervals);
  for (;;) {
    const first = Math.floor(lo / step + 1e-9);
    const last = Math.ceil(hi / step - 1e-9);
    if (last - first <= intervals + 2 || step === Number.POSITIVE_INFINITY) {
      const ticks: number[] = [];
      for (let k = first; k <= last; k++) ticks.push(clean(k * step));
      return { ticks, step };
    }
    step = niceStep(step * 1.01 * 2);
  }
}

function trimZeros(text: string): string {
  return text.includes(".") ? text.replace(/\.?0+$/, "") : text;
}

function decimalsFor(step: number): number {
  if (!(step > 0)) return 0;
  return Math.min(20, Math.max(0, -Math.floor(Math.log10(step) + 1e-9)));
}

const SUFFIXES: readonly (readonly [number, string])[] = [
  [1e12, "T"],
  [1e9, "B"],
  [1e6, "M"],
  [1e3, "k"],
];

/** A compact tick label: 0, 0.05, 250, 1.2k, 3.4M, 2B, 1.5e-7. `step` sets the precision. */
export function formatTick(value: number, step = 0): string {
  if (value === 0 || !Number.isFinite(value)) return value === 0 ? "0" : String(value);
  const abs = Math.abs(value);
  if (abs >= 1e15 || abs < 1e-4 || (step > 0 && step < 1e-4)) {
    return Number(value.toPrecision(3)).toExponential().replace(/e\+?/, "e");
  }
  for (const [unit, suffix] of SUFFIXES) {
    if (abs >= unit) {
      const decimals = step > 0 ? decimalsFor(step / unit) : 2;
      return `${trimZeros((value / unit).toFixed(Math.min(decimals, 3)))}${suffix}`;
    }
  }
  const decimals = step > 0 ? decimalsFor(step) : 4;
  return trimZeros(value.toFixed(Math.min(decimals, 6)));
}

/**
 * A value-axis label as the values' kind reads: a probability on a 0–100% axis ("20%"), a
 * percentage with "%", money with "$"; anything else a compact number (`formatTick`).
 */
export function tickText(value: number, step: number, kind: ValueKind | undefined): string {
  switch (kind) {
    case "probability":
      return `${formatTick(clean(value * 100), step * 100)}%`;
    case "percent":
      return `${formatTick(value, step)}%`;
    case "money":
      return value < 0 ? `-$${formatTick(-value, step)}` : `$${formatTick(value, step)}`;
    default:
      return formatTick(value, step);
  }
}

// ---------------------------------------------------------------------------------------------
// Layout

const r2 = (v: number): number => Math.round(v * 100) / 100;

function clamp(v: number, lo: number, hi: number): number {
  return Math.min(hi, Math.max(lo, v));
}

interface LabelPlan {
  readonly rotate: number;
  readonly step: number;
  readonly texts: readonly string[];
  /** Height the labels take below the plot. */
  readonly height: number;
}

/** Corners of a text box anchored at (x, y) with `anchor`, rotated by `deg` around (x, y). */
function textCorners(
  x: number,
  y: number,
  width: number,
  size: number,
  anchor: "start" | "middle" | "end",
  deg: number,
): [number, number][] {
  const x0 = anchor === "start" ? 0 : anchor === "middle" ? -width / 2 : -width;
  const x1 = x0 + width;
  const top = -0.76 * size;
  const bottom = 0.24 * size;
  const rad = (deg * Math.PI) / 180;
  const cos = Math.cos(rad);
  const sin = Math.sin(rad);
  const local: [number, number][] = [
    [x0, top],
    [x1, top],
    [x1, bottom],
    [x0, bottom],
  ];
  return local.map(([lx, ly]) => [r2(x + lx * cos - ly * sin), r2(y + lx * sin + ly * cos)]);
}

function planCategoryLabels(
  labels: readonly string[],
  plotLeft: number,
  plotWidth: number,
  canvasWidth: number,
  maxHeight: number,
  size: number,
): LabelPlan {
  const n = labels.length;
  if (n === 0) return { rotate: 0, step: 1, texts: [], height: 0 };
  const band = plotWidth / n;
  const gap = size * 0.8;
  const margin = 2;
  const centre = (i: number) => plotLeft + band * (i + 0.5);
  // Horizontal: at most 18 em, and never past the canvas edges.
  const horizontal = (limit: number) =>
    labels.map((l, i) => {
      const edge = 2 * Math.min(centre(i) - margin, canvasWidth - margin - centre(i));
      return truncateText(l, Math.min(limit, edge), size);
    });
  const stepFor = (texts: readonly string[]) => {
    const widest = Math.max(0, ...texts.map((t) => estimateTextWidth(t, size)));
    return Math.max(1, Math.ceil((widest + gap) / band - 1e-9));
  };
  const hTexts = horizontal(size * 18);
  const hStep = stepFor(hTexts);
  const hHeight = size * 1.6;
  if (hStep === 1) return { rotate: 0, step: 1, texts: hTexts, height: hHeight };
  // Rotated by −45°: neighbours are parallel; their distance across the text must hold a line.
  const rStep = Math.max(1, Math.ceil((size * 1.5) / (band * SIN45) - 1e-9));
  const rMax = Math.max(size * 2, (maxHeight - size * 0.6) / SIN45 - size);
  const rTexts = labels.map((l, i) => {
    // The text runs down-left from its anchor; keep it inside the canvas.
    const leftRoom = (centre(i) - margin) / SIN45 - size * 0.3;
    return truncateText(l, Math.min(rMax, leftRoom, size * 24), size);
  });
  const rHeight = (widest: number) => size * 0.5 + (widest + size) * SIN45;
  const rWidest = (step: number) =>
    Math.max(0, ...rTexts.filter((_, i) => i % step === 0).map((t) => estimateTextWidth(t, size)));
  if (hStep <= rStep) return { rotate: 0, step: hStep, texts: hTexts, height: hHeight };
  return { rotate: -45, step: rStep, texts: rTexts, height: rHeight(rWidest(rStep)) };
}

function toNumberOrNull(v: number | null | undefined): number | null {
  return typeof v === "number" && Number.isFinite(v) ? v : null;
}

/** Lays a chart out and returns the scene with its geometry. */
export function chartLayout(
  chart: ReportChart,
  size: { readonly width: number; readonly height: number },
): ChartLayout {
  const width = Number.isFinite(size.width) && size.width > 0 ? size.width : 600;
  const height = Number.isFinite(size.height) && size.height > 0 ? size.height : 360;

  // ---- data
  const longest = Math.max(0, ...chart.series.map((s) => s.values.length));
  const labels =
    chart.labels.length > 0 ? chart.labels : Array.from({ length: longest }, (_, i) => `${i + 1}`);
  const n = labels.length;
  const series = chart.series.map((s) => ({
    name: s.name,
    values: labels.map((_, i) => toNumberOrNull(s.values[i])),
  }));
  const all = series.flatMap((s) => s.values).filter((v): v is number => v !== null);
  const hasData = all.length > 0;
  let dataMin = hasData ? Math.min(...all) : 0;
  let dataMax = hasData ? Math.max(...all) : 1;
  if (chart.type === "bar") {
    dataMin = Math.min(0, dataMin);
    dataMax = Math.max(0, dataMax);
  } else if (dataMin > 0 && dataMin <= dataMax / 2) {
    dataMin = 0;
  } else if (dataMax < 0 && dataMax >= dataMin / 2) {
    dataMax = 0;
  }

  // ---- type scale
  const fs = r2(clamp(Math.min(width / 55, height / 30), 8, 11));
  const titleSize = r2(fs * 1.35);
  const pad = r2(clamp(fs, 6, 12));

  const prims: ScenePrimitive[] = [];
  const front: ScenePrimitive[] = [];
  prims.push({ kind: "rect", x: 0, y: 0, width, height, fill: CHART_COLORS.background });

  let top = pad;
  const title = truncateText(chart.title.trim(), width - 2 * pad, titleSize, true);
  if (title !== "") {
    front.push({
      kind: "text",
      x: r2(width / 2),
      y: r2(top + titleSize * 0.8),
      text: title,
      size: titleSize,
      fill: CHART_COLORS.title,
      anchor: "middle",
      bold: true,
    });
    top += titleSize * 1.35;
  }

  // ---- legend (several series)
  const legend = series.map((s, i) => ({ name: s.name, color: seriesColor(i) }));
  if (series.length > 1) {
    const swatch = fs * 0.8;
    const rowHeight = fs * 1.5;
    const maxRows = Math.max(1, Math.floor((height * 0.25) / rowHeight));
    const entries = legend.map((e) => {
      const text = truncateText(e.name, Math.max(fs * 4, width * 0.3), fs) || "…";
      return { ...e, text, width: swatch + fs * 0.4 + estimateTextWidth(text, fs) };
    });
    const rows: (typeof entries)[] = [];
    let current: typeof entries = [];
    let used = 0;
    const avail = width - 2 * pad;
    for (const e of entries) {
      const w = e.width + (current.length > 0 ? fs * 1.2 : 0);
      if (current.length > 0 && used + w > avail) {
        rows.push(current);
        current = [];
        used = 0;
      }
      used += current.length > 0 ? e.width + fs * 1.2 : e.width;
      current.push(e);
    }
    if (current.length > 0) rows.push(current);
    const shown = rows.slice(0, maxRows);
    const hidden = entries.length - shown.reduce((k, r) => k + r.length, 0);
    shown.forEach((row, ri) => {
      const rowWidth = row.reduce((w, e, i) => w + e.width + (i > 0 ? fs * 1.2 : 0), 0);
      let x = (width - rowWidth) / 2;
      const cy = top + rowHeight * (ri + 0.5);
      for (const e of row) {
        if (chart.type === "line") {
          front.push({
            kind: "line",
            x1: r2(x),
            y1: r2(cy),
            x2: r2(x + swatch),
            y2: r2(cy),
            stroke: e.color,
            strokeWidth: 2,
          });
        } else {
          front.push({
            kind: "rect",
            x: r2(x),
            y: r2(cy - swatch / 2),
            width: r2(swatch),
            height: r2(swatch),
            fill: e.color,
          });
        }
        front.push({
          kind: "text",
          x: r2(x + swatch + fs * 0.4),
          y: r2(cy + fs * 0.35),
          text: e.text,
          size: fs,
          fill: CHART_COLORS.text,
          anchor: "start",
        });
        x += e.width + fs * 1.2;
      }
    });
    if (hidden > 0) {
      front.push({
        kind: "text",
        x: r2(width - pad),
        y: r2(top + rowHeight * (shown.length - 0.5) + fs * 0.35),
        text: `+${hidden} more`,
        size: fs,
        fill: CHART_COLORS.muted,
        anchor: "end",
      });
    }
    top += rowHeight * shown.length + fs * 0.3;
  }

  const plotTop = top + fs * 0.7;
  const xLabelHeight = chart.xLabel ? fs * 1.7 : 0;
  const yLabelWidth = chart.yLabel ? fs * 1.7 : 0;

  // ---- value axis
  const estPlotHeight = Math.max(20, height - plotTop - pad - xLabelHeight - fs * 2.5);
  const target = clamp(Math.round(estPlotHeight / (fs * 4)), 2, 8);
  const { ticks, step: tickStep } = niceTicks(dataMin, dataMax, target);
  const tickTexts = ticks.map((t) => tickText(t, tickStep, chart.yKind));
  const tickWidth = Math.max(...tickTexts.map((t) => estimateTextWidth(t, fs)));
  const plotLeft = pad + yLabelWidth + tickWidth + fs * 0.6;
  const plotRight = width - pad;
  const plotWidth = Math.max(1, plotRight - plotLeft);

  // ---- category axis
  const plan = planCategoryLabels(labels, plotLeft, plotWidth, width, height * 0.3, fs);
  const plotBottom = Math.max(plotTop + 10, height - pad - xLabelHeight - plan.height - fs * 0.3);
  const plotHeight = plotBottom - plotTop;
  const lo = ticks[0] ?? 0;
  const hi = ticks[ticks.length - 1] ?? 1;
  const yOf = (v: number) => plotBottom - ((v - lo) / (hi - lo || 1)) * plotHeight;
  const baselineY = lo <= 0 && hi >= 0 ? yOf(0) : plotBottom;
  const band = plotWidth / Math.max(1, n);
  const xOf = (i: number) => plotLeft + band * (i + 0.5);

  // gridlines and tick labels
  ticks.forEach((t, i) => {
    const y = r2(yOf(t));
    if (t !== 0) {
      prims.push({
        kind: "line",
        x1: r2(plotLeft),
        y1: y,
        x2: r2(plotRight),
        y2: y,
        stroke: CHART_COLORS.grid,
        strokeWidth: 1,
      });
    }
    prims.push({
      kind: "text",
      x: r2(plotLeft - fs * 0.5),
      y: r2(y + fs * 0.35),
      text: tickTexts[i] as string,
      size: fs,
      fill: CHART_COLORS.muted,
      anchor: "end",
    });
  });

  // ---- data
  const bars: BarGeometry[] = [];
  const marks: ScenePrimitive[] = [];
  const m = series.length;
  if (chart.type === "bar" && m > 0) {
    const groupWidth = Math.min(band * (m === 1 ? 0.6 : 0.8), m * fs * 4);
    const slot = groupWidth / m;
    const inner = slot > 4 ? slot * 0.1 : 0;
    for (let i = 0; i < n; i++) {
      const groupLeft = plotLeft + band * i + (band - groupWidth) / 2;
      for (let s = 0; s < m; s++) {
        const v = series[s]?.values[i] ?? null;
        if (v === null) continue;
        const yv = yOf(v);
        const geometry: BarGeometry = {
          series: s,
          label: i,
          value: v,
          x: r2(groupLeft + slot * s + inner / 2),
          y: r2(Math.min(yv, baselineY)),
          width: r2(Math.max(0.5, slot - inner)),
          height: r2(Math.abs(yv - baselineY)),
        };
        bars.push(geometry);
        marks.push({
          kind: "rect",
          x: geometry.x,
          y: geometry.y,
          width: geometry.width,
          height: geometry.height,
          fill: seriesColor(s),
        });
      }
    }
  } else if (chart.type === "line") {
    const radius = r2(clamp(Math.min(fs * 0.3, band * 0.3), 1.5, 3.5));
    series.forEach((s, si) => {
      const color = seriesColor(si);
      let run: [number, number][] = [];
      const flush = () => {
        if (run.length >= 2) {
          marks.push({ kind: "polyline", points: run, stroke: color, strokeWidth: 2 });
        }
        run = [];
      };
      const dots: ScenePrimitive[] = [];
      s.values.forEach((v, i) => {
        if (v === null) {
          flush();
          return;
        }
        const point: [number, number] = [r2(xOf(i)), r2(yOf(v))];
        run.push(point);
        dots.push({ kind: "circle", cx: point[0], cy: point[1], r: radius, fill: color });
      });
      flush();
      marks.push(...dots);
    });
  }

  // axes: value axis on the left, category axis at 0 (or at the bottom)
  const axis = (x1: number, y1: number, x2: number, y2: number): ScenePrimitive => ({
    kind: "line",
    x1: r2(x1),
    y1: r2(y1),
    x2: r2(x2),
    y2: r2(y2),
    stroke: CHART_COLORS.axis,
    strokeWidth: 1,
  });
  const axes: ScenePrimitive[] = [
    axis(plotLeft, plotTop, plotLeft, plotBottom),
    axis(plotLeft, baselineY, plotRight, baselineY),
  ];

  // category labels
  const categoryLabels: CategoryLabel[] = [];
  const labelTop = plotBottom + fs * 0.3;
  for (let i = 0; i < n; i += plan.step) {
    const text = plan.texts[i] ?? "";
    const x = r2(xOf(i));
    axes.push(axis(x, plotBottom, x, labelTop));
    if (text === "") continue;
    const rotated = plan.rotate !== 0;
    const y = r2(rotated ? labelTop + fs * 0.75 : labelTop + fs * 0.95);
    const anchor = rotated ? "end" : "middle";
    prims.push({
      kind: "text",
      x,
      y,
      text,
      size: fs,
      fill: CHART_COLORS.text,
      anchor,
      ...(rotated ? { rotate: plan.rotate } : {}),
    });
    categoryLabels.push({
      index: i,
      text,
      x,
      y,
      rotate: plan.rotate,
      corners: textCorners(x, y, estimateTextWidth(text, fs), fs, anchor, plan.rotate),
    });
  }

  // axis titles
  if (chart.xLabel) {
    const text = truncateText(chart.xLabel, plotWidth, fs, true);
    front.push({
      kind: "text",
      x: r2(plotLeft + plotWidth / 2),
      y: r2(height - pad - fs * 0.25),
      text,
      size: fs,
      fill: CHART_COLORS.text,
      anchor: "middle",
      bold: true,
    });
  }
  if (chart.yLabel) {
    const text = truncateText(chart.yLabel, plotHeight, fs, true);
    front.push({
      kind: "text",
      x: r2(pad + fs * 0.8),
      y: r2(plotTop + plotHeight / 2),
      text,
      size: fs,
      fill: CHART_COLORS.text,
      anchor: "middle",
      bold: true,
      rotate: -90,
    });
  }
  if (!hasData) {
    front.push({
      kind: "text",
      x: r2(plotLeft + plotWidth / 2),
      y: r2(plotTop + plotHeight / 2),
      text: "No data",
      size: fs * 1.2,
      fill: CHART_COLORS.muted,
      anchor: "middle",
    });
  }

  const primitives =
    chart.type === "bar"
      ? [...prims, ...marks, ...axes, ...front]
      : [...prims, ...axes, ...marks, ...front];
  return {
    scene: { width, height, primitives },
    plot: { x: r2(plotLeft), y: r2(plotTop), width: r2(plotWidth), height: r2(plotHeight) },
    ticks,
    tickStep,
    baselineY: r2(baselineY),
    labelStep: plan.step,
    labelRotation: plan.rotate,
    categoryLabels,
    bars,
    legend: series.length > 1 ? legend : [],
    hasData,
  };
}
