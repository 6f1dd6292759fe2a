import type { ReportChart } from "@svc/report-model";
import { describe, expect, it } from "vitest";
import { eddMemoReport } from "../test-support/sample-reports.js";
import {
  type CategoryLabel,
  CHART_PALETTE,
  type ChartLayout,
  chartLayout,
  chartScene,
  estimateTextWidth,
  formatTick,
  niceTicks,
  seriesColor,
  tickText,
  truncateText,
} from "./chart-scene.js";
import type { ScenePrimitive } from "./scene.js";

const SIZE = { width: 640, height: 320 };

function chart(partial: Partial<ReportChart>): ReportChart {
  return {
    type: "bar",
    title: "Test chart",
    labels: ["a", "b", "c"],
    series: [{ name: "s1", values: [1, 2, 3] }],
    xLabel: null,
    yLabel: null,
    source: "chart_hints[0]",
    ...partial,
  };
}

type Of<K extends ScenePrimitive["kind"]> = Extract<ScenePrimitive, { kind: K }>;
function prims<K extends ScenePrimitive["kind"]>(layout: ChartLayout, kind: K): Of<K>[] {
  return layout.scene.primitives.filter((p): p is Of<K> => p.kind === kind);
}

/** Bars: palette-coloured rects inside the plot area (legend swatches sit above it). */
function barRects(layout: ChartLayout): Of<"rect">[] {
  return prims(layout, "rect").filter(
    (r) => CHART_PALETTE.includes(r.fill) && r.y >= layout.plot.y - 0.01,
  );
}

function allNumbersFinite(value: unknown): boolean {
  if (typeof value === "number") return Number.isFinite(value);
  if (Array.isArray(value)) return value.every(allNumbersFinite);
  if (value !== null && typeof value === "object") {
    return Object.values(value).every(allNumbersFinite);
  }
  return true;
}

/** Separating-axis test for two convex polygons (touching counts as not overlapping). */
function polygonsOverlap(
  a: readonly (readonly [number, number])[],
  b: readonly (readonly [number, number])[],
): boolean {
  for (const poly of [a, b]) {
    for (let i = 0; i < poly.length; i++) {
      const p = poly[i] as readonly [number, number];
      const q = poly[(i + 1) % poly.length] as readonly [number, number];
      const nx = q[1] - p[1];
      const ny = p[0] - q[0];
      const project = (pts: readonly (readonly [number, number])[]) => {
        const d = pts.map(([x, y]) => x * nx + y * ny);
        return [Math.min(...d), Math.max(...d)] as const;
      };
      const [amin, amax] = project(a);
      const [bmin, bmax] = project(b);
      if (amax <= bmin + 1e-6 || bmax <= amin + 1e-6) return false;
    }
  }
  return true;
}

function expectNoLabelOverlap(labels: readonly CategoryLabel[]): void {
  for (let i = 1; i < labels.length; i++) {
    const prev = labels[i - 1] as CategoryLabel;
    const cur = labels[i] as CategoryLabel;
    expect(polygonsOverlap(prev.corners, cur.corners), `${prev.text} / ${cur.text}`).toBe(false);
  }
}

function expectInsideCanvas(labels: readonly CategoryLabel[], size = SIZE): void {
  for (const l of labels) {
    for (const [x, y] of l.corners) {
      expect(x).toBeGreaterThanOrEqual(-0.5);
      expect(x).toBeLessThanOrEqual(size.width + 0.5);
      expect(y).toBeLessThanOrEqual(size.height + 0.5);
    }
  }
}

describe("niceTicks / formatTick", () => {
  it("produces 1/2/5 × 10^k steps covering the range", () => {
    const cases: [number, number][] = [
      [0, 68],
      [0, 1],
      [-1500, 3400],
      [0.4, 8],
      [0, 0.053],
      [1_000_000, 2_500_000],
      [-7, -2],
      [0, 123_456_789_012],
      [0, 0.00042],
    ];
    for (const [min, max] of cases) {
      const { ticks, step } = niceTicks(min, max, 5);
      const exp = Math.floor(Math.log10(step) + 1e-9);
      const mantissa = Math.round((step / 10 ** exp) * 1e6) / 1e6;
      expect([1, 2, 5]).toContain(mantissa);
      expect(ticks[0]).toBeLessThanOrEqual(min);
      expect(ticks[ticks.length - 1]).toBeGreaterThanOrEqual(max);
      expect(ticks.length).toBeGreaterThanOrEqual(2);
      expect(ticks.length).toBeLessThanOrEqual(9);
      for (const t of ticks) {
        const k = t / step;
        expect(Math.abs(k - Math.round(k))).toBeLessThan(1e-6);
      }
      for (let i = 1; i < ticks.length; i++) {
        expect((ticks[i] as number) - (ticks[i - 1] as number)).toBeCloseTo(step, 9);
      }
    }
    expect(niceTicks(0, 68, 5).ticks).toEqual([0, 20, 40, 60, 80]);
    expect(niceTicks(0, 0.053, 5).ticks).toEqual([0, 0.02, 0.04, 0.06]);
    expect(niceTicks(-1500, 3400, 5).ticks).toEqual([-2000, -1000, 0, 1000, 2000, 3000, 4000]);
    expect(niceTicks(0, 0).ticks[0]).toBe(0);
    expect(niceTicks(5, 5).ticks[0]).toBe(0);
  });

  it("formats ticks compactly", () => {
    expect(formatTick(0, 200)).toBe("0");
    expect(formatTick(1200, 200)).toBe("1.2k");
    expect(formatTick(1000, 200)).toBe("1k");
    expect(formatTick(800, 200)).toBe("800");
    expect(formatTick(-1500, 500)).toBe("-1.5k");
    expect(formatTick(3_400_000, 200_000)).toBe("3.4M");
    expect(formatTick(2_000_000_000, 1e9)).toBe("2B");
    expect(formatTick(1.5e12, 5e11)).toBe("1.5T");
    expect(formatTick(0.05, 0.01)).toBe("0.05");
    expect(formatTick(0.3, 0.1)).toBe("0.3");
    expect(formatTick(1.5e-7, 5e-8)).toBe("1.5e-7");
  });
});

describe("text helpers", () => {
  it("estimates wider text for more, wider and bold characters", () => {
    expect(estimateTextWidth("", 10)).toBe(0);
    expect(estimateTextWidth("MMMM", 10)).toBeGreaterThan(estimateTextWidth("iiii", 10));
    expect(estimateTextWidth("abc", 10, true)).toBeGreaterThan(estimateTextWidth("abc", 10));
    expect(estimateTextWidth("颜晓兵", 10)).toBeCloseTo(30, 5);
  });

  it("truncates with an ellipsis to fit", () => {
    const long = "Gamma exchange hot wallet number seven";
    const cut = truncateText(long, 80, 10);
    expect(cut.endsWith("…")).toBe(true);
    expect(estimateTextWidth(cut, 10)).toBeLessThanOrEqual(80);
    expect(truncateText("short", 80, 10)).toBe("short");
    expect(truncateText(long, 1, 10)).toBe("");
  });
});

describe("chartScene: bar charts", () => {
  const edd = eddMemoReport().charts[0] as ReportChart; // 3 labels × 2 series

  it("draws one bar per (label × series), heights proportional to values", () => {
    const layout = chartLayout(edd, SIZE);
    expect(layout.bars).toHaveLength(6);
    const rects = barRects(layout);
    expect(rects).toHaveLength(6);
    const ratios = layout.bars.map((b) => b.height / b.value);
    for (const r of ratios) expect(r).toBeCloseTo(ratios[0] as number, 1);
    for (const b of layout.bars) {
      const value = edd.series[b.series]?.values[b.label];
      expect(b.value).toBe(value);
      // The same rect is in the scene, in the series colour.
      expect(rects).toContainEqual({
        kind: "rect",
        x: b.x,
        y: b.y,
        width: b.width,
        height: b.height,
        fill: seriesColor(b.series),
      });
      // Bars stand on the zero line.
      expect(b.y + b.height).toBeCloseTo(layout.baselineY, 1);
    }
    // Grouped: per label, series side by side in order, inside the label's band.
    const band = layout.plot.width / edd.labels.length;
    for (let label = 0; label < edd.labels.length; label++) {
      const group = layout.bars.filter((b) => b.label === label);
      expect(group.map((b) => b.series)).toEqual([0, 1]);
      const [m, c] = group as [(typeof group)[0], (typeof group)[0]];
      expect(m.x + m.width).toBeLessThanOrEqual(c.x + 0.01);
      expect(m.x).toBeGreaterThanOrEqual(layout.plot.x + band * label);
      expect(c.x + c.width).toBeLessThanOrEqual(layout.plot.x + band * (label + 1));
    }
  });

  it("hangs negative bars below the zero line", () => {
    const layout = chartLayout(
      chart({ labels: ["a", "b", "c"], series: [{ name: "net", values: [3, -2, 5] }] }),
      SIZE,
    );
    expect(layout.ticks[0]).toBeLessThanOrEqual(-2);
    expect(layout.ticks).toContain(0);
    const [a, b, c] = layout.bars as [
      ChartLayout["bars"][0],
      ChartLayout["bars"][0],
      ChartLayout["bars"][0],
    ];
    expect(a.y + a.height).toBeCloseTo(layout.baselineY, 1);
    expect(c.y + c.height).toBeCloseTo(layout.baselineY, 1);
    expect(b.y).toBeCloseTo(layout.baselineY, 1);
    expect(b.y + b.height).toBeGreaterThan(layout.baselineY);
    expect(b.height / 2).toBeCloseTo(a.height / 3, 0);
    // The zero line is drawn across the plot, and labelled "0".
    const zeroLine = prims(layout, "line").find(
      (l) =>
        l.y1 === layout.baselineY &&
        l.y2 === layout.baselineY &&
        l.x1 === layout.plot.x &&
        Math.abs(l.x2 - (layout.plot.x + layout.plot.width)) < 0.02,
    );
    expect(zeroLine).toBeDefined();
    const zeroLabel = prims(layout, "text").find((t) => t.text === "0" && t.anchor === "end");
    expect(zeroLabel?.y).toBeGreaterThan(layout.baselineY);
    expect(zeroLabel?.y).toBeLessThan(layout.baselineY + 8);
  });

  it("draws gridlines and tick labels for nice ticks covering the data", () => {
    const layout = chartLayout(edd, SIZE);
    expect(layout.ticks[0]).toBe(0);
    expect(layout.ticks[layout.ticks.length - 1]).toBeGreaterThanOrEqual(60);
    const texts = prims(layout, "text").map((t) => t.text);
    for (const t of layout.ticks) expect(texts).toContain(formatTick(t, layout.tickStep));
    const gridlines = prims(layout, "line").filter(
      (l) => l.y1 === l.y2 && l.x1 === layout.plot.x && l.stroke !== "#8C8C8C",
    );
    expect(gridlines).toHaveLength(layout.ticks.length - 1); // 0 is the axis itself
    // Title, axis titles, category labels.
    expect(texts).toContain(edd.title);
    expect(texts).toContain("asset");
    expect(texts).toContain("wallets");
    for (const l of edd.labels) expect(texts).toContain(l);
    const title = prims(layout, "text").find((t) => t.text === edd.title);
    expect(title?.bold).toBe(true);
    const yLabel = prims(layout, "text").find((t) => t.text === "wallets");
    expect(yLabel?.rotate).toBe(-90);
  });

  it("shows a legend entry per series, and none for a single series", () => {
    const three = chart({
      series: [
        { name: "inflow", values: [1, 2, 3] },
        { name: "outflow", values: [3, 2, 1] },
        { name: "net", values: [2, 2, 2] },
      ],
    });
    const layout = chartLayout(three, SIZE);
    expect(layout.legend.map((e) => e.name)).toEqual(["inflow", "outflow", "net"]);
    expect(layout.legend.map((e) => e.color)).toEqual(CHART_PALETTE.slice(0, 3));
    for (const [i, name] of ["inflow", "outflow", "net"].entries()) {
      const text = prims(layout, "text").find((t) => t.text === name);
      expect(text).toBeDefined();
      expect(text?.y).toBeLessThan(layout.plot.y);
      const swatch = prims(layout, "rect").find(
        (r) => r.fill === seriesColor(i) && r.y < layout.plot.y,
      );
      expect(swatch).toBeDefined();
    }
    const single = chartLayout(chart({}), SIZE);
    expect(single.legend).toEqual([]);
    expect(prims(single, "text").some((t) => t.text === "s1")).toBe(false);
  });

  it("uses distinct palette colours", () => {
    expect(new Set(CHART_PALETTE).size).toBe(CHART_PALETTE.length);
    expect(seriesColor(CHART_PALETTE.length)).toBe(seriesColor(0));
  });
});

describe("chartScene: line charts", () => {
  it("draws a polyline per run of non-null values, broken at nulls, with markers", () => {
    const layout = chartLayout(
      chart({
        type: "line",
        labels: ["1", "2", "3", "4", "5", "6"],
        series: [
          { name: "a", values: [1, 2, null, 4, 5, 6] },
          { name: "b", values: [2, 3, 4, 5, 6, 7] },
        ],
      }),
      SIZE,
    );
    const lines = prims(layout, "polyline");
    const a = lines.filter((l) => l.stroke === seriesColor(0));
    const b = lines.filter((l) => l.stroke === seriesColor(1));
    expect(a.map((l) => l.points.length)).toEqual([2, 3]);
    expect(b.map((l) => l.points.length)).toEqual([6]);
    // One point per non-null value, one marker per point.
    const band = layout.plot.width / 6;
    const xs = a.flatMap((l) => l.points.map(([x]) => x));
    expect(xs).toHaveLength(5);
    expect(xs.map((x) => Math.floor((x - layout.plot.x) / band))).toEqual([0, 1, 3, 4, 5]);
    const markers = prims(layout, "circle");
    expect(markers.filter((m) => m.fill === seriesColor(0))).toHaveLength(5);
    expect(markers.filter((m) => m.fill === seriesColor(1))).toHaveLength(6);
    // Higher values are higher up.
    const ys = (b[0]?.points ?? []).map(([, y]) => y);
    for (let i = 1; i < ys.length; i++) expect(ys[i]).toBeLessThan(ys[i - 1] as number);
    // No bars in a line chart.
    expect(layout.bars).toEqual([]);
  });

  it("draws a lone value between nulls as a marker only", () => {
    const layout = chartLayout(
      chart({ type: "line", series: [{ name: "a", values: [null, 5, null] }] }),
      SIZE,
    );
    expect(prims(layout, "polyline")).toEqual([]);
    expect(prims(layout, "circle")).toHaveLength(1);
  });
});

describe("chartScene: category labels", () => {
  it("keeps short labels horizontal with disjoint x-ranges", () => {
    const layout = chartLayout(eddMemoReport().charts[1] as ReportChart, SIZE);
    expect(layout.labelRotation).toBe(0);
    expect(layout.labelStep).toBe(1);
    const ranges = layout.categoryLabels.map((l) => {
      const xs = l.corners.map(([x]) => x);
      return [Math.min(...xs), Math.max(...xs)] as const;
    });
    for (let i = 1; i < ranges.length; i++) {
      expect((ranges[i] as readonly number[])[0]).toBeGreaterThan(
        (ranges[i - 1] as readonly number[])[1] as number,
      );
    }
  });

  it("rotates and truncates long labels so they do not overlap", () => {
    const labels = Array.from(
      { length: 8 },
      (_, i) => `Counterparty ${i + 1}: a very long exchange hot wallet name that goes on`,
    );
    const layout = chartLayout(
      chart({ labels, series: [{ name: "x", values: labels.map((_, i) => i + 1) }] }),
      SIZE,
    );
    expect(layout.labelRotation).toBe(-45);
    expect(layout.categoryLabels).toHaveLength(8);
    for (const l of layout.categoryLabels) {
      expect(l.text.endsWith("…")).toBe(true);
      expect(l.text.length).toBeLessThan(labels[0]?.length ?? 0);
    }
    expectNoLabelOverlap(layout.categoryLabels);
    expectInsideCanvas(layout.categoryLabels);
    // The labels sit below the plot.
    for (const l of layout.categoryLabels) {
      for (const [, y] of l.corners) expect(y).toBeGreaterThan(layout.plot.y + layout.plot.height);
    }
  });

  it("thins out many labels (60) and keeps them apart", () => {
    const labels = Array.from(
      { length: 60 },
      (_, i) => `2026-01-${String(i + 1).padStart(2, "0")}`,
    );
    const layout = chartLayout(
      chart({ type: "line", labels, series: [{ name: "hits", values: labels.map((_, i) => i) }] }),
      SIZE,
    );
    expect(layout.labelStep).toBeGreaterThan(1);
    expect(layout.categoryLabels.length).toBeLessThan(60);
    expect(layout.categoryLabels.length).toBeGreaterThanOrEqual(10);
    expect(layout.categoryLabels.map((l) => l.index)).toEqual(
      layout.categoryLabels.map((_, i) => i * layout.labelStep),
    );
    expectNoLabelOverlap(layout.categoryLabels);
    expectInsideCanvas(layout.categoryLabels);
    // Every point is still drawn.
    expect(prims(layout, "circle")).toHaveLength(60);
  });

  it("thins out many short labels on a small chart without rotating more than needed", () => {
    const labels = Array.from({ length: 60 }, (_, i) => String(i + 1));
    const layout = chartLayout(
      chart({ labels, series: [{ name: "n", values: labels.map((_, i) => i) }] }),
      { width: 320, height: 200 },
    );
    expectNoLabelOverlap(layout.categoryLabels);
    expectInsideCanvas(layout.categoryLabels, { width: 320, height: 200 });
    expect(barRects(layout)).toHaveLength(60);
  });
});

describe("chartScene: edge cases", () => {
  const cases: [string, ReportChart][] = [
    ["all zeros", chart({ series: [{ name: "z", values: [0, 0, 0] }] })],
    ["a single label", chart({ labels: ["only"], series: [{ name: "v", values: [42] }] })],
    [
      "a single value line",
      chart({ type: "line", labels: ["x"], series: [{ name: "v", values: [7] }] }),
    ],
    ["all nulls", chart({ series: [{ name: "n", values: [null, null, null] }] })],
    ["no series", chart({ series: [] })],
    ["no labels", chart({ labels: [], series: [{ name: "v", values: [1, 2] }] })],
    ["huge values", chart({ series: [{ name: "v", values: [1.2e12, 3.4e11, 5e12] }] })],
    ["tiny values", chart({ type: "line", series: [{ name: "v", values: [1e-7, 3e-7, 2.5e-7] }] })],
    ["negative only", chart({ series: [{ name: "v", values: [-5, -10, -1] }] })],
    [
      "non-finite values",
      chart({ series: [{ name: "v", values: [Number.NaN, 1, Number.POSITIVE_INFINITY] }] }),
    ],
    [
      "ragged series",
      chart({
        series: [
          { name: "v", values: [1] },
          { name: "w", values: [1, 2, 3, 4, 5] },
        ],
      }),
    ],
    ["empty title", chart({ title: "" })],
  ];
  for (const [name, c] of cases) {
    it(`lays out ${name} without NaN`, () => {
      const layout = chartLayout(c, SIZE);
      expect(allNumbersFinite(layout)).toBe(true);
      expect(layout.plot.width).toBeGreaterThan(0);
      expect(layout.plot.height).toBeGreaterThan(0);
      expect(layout.ticks.length).toBeGreaterThanOrEqual(2);
    });
  }

  it("draws zero-height bars on the axis for all zeros", () => {
    const layout = chartLayout(cases[0]?.[1] as ReportChart, SIZE);
    expect(layout.bars.map((b) => b.height)).toEqual([0, 0, 0]);
    expect(layout.ticks).toEqual(niceTicks(0, 1, layout.ticks.length - 1).ticks);
  });

  it("says No data when nothing can be drawn", () => {
    for (const c of [chart({ series: [] }), chart({ series: [{ name: "n", values: [null] }] })]) {
      const layout = chartLayout(c, SIZE);
      expect(layout.hasData).toBe(false);
      expect(prims(layout, "text").some((t) => t.text === "No data")).toBe(true);
    }
  });

  it("formats huge and tiny magnitudes compactly", () => {
    const huge = chartLayout(cases[6]?.[1] as ReportChart, SIZE);
    const texts = prims(huge, "text").map((t) => t.text);
    expect(texts.some((t) => /^\d+(\.\d+)?T$/.test(t))).toBe(true);
    const tiny = chartLayout(cases[7]?.[1] as ReportChart, SIZE);
    expect(prims(tiny, "text").some((t) => /e-7$/.test(t.text))).toBe(true);
  });

  it("truncates a very long title to the chart width", () => {
    const layout = chartLayout(chart({ title: "A very long chart title ".repeat(10) }), SIZE);
    const title = prims(layout, "text").find((t) => t.bold === true && t.anchor === "middle");
    expect(title?.text.endsWith("…")).toBe(true);
    expect(estimateTextWidth(title?.text ?? "", title?.size ?? 0, true)).toBeLessThanOrEqual(
      SIZE.width,
    );
  });

  it("is deterministic", () => {
    const c = eddMemoReport().charts[1] as ReportChart;
    expect(JSON.stringify(chartScene(c, SIZE))).toBe(JSON.stringify(chartScene(c, SIZE)));
    expect(chartScene(c, SIZE)).toEqual(chartScene(structuredClone(c), SIZE));
  });
});

describe("tickText: the value axis reads as the values' kind", () => {
  it("draws a probability on a 0–100% axis, percentages with %, money with $", () => {
    expect([0, 0.2, 0.4, 1].map((t) => tickText(t, 0.2, "probability"))).toEqual([
      "0%",
      "20%",
      "40%",
      "100%",
    ]);
    expect(tickText(0.05, 0.05, "probability")).toBe("5%");
    expect(tickText(25, 5, "percent")).toBe("25%");
    expect(tickText(2500, 500, "money")).toBe("$2.5k");
    expect(tickText(-500, 500, "money")).toBe("-$500");
    expect(tickText(0.4, 0.2, undefined)).toBe(formatTick(0.4, 0.2));
  });
});
