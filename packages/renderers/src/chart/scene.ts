/**
 * A chart as plain drawing primitives in a `width` × `height` box (origin top-left, y down).
 * `chartScene()` lays a chart out once; `sceneToSvg()` serializes it for resvg (PNG in DOCX),
 * and the PDF renderer maps the same primitives to react-pdf's vector elements.
 */
export type ScenePrimitive =
  | {
      readonly kind: "rect";
      readonly x: number;
      readonly y: number;
      readonly width: number;
      readonly height: number;
      readonly fill: string;
    }
  | {
      readonly kind: "line";
      readonly x1: number;
      readonly y1: number;
      readonly x2: number;
      readonly y2: number;
      readonly stroke: string;
      readonly strokeWidth: number;
      readonly dash?: readonly number[];
    }
  | {
      readonly kind: "polyline";
      readonly points: readonly (readonly [number, number])[];
      readonly stroke: string;
      readonly strokeWidth: number;
    }
  | {
      readonly kind: "circle";
      readonly cx: number;
      readonly cy: number;
      readonly r: number;
      readonly fill: string;
    }
  | {
      readonly kind: "text";
      readonly x: number;
      readonly y: number;
      readonly text: string;
      readonly size: number;
      readonly fill: string;
      readonly anchor: "start" | "middle" | "end";
      readonly bold?: boolean;
      /** Degrees, clockwise, around (x, y). */
      readonly rotate?: number;
    };

export interface ChartScene {
  readonly width: number;
  readonly height: number;
  readonly primitives: readonly ScenePrimitive[];
}
