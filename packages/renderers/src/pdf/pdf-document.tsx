import { Document, Page, type Styles, Text, View } from "@react-pdf/renderer";
import type { ReportChart } from "@svc/report-model";
import type { ReactElement } from "react";
import type { ChartScene } from "../chart/scene.js";
import { ChartView } from "./chart-view.js";
import { EvidenceView } from "./evidence-view.js";
import type { DocumentPlan, Item, Lines, PagePlan, TitleBlock } from "./layout.js";
import type { Measurer } from "./measure.js";
import { SignOffView } from "./sign-off-view.js";
import type { TableModel } from "./table-model.js";
import { TableChunkView, withMonoValues, wordSpaced } from "./table-view.js";
import { type PdfTag, type PdfTagType, tag } from "./tags.js";
import { SPACING, styles } from "./theme.js";

type Style = Styles[string];

export interface DocumentProps {
  readonly plan: DocumentPlan;
  /** The full fallback font stack (base family first). */
  readonly fontFamily: readonly string[];
  /** The chart scenes, by index into the laid-out report's charts. */
  readonly scenes: readonly ChartScene[];
  readonly text: (s: string) => string;
  readonly measurer: Measurer;
  /** A line printed across the top of every page (the sample-edition warning), or null. */
  readonly banner: string | null;
  readonly info: {
    readonly title: string;
    readonly author: string | null;
    readonly subject: string | null;
    readonly keywords: string | null;
  };
  /** A tagged PDF (structure tree), or an untagged one (`TAGGED_MAX_CELLS`). */
  readonly tagged: boolean;
}

/** Per-render style helpers: the fallback stack and memoized size/position styles. */
class Styler {
  readonly fallback: Style;
  readonly #tops = new Map<number, Style>();
  readonly #heights = new Map<number, Style>();
  readonly #cellText = new Map<string, Style[]>();

  constructor(readonly fontFamily: readonly string[]) {
    this.fallback = { fontFamily: [...fontFamily] };
  }

  /** `style`, plus the fallback font stack when the text needs it. */
  font(style: Style, fallback: boolean): Style[] {
    return fallback ? [style, this.fallback] : [style];
  }

  top(y: number): Style {
    let s = this.#tops.get(y);
    if (s === undefined) {
      s = { position: "absolute", top: y, left: 0, width: "100%" };
      this.#tops.set(y, s);
    }
    return s;
  }

  height(h: number): Style {
    let s = this.#heights.get(h);
    if (s === undefined) {
      s = { height: h };
      this.#heights.set(h, s);
    }
    return s;
  }

  /** Type of a table cell set by react-pdf (see `TableChunkView`), built once per variant. */
  cellText(
    dense: boolean,
    head: boolean,
    numeric: boolean,
    fallback: boolean,
    bold: boolean,
  ): Style[] {
    const key = `${dense}${head}${numeric}${fallback}${bold}`;
    let s = this.#cellText.get(key);
    if (s === undefined) {
      s = [dense ? styles.tableTextDense : styles.tableText];
      s.push(head ? styles.headText : styles.bodyText);
      if (bold && !head) s.push(styles.matchText);
      if (numeric) s.push(styles.alignRight);
      if (fallback) s.push(this.fallback);
      this.#cellText.set(key, s);
    }
    return s;
  }
}

export function PdfDocument({
  plan,
  fontFamily,
  scenes,
  text,
  measurer,
  banner,
  info,
  tagged,
}: DocumentProps): ReactElement {
  const styler = new Styler(fontFamily);
  const total = plan.pages.length;
  return (
    <Document
      title={info.title}
      {...(info.author === null ? {} : { author: info.author })}
      {...(info.subject === null ? {} : { subject: info.subject })}
      {...(info.keywords === null ? {} : { keywords: info.keywords })}
      creator="@svc/renderers"
      producer="@react-pdf/renderer 4.9.0"
      language="en"
      // A tagged PDF (see tags.ts): headings, paragraphs, tables and figures in reading order.
      {...{ tagged }}
    >
      {plan.pages.map((page, i) => (
        <Page
          // biome-ignore lint/suspicious/noArrayIndexKey: pages are positional
          key={i}
          size="A4"
          style={styles.page}
          // Pages are filled by hand (layout.ts): react-pdf must not paginate again.
          wrap={false}
        >
          <View style={styles.pageSpacer} />
          {i === 0 ? (
            <TitleBand block={plan.titleBlock} styler={styler} />
          ) : (
            <RunningHeader plan={plan} styler={styler} />
          )}
          <PageContent
            page={page}
            styler={styler}
            scenes={scenes}
            text={text}
            measurer={measurer}
          />
          <View
            style={
              plan.footerNote === null ? styles.footer : [styles.footer, styles.footerWithNote]
            }
            {...tag("Artifact")}
          >
            {plan.footerNote === null ? null : (
              <Text
                style={[
                  plan.footerNote.tone === "notice" ? styles.footerNotice : styles.footerPlain,
                  { fontSize: plan.footerNote.size },
                ]}
              >
                {plan.footerNote.mono ? withMonoValues(plan.footerNote.text) : plan.footerNote.text}
              </Text>
            )}
            <Text style={styles.runningText}>{`Page ${i + 1} of ${total}`}</Text>
          </View>
          {banner === null ? null : (
            // Last, so it is drawn over the title band on page 1; `fixed` states the intent (every
            // page), though each page here is one unbroken react-pdf page anyway.
            // Said once to a screen reader (page 1); page furniture on the others.
            <View style={styles.sampleBanner} fixed {...tag(i === 0 ? "P" : "Artifact")}>
              <Text style={styles.sampleBannerText}>{banner}</Text>
            </View>
          )}
        </Page>
      ))}
    </Document>
  );
}

/** How each tone of page 1's boxes is drawn (`TitleBox`). */
const BOX_STYLES = {
  warning: { box: styles.listWarning, text: styles.listWarningText },
  notice: { box: styles.noticeBox, text: styles.noticeText },
  plain: { box: styles.plainBox, text: styles.plainText },
} as const;

function TitleBand({ block, styler }: { block: TitleBlock; styler: Styler }): ReactElement {
  return (
    <>
      <View style={[styles.band, styler.height(block.bandHeight)]}>
        {block.label === null ? null : (
          <LinesView
            lines={block.label}
            style={styles.bandLabel}
            styler={styler}
            box={styles.gapBelowBandLabel}
            pdfTag="P"
          />
        )}
        <LinesView lines={block.title} style={styles.bandTitle} styler={styler} pdfTag="H1" />
        {block.subtitle === null ? null : (
          <LinesView
            lines={block.subtitle}
            style={styles.bandSubtitle}
            styler={styler}
            box={styles.gapAboveSubtitle}
            pdfTag="P"
          />
        )}
      </View>
      {block.boxes.map((box) => (
        // Part of page 1's title block, not `fixed`: each is said once, where the reader starts.
        <View
          key={box.top}
          style={[styles.content, BOX_STYLES[box.tone].box, { top: box.top, height: box.height }]}
        >
          <LinesView
            lines={box.text}
            style={BOX_STYLES[box.tone].text}
            styler={styler}
            pdfTag="P"
          />
        </View>
      ))}
      {block.meta.length === 0 ? null : (
        <View
          style={[
            styles.content,
            styles.metaStrip,
            { top: block.metaTop, height: block.metaHeight },
          ]}
        >
          {block.meta.map((m) => (
            <View key={m.label} style={[styles.metaItem, { width: block.metaWidth }]} {...tag("P")}>
              <Text style={[styles.metaLabel, styles.gapBelowMetaLabel]}>
                {`${m.label.toUpperCase()} `}
              </Text>
              <LinesView lines={m.value} style={styles.metaValue} styler={styler} />
            </View>
          ))}
        </View>
      )}
    </>
  );
}

function RunningHeader({ plan, styler }: { plan: DocumentPlan; styler: Styler }): ReactElement {
  return (
    <View style={styles.running} {...tag("Artifact")}>
      <View style={styles.runningSide}>
        {plan.runningTitle.map((line, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: lines are positional
          <Text key={i} style={styler.font(styles.runningText, plan.runningTitleFallback)}>
            {line}
          </Text>
        ))}
      </View>
      <View style={[styles.runningSide, styles.runningRight]}>
        {plan.runningRight.map((line, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: lines are positional
          <Text key={i} style={styles.runningText}>
            {line}
          </Text>
        ))}
      </View>
    </View>
  );
}

interface ItemContext {
  styler: Styler;
  scenes: readonly ChartScene[];
  text: (s: string) => string;
  measurer: Measurer;
}

function PageContent({ page, ...context }: { page: PagePlan } & ItemContext): ReactElement {
  return (
    <View style={[styles.content, { top: page.top }]}>
      {page.items.map((placed, k) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: items are positional
        <View key={k} style={context.styler.top(placed.y)}>
          <ItemView item={placed.item} {...context} />
        </View>
      ))}
    </View>
  );
}

function ItemView({
  item,
  styler,
  scenes,
  text,
  measurer,
}: { item: Item } & ItemContext): ReactElement {
  switch (item.kind) {
    case "heading":
      return <LinesView lines={item.text} style={styles.h1} styler={styler} pdfTag="H2" />;
    case "paragraph":
      return <LinesView lines={item.text} style={styles.paragraph} styler={styler} pdfTag="P" />;
    case "bullet":
      return (
        <View style={styles.bulletRow} {...tag("P")}>
          <Text style={styles.bulletMark}>{item.continued === true ? "" : "• "}</Text>
          <LinesView lines={item.text} style={styles.bulletText} styler={styler} />
        </View>
      );
    case "metrics":
      return (
        <View style={styles.cardRow}>
          {item.cards.map((card, c) => (
            <View
              // biome-ignore lint/suspicious/noArrayIndexKey: cards are positional
              key={c}
              {...tag("P")}
              style={[
                styles.card,
                {
                  width: item.cardWidth,
                  height: item.cardHeight,
                  marginRight: c === item.cards.length - 1 ? 0 : SPACING.cardGap,
                },
              ]}
            >
              <LinesView
                lines={card.label}
                style={styles.cardLabel}
                styler={styler}
                box={styles.gapBelowCardLabel}
                more
              />
              <LinesView
                lines={card.value}
                style={card.small ? styles.cardValueSmall : styles.cardValue}
                styler={styler}
              />
              {card.unit === null ? null : (
                <LinesView
                  lines={card.unit}
                  style={styles.cardUnit}
                  styler={styler}
                  box={styles.gapAboveCardUnit}
                />
              )}
            </View>
          ))}
        </View>
      );
    case "charts":
      return (
        <View style={styles.chartRow}>
          {item.charts.map(({ chart, index }) => {
            const scene = scenes[index];
            return scene === undefined ? null : (
              <View key={index} {...tag({ type: "Figure", alt: chartAlt(chart, text) })}>
                <ChartView
                  scene={scene}
                  width={item.width}
                  height={item.chartHeight}
                  fontFamily={styler.fontFamily}
                  text={text}
                />
              </View>
            );
          })}
        </View>
      );
    case "table":
      return <TableChunk item={item} styler={styler} measurer={measurer} />;
    case "evidence":
      return <EvidenceView item={item} />;
    case "signoff":
      // The form's rows and lines, one section of the structure tree (a tagged PDF).
      return (
        <View {...tag("Sect")}>
          <SignOffView item={item} fallback={styler.fallback} />
        </View>
      );
  }
}

/**
 * Text already broken into lines: one `<Text>` per line (see `Lines`), in a box carrying the
 * spacing when there are several.
 */
function LinesView({
  lines,
  style,
  styler,
  box,
  pdfTag,
  more = false,
}: {
  lines: Lines;
  style: Style;
  styler: Styler;
  box?: Style;
  /** Its structure tag: the lines are one element (a heading, a paragraph). */
  pdfTag?: PdfTagType | PdfTag;
  /** More text of the same element follows (a card's value after its label): a space after. */
  more?: boolean;
}): ReactElement {
  const tagged = pdfTag === undefined ? {} : tag(pdfTag);
  const type = styler.font(style, lines.fallback);
  const sized = (i: number): Style[] => {
    const size = lines.sizes?.[i];
    return size === null || size === undefined ? type : [...type, { fontSize: size }];
  };
  const spaced = (line: string, i: number) =>
    i < lines.lines.length - 1 || more ? wordSpaced(line) : line;
  const content = (line: string, i: number) => {
    const s = spaced(line, i);
    return lines.mono === true ? withMonoValues(s) : s;
  };
  if (lines.lines.length === 1) {
    return (
      <Text style={box === undefined ? sized(0) : [box, ...sized(0)]} {...tagged}>
        {content(lines.lines[0] as string, 0)}
      </Text>
    );
  }
  return (
    <View {...(box === undefined ? {} : { style: box })} {...tagged}>
      {lines.lines.map((line, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: lines are positional
        <Text key={i} style={sized(i)}>
          {content(line, i)}
        </Text>
      ))}
    </View>
  );
}

function TableChunk({
  item,
  styler,
  measurer,
}: {
  item: Extract<Item, { kind: "table" }>;
  styler: Styler;
  measurer: Measurer;
}): ReactElement {
  const t = item.table;
  const caption: Lines = {
    lines: item.continued ? t.continuedTitle : t.title,
    fallback: t.titleFallback,
  };
  const id = tableId(t);
  return (
    <View>
      {caption.lines.length === 0 ? null : (
        // No title: an appendix's table, named by its heading. The title is a heading of the
        // report's parts (a screen reader lists them); "(continued)" is page furniture.
        <LinesView
          lines={caption}
          style={item.continued ? styles.tableContinued : styles.tableTitle}
          styler={styler}
          box={styles.gapBelowTableTitle}
          pdfTag={item.continued ? "Artifact" : t.titleLevel === 3 ? "H3" : "H2"}
        />
      )}
      <TableChunkView
        id={id}
        table={t}
        start={item.start}
        end={item.end}
        measurer={measurer}
        complexStyle={(head, numeric, fallback, bold) =>
          styler.cellText(t.dense, head, numeric, fallback, bold)
        }
      />
    </View>
  );
}

/** A name for each table, unique in the process: its Table element's id (see tags.ts). */
const TABLE_IDS = new WeakMap<TableModel, string>();
let tables = 0;
function tableId(t: TableModel): string {
  let id = TABLE_IDS.get(t);
  if (id === undefined) {
    id = `table-${++tables}`;
    TABLE_IDS.set(t, id);
  }
  return id;
}

/** A chart's alternate text: what it draws, and its numbers (a screen reader reads them). */
function chartAlt(chart: ReportChart, text: (s: string) => string): string {
  const kind = chart.type === "bar" ? "Bar chart" : "Line chart";
  const title = chart.title === "" ? "" : `: ${text(chart.title)}`;
  const axis = chart.xLabel === null ? "" : ` by ${text(chart.xLabel)}`;
  const series = chart.series
    .map((s) => {
      const values = chart.labels.map((l, i) => `${text(l)} ${s.values[i] ?? "none"}`);
      return `${text(s.name)}: ${values.join(", ")}`;
    })
    .join("; ");
  return `${kind}${title}${axis}. ${series}.`;
}
