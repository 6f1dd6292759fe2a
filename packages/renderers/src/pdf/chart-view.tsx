import { Circle, Line, Polyline, Rect, Svg, Text } from "@react-pdf/renderer";
import type { ComponentType, ReactElement } from "react";
import type { ChartScene, ScenePrimitive } from "../chart/scene.js";

/**
 * react-pdf's SVG `<Text>` honours `fontSize`, `fontFamily` and `fontWeight` props (they reach
 * the text layout), but its published types only list the presentation attributes.
 */
interface SvgTextProps {
  readonly x: number;
  readonly y: number;
  readonly fill: string;
  readonly fontSize: number;
  readonly fontFamily: string | string[];
  readonly fontWeight: number;
  readonly textAnchor: "start" | "middle" | "end";
  readonly transform?: string;
  readonly children: string;
}
const SvgText = Text as unknown as ComponentType<SvgTextProps>;

export interface ChartViewProps {
  readonly scene: ChartScene;
  /** Size of the drawing in points; the scene is scaled to it (uniformly, via viewBox). */
  readonly width: number;
  readonly height: number;
  /** Font stack for text: the base family, plus fallbacks when a label needs them. */
  readonly fontFamily: readonly string[];
  /** Text as printed (uncovered glyphs substituted). */
  readonly text: (s: string) => string;
}

/**
 * A chart as real vector graphics: every `ChartScene` primitive becomes the matching react-pdf
 * SVG element (rect, line, polyline, circle, text), so bars and lines stay sharp at any zoom and
 * labels remain selectable, searchable text.
 */
export function ChartView({
  scene,
  width,
  height,
  fontFamily,
  text,
}: ChartViewProps): ReactElement {
  const family = fontFamily.length === 1 ? (fontFamily[0] as string) : [...fontFamily];
  return (
    <Svg
      width={width}
      height={height}
      viewBox={`0 0 ${n(scene.width)} ${n(scene.height)}`}
      style={{ width, height }}
    >
      {scene.primitives.map((p, i) => primitive(p, i, family, text))}
    </Svg>
  );
}

function primitive(
  p: ScenePrimitive,
  key: number,
  fontFamily: string | string[],
  text: (s: string) => string,
): ReactElement {
  switch (p.kind) {
    case "rect":
      return (
        <Rect
          key={key}
          x={n(p.x)}
          y={n(p.y)}
          width={n(Math.max(0, p.width))}
          height={n(Math.max(0, p.height))}
          fill={p.fill}
        />
      );
    case "line":
      return (
        <Line
          key={key}
          x1={n(p.x1)}
          y1={n(p.y1)}
          x2={n(p.x2)}
          y2={n(p.y2)}
          stroke={p.stroke}
          strokeWidth={n(p.strokeWidth)}
          {...(p.dash !== undefined && p.dash.length > 0
            ? { strokeDasharray: p.dash.map(n).join(" ") }
            : {})}
        />
      );
    case "polyline":
      return (
        <Polyline
          key={key}
          points={p.points.map(([x, y]) => `${n(x)},${n(y)}`).join(" ")}
          fill="none"
          stroke={p.stroke}
          strokeWidth={n(p.strokeWidth)}
          strokeLinejoin="round"
          strokeLinecap="round"
        />
      );
    case "circle":
      return <Circle key={key} cx={n(p.cx)} cy={n(p.cy)} r={n(p.r)} fill={p.fill} />;
    case "text":
      return (
        <SvgText
          key={key}
          x={n(p.x)}
          y={n(p.y)}
          fill={p.fill}
          fontSize={n(p.size)}
          fontFamily={fontFamily}
          fontWeight={p.bold === true ? 700 : 400}
          textAnchor={p.anchor}
          {...(p.rotate !== undefined && p.rotate !== 0
            ? { transform: `rotate(${n(p.rotate)}, ${n(p.x)}, ${n(p.y)})` }
            : {})}
        >
          {text(p.text)}
        </SvgText>
      );
  }
}

/** Finite, 2 decimals (NaN from a bad scene must not reach the PDF writer). */
function n(v: number): number {
  return Number.isFinite(v) ? Math.round(v * 100) / 100 : 0;
}
