import { type Styles, Text, View } from "@react-pdf/renderer";
import type { ReactElement, ReactNode } from "react";
import type { Lines } from "./layout.js";
import { MONO_FAMILY } from "./mono-font.js";
import {
  APPROVAL_COLUMNS,
  DISPOSITION_COLUMNS,
  FINDING_WIDTH,
  HEAD_HEIGHT,
  headGap,
  OPTION_SPACE,
  SIGN_OFF_BOX,
  SIGN_OFF_TYPE,
  type SignOffItem,
} from "./sign-off-layout.js";
import { COLORS } from "./theme.js";

type Style = Styles[string];

const pt = (n: number) => `${n}pt`;

const CELL: Style = {
  fontSize: SIGN_OFF_TYPE.cell.size,
  lineHeight: pt(SIGN_OFF_TYPE.cell.line),
  color: COLORS.text,
};
const BOLD: Style = { ...CELL, fontWeight: 700 };
const MONO: Style = {
  fontFamily: MONO_FAMILY,
  fontSize: SIGN_OFF_TYPE.mono.size,
  lineHeight: pt(SIGN_OFF_TYPE.mono.line),
  color: COLORS.text,
};
const HEAD: Style = {
  fontSize: SIGN_OFF_TYPE.head.size,
  lineHeight: pt(SIGN_OFF_TYPE.head.line),
  fontWeight: 700,
  color: COLORS.navyText,
};
const STATEMENT: Style = {
  fontSize: SIGN_OFF_TYPE.statement.size,
  lineHeight: pt(SIGN_OFF_TYPE.statement.line),
};
const EDGE = { borderColor: COLORS.rule, borderStyle: "solid" } as const;

/** Text already broken into lines: one `<Text>` per line (see `Lines` in layout.ts). */
function LinesOf({
  lines,
  style,
  fallback,
}: {
  lines: Lines;
  style: Style;
  fallback: Style;
}): ReactElement {
  const type = lines.fallback ? [style, fallback] : [style];
  return (
    <>
      {lines.lines.map((line, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: lines are positional
        <Text key={i} style={type}>
          {line}
        </Text>
      ))}
    </>
  );
}

/** A cell of a form row: its width, the row's full height, a rule on its right. */
function Cell({
  width,
  last = false,
  children,
}: {
  width: number;
  last?: boolean;
  children?: ReactNode;
}): ReactElement {
  return (
    <View
      style={{
        width,
        paddingHorizontal: SIGN_OFF_BOX.padX,
        paddingVertical: SIGN_OFF_BOX.padY,
        ...EDGE,
        borderRightWidth: last ? 0 : 0.5,
      }}
    >
      {children}
    </View>
  );
}

/** An empty box to tick, then the option's lines. */
function Option({
  lines,
  fallback,
  inline,
}: {
  lines: Lines;
  fallback: Style;
  inline: boolean;
}): ReactElement {
  return (
    <View
      style={{
        flexDirection: "row",
        ...(inline ? { marginRight: OPTION_SPACE } : { marginBottom: SIGN_OFF_BOX.optionGap }),
      }}
    >
      <View
        style={{
          width: SIGN_OFF_BOX.tick,
          height: SIGN_OFF_BOX.tick,
          marginTop: (SIGN_OFF_TYPE.cell.line - SIGN_OFF_BOX.tick) / 2,
          marginRight: SIGN_OFF_BOX.tickGap,
          borderWidth: 0.75,
          borderColor: COLORS.text,
          borderStyle: "solid",
        }}
      />
      <View>
        <LinesOf lines={lines} style={CELL} fallback={fallback} />
      </View>
    </View>
  );
}

const rowStyle = (height: number): Style => ({
  flexDirection: "row",
  height,
  ...EDGE,
  borderLeftWidth: 0.5,
  borderRightWidth: 0.5,
  borderBottomWidth: 0.5,
});

/**
 * One part of the sign-off form (see `planSignOff`): the statement, a table header, a
 * disposition row with its empty boxes and room for the reasons, or an approval row with blank
 * cells to write the name and role, sign and date in.
 */
export function SignOffView({
  item,
  fallback,
}: {
  item: SignOffItem;
  /** The fallback font stack, for text that needs it. */
  fallback: Style;
}): ReactElement {
  switch (item.part) {
    case "statement":
      return (
        <View>
          <LinesOf lines={item.text} style={STATEMENT} fallback={fallback} />
        </View>
      );
    case "head":
      return (
        <View
          style={{
            flexDirection: "row",
            marginTop: headGap(item),
            height: HEAD_HEIGHT,
            backgroundColor: COLORS.navy,
          }}
        >
          {item.heads.map((head, i) => (
            <View
              key={head}
              style={{
                width: item.widths[i] as number,
                paddingHorizontal: SIGN_OFF_BOX.padX,
                paddingVertical: SIGN_OFF_BOX.headPadY,
              }}
            >
              <Text style={HEAD}>{head}</Text>
            </View>
          ))}
        </View>
      );
    case "row": {
      const c = item.cells;
      const [wallet, reasons] = DISPOSITION_COLUMNS as [number, number];
      return (
        <View style={rowStyle(item.height)}>
          <Cell width={wallet}>
            <LinesOf
              lines={c.wallet}
              style={c.walletMono ? { ...MONO, fontSize: c.monoSize } : BOLD}
              fallback={fallback}
            />
            <View style={{ flexDirection: "row", marginTop: SIGN_OFF_BOX.tierGap }}>
              <View style={{ width: FINDING_WIDTH }}>
                <LinesOf lines={c.finding} style={BOLD} fallback={fallback} />
              </View>
              <View style={{ flexDirection: c.inline ? "row" : "column" }}>
                {c.options.map((o, i) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: options are positional
                  <Option key={i} lines={o} fallback={fallback} inline={c.inline} />
                ))}
              </View>
            </View>
          </Cell>
          <Cell width={reasons - 1} last />
        </View>
      );
    }
    case "approval": {
      const w = APPROVAL_COLUMNS;
      return (
        <View style={rowStyle(item.height)}>
          <Cell width={w[0] as number}>
            <LinesOf lines={item.title} style={BOLD} fallback={fallback} />
          </Cell>
          <Cell width={w[1] as number} />
          <Cell width={w[2] as number} />
          <Cell width={(w[3] as number) - 1} last />
        </View>
      );
    }
  }
}
