import { Canvas, Text, View } from "@react-pdf/renderer";
import type { ReactElement } from "react";
import { QR_QUIET_ZONE } from "../evidence/qr-code.js";
import { EVIDENCE_GAPS, EVIDENCE_TYPE, type EvidenceItem, QR_SIDE } from "./evidence-layout.js";
import { MONO_FAMILY } from "./mono-font.js";
import { wordSpaced } from "./table-view.js";
import { tag } from "./tags.js";
import { COLORS, CONTENT_WIDTH } from "./theme.js";

interface QrPainter {
  rect(x: number, y: number, w: number, h: number): QrPainter;
  fill(color?: string): QrPainter;
}

const pt = (n: number) => `${n}pt`;

const LABEL = {
  fontSize: EVIDENCE_TYPE.label.size,
  lineHeight: pt(EVIDENCE_TYPE.label.line),
  color: COLORS.muted,
} as const;
const VALUE = {
  fontFamily: MONO_FAMILY,
  fontSize: EVIDENCE_TYPE.value.size,
  lineHeight: pt(EVIDENCE_TYPE.value.line),
  color: COLORS.text,
} as const;
const STATEMENT = {
  fontSize: EVIDENCE_TYPE.statement.size,
  lineHeight: pt(EVIDENCE_TYPE.statement.line),
  color: COLORS.text,
} as const;

/**
 * The evidence block: the QR code of the verification URL drawn as vector modules (one rect
 * each, filled once), the fields beside it with their values in the monospace face, and the
 * statement below. Every line is one `<Text>` (see `Lines` in layout.ts).
 */
const WIDE = {
  ...VALUE,
  fontSize: EVIDENCE_TYPE.wide.size,
  lineHeight: pt(EVIDENCE_TYPE.wide.line),
} as const;

function FieldView({
  label,
  lines,
  wide = false,
}: {
  label: string;
  lines: readonly string[];
  wide?: boolean;
}): ReactElement {
  return (
    <View style={{ marginBottom: EVIDENCE_GAPS.field }} {...tag("P")}>
      <Text style={LABEL}>{`${label} `}</Text>
      {lines.map((line, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: lines are positional
        <Text key={i} style={wide ? WIDE : VALUE}>
          {i < lines.length - 1 ? wordSpaced(line) : line}
        </Text>
      ))}
    </View>
  );
}

export function EvidenceView({ item }: { item: EvidenceItem }): ReactElement {
  const { qr } = item.block;
  const side = item.moduleSide;
  const paint = (p: QrPainter): null => {
    p.rect(0, 0, QR_SIDE, QR_SIDE).fill("#ffffff");
    for (let r = 0; r < qr.size; r++) {
      for (let c = 0; c < qr.size; c++) {
        if (qr.dark[r * qr.size + c] === true) {
          p.rect((c + QR_QUIET_ZONE) * side, (r + QR_QUIET_ZONE) * side, side, side);
        }
      }
    }
    p.fill("#000000");
    return null;
  };
  return (
    <View style={{ width: CONTENT_WIDTH }}>
      <View style={{ flexDirection: "row" }}>
        <View
          {...tag({
            type: "Figure",
            alt: `QR code of the verification URL ${item.block.url}`,
          })}
        >
          <Canvas style={{ width: QR_SIDE, height: QR_SIDE }} paint={paint} />
        </View>
        <View style={{ marginLeft: EVIDENCE_GAPS.qr }}>
          {item.fields.map((f) => (
            <FieldView key={f.label} label={f.label} lines={f.lines} />
          ))}
        </View>
      </View>
      <View style={{ marginTop: EVIDENCE_GAPS.field }}>
        {item.wide.map((f) => (
          <FieldView key={f.label} label={f.label} lines={f.lines} wide />
        ))}
      </View>
      <View style={{ marginTop: EVIDENCE_GAPS.statement }} {...tag("P")}>
        {item.statement.map((line, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: lines are positional
          <Text key={i} style={STATEMENT}>
            {i < item.statement.length - 1 ? wordSpaced(line) : line}
          </Text>
        ))}
      </View>
    </View>
  );
}
