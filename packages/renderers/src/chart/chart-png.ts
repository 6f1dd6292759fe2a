import { Resvg } from "@resvg/resvg-js";
import type { ReportChart } from "@svc/report-model";
import { chartFontOptionsFor } from "./chart-fonts.js";
import { chartScene } from "./chart-scene.js";
import type { ChartScene } from "./scene.js";
import { sceneToSvg } from "./scene-to-svg.js";

export interface ChartPngOptions {
  /** Layout size in CSS px (the scene's coordinate box). */
  readonly width: number;
  readonly height: number;
  /** Pixel density: the PNG is `width × scale` by `height × scale` pixels. Default 2. */
  readonly scale?: number;
}

function validScale(scale: number | undefined): number {
  if (scale === undefined) return 2;
  if (!Number.isFinite(scale) || scale <= 0 || scale > 8) {
    throw new RangeError(`chart scale must be in (0, 8], got ${scale}`);
  }
  return scale;
}

/**
 * Rasterizes a scene with resvg: a PNG of `scene.width × scale` by `scene.height × scale`.
 * No system fonts (the same pixels on every machine): DejaVu Sans, plus the Noto slices the
 * text needs for Han or Hangul (see chart-fonts.ts); the font options are cached.
 */
export function renderScenePng(scene: ChartScene, scale = 2): Uint8Array {
  const zoom = validScale(scale);
  const resvg = new Resvg(sceneToSvg(scene), {
    font: chartFontOptionsFor(scene),
    fitTo: { mode: "zoom", value: zoom },
    background: "#ffffff",
    shapeRendering: 2,
    textRendering: 1,
    logLevel: "off",
  });
  const png = resvg.render().asPng();
  return new Uint8Array(png.buffer, png.byteOffset, png.byteLength);
}

/** A chart as a PNG: laid out at `width × height` and drawn at `scale` (default 2×). */
export function renderChartPng(chart: ReportChart, options: ChartPngOptions): Uint8Array {
  const scene = chartScene(chart, { width: options.width, height: options.height });
  return renderScenePng(scene, options.scale ?? 2);
}
