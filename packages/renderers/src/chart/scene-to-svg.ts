import type { ChartScene, ScenePrimitive } from "./scene.js";

/** The font every chart is drawn with (resvg loads DejaVu Sans; see chart-png.ts). */
export const CHART_FONT_FAMILY = "DejaVu Sans";

/** Anything outside the plain ranges needs a closer look (controls, surrogates, U+FFFE/F). */
const NEEDS_SCAN = /[^\u0020-\ud7ff\ue000-\ufffd]/;

/**
 * Removes what XML 1.0 does not allow at all (C0 controls other than tab/LF/CR, lone
 * surrogates, U+FFFE/U+FFFF): they cannot be escaped, only dropped.
 */
function stripInvalidXml(text: string): string {
  if (!NEEDS_SCAN.test(text)) return text;
  let out = "";
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c >= 0xd800 && c <= 0xdbff) {
      const next = text.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) {
        out += text.slice(i, i + 2);
        i++;
      }
      continue;
    }
    const invalid =
      (c < 0x20 && c !== 0x09 && c !== 0x0a && c !== 0x0d) ||
      (c >= 0xdc00 && c <= 0xdfff) ||
      c === 0xfffe ||
      c === 0xffff;
    if (!invalid) out += text[i];
  }
  return out;
}

/** Text and attribute values escaped for XML. */
function escapeXml(text: string): string {
  return stripInvalidXml(text).replace(/[&<>"']/g, (c) => {
    switch (c) {
      case "&":
        return "&amp;";
      case "<":
        return "&lt;";
      case ">":
        return "&gt;";
      case '"':
        return "&quot;";
      default:
        return "&apos;";
    }
  });
}

/** A number for an SVG attribute: at most 2 decimals, no exponent, no "-0". */
function num(v: number): string {
  if (!Number.isFinite(v)) return "0";
  const r = Math.round(v * 100) / 100;
  return Object.is(r, -0) ? "0" : String(r);
}

function color(c: string): string {
  return escapeXml(c);
}

function primitiveToSvg(p: ScenePrimitive): string {
  switch (p.kind) {
    case "rect":
      return `<rect x="${num(p.x)}" y="${num(p.y)}" width="${num(Math.max(0, p.width))}" height="${num(Math.max(0, p.height))}" fill="${color(p.fill)}"/>`;
    case "line": {
      const dash =
        p.dash !== undefined && p.dash.length > 0
          ? ` stroke-dasharray="${p.dash.map(num).join(" ")}"`
          : "";
      return `<line x1="${num(p.x1)}" y1="${num(p.y1)}" x2="${num(p.x2)}" y2="${num(p.y2)}" stroke="${color(p.stroke)}" stroke-width="${num(p.strokeWidth)}"${dash}/>`;
    }
    case "polyline":
      return `<polyline points="${p.points.map(([x, y]) => `${num(x)},${num(y)}`).join(" ")}" fill="none" stroke="${color(p.stroke)}" stroke-width="${num(p.strokeWidth)}" stroke-linejoin="round" stroke-linecap="round"/>`;
    case "circle":
      return `<circle cx="${num(p.cx)}" cy="${num(p.cy)}" r="${num(p.r)}" fill="${color(p.fill)}"/>`;
    case "text": {
      const weight = p.bold === true ? ` font-weight="bold"` : "";
      const rotate =
        p.rotate !== undefined && p.rotate !== 0
          ? ` transform="rotate(${num(p.rotate)} ${num(p.x)} ${num(p.y)})"`
          : "";
      return `<text x="${num(p.x)}" y="${num(p.y)}" font-size="${num(p.size)}" fill="${color(p.fill)}" text-anchor="${p.anchor}"${weight}${rotate}>${escapeXml(p.text)}</text>`;
    }
  }
}

/** Serializes a scene as a standalone SVG document (for resvg, or to embed as-is). */
export function sceneToSvg(scene: ChartScene): string {
  const w = num(scene.width);
  const h = num(scene.height);
  const body = scene.primitives.map(primitiveToSvg).join("\n");
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}" font-family="${CHART_FONT_FAMILY}">\n${body}\n</svg>\n`;
}
