import type { ReportAttestation } from "@svc/report-model";
import { type EvidenceBlock, evidenceBlock } from "../evidence/evidence-block.js";
import { QR_QUIET_ZONE } from "../evidence/qr-code.js";
import type { Measurer } from "./measure.js";
import { CONTENT_WIDTH } from "./theme.js";

/** The evidence block's type (points): labels in the sans face, values in the monospace one. */
export const EVIDENCE_TYPE = Object.freeze({
  label: { size: 7, line: 9 },
  value: { size: 7.5, line: 10 },
  /** The verification URL across the page: a usual host's URL on one line. */
  wide: { size: 7, line: 10 },
  statement: { size: 8, line: 11 },
});

/** The QR code's side, quiet zone included (points): about 29 mm, modules near 0.5 mm. */
export const QR_SIDE = 96;
const QR_GAP = 14;
const FIELD_GAP = 3;
const STATEMENT_GAP = 8;

/** A field laid out: its label and its value broken into monospace lines that fit. */
interface PlacedField {
  readonly label: string;
  readonly lines: readonly string[];
}

export interface EvidenceItem {
  readonly kind: "evidence";
  readonly block: EvidenceBlock;
  /** Beside the QR code. */
  readonly fields: readonly PlacedField[];
  /** Under the QR code, across the page: the verification URL (one line on most hosts). */
  readonly wide: readonly PlacedField[];
  /** The statement, broken into lines of the body face. */
  readonly statement: readonly string[];
  /** Modules across, quiet zone included, and the side of one module (points). */
  readonly qrModules: number;
  readonly moduleSide: number;
  readonly height: number;
}

/**
 * The evidence block as one unbreakable item: the QR code on the left, the fields beside it, the
 * statement under both. Every line is broken here, so its height is exact.
 */
export function planEvidence(
  attestation: ReportAttestation,
  measurer: Measurer,
  wrap: (s: string, width: number, size: number) => readonly string[],
): EvidenceItem {
  const block = evidenceBlock(attestation, "pdf");
  const textWidth = CONTENT_WIDTH - QR_SIDE - QR_GAP;
  const place = (f: EvidenceBlock["fields"][number], width: number, size: number): PlacedField => ({
    label: f.label,
    lines: f.lines.flatMap((line) => measurer.wrapMono(line, width, size)),
  });
  const isUrl = (f: EvidenceBlock["fields"][number]) => f.lines[0] === block.url;
  const fields = block.fields
    .filter((f) => !isUrl(f))
    .map((f) => place(f, textWidth, EVIDENCE_TYPE.value.size));
  const wide = block.fields
    .filter(isUrl)
    .map((f) => place(f, CONTENT_WIDTH, EVIDENCE_TYPE.wide.size));
  const heightOf = (list: readonly PlacedField[]) =>
    list.reduce(
      (h, f) =>
        h + EVIDENCE_TYPE.label.line + f.lines.length * EVIDENCE_TYPE.value.line + FIELD_GAP,
      0,
    );
  const statement = wrap(block.statement, CONTENT_WIDTH, EVIDENCE_TYPE.statement.size);
  const qrModules = block.qr.size + 2 * QR_QUIET_ZONE;
  return {
    kind: "evidence",
    block,
    fields,
    wide,
    statement,
    qrModules,
    moduleSide: QR_SIDE / qrModules,
    height:
      Math.max(QR_SIDE, heightOf(fields)) +
      FIELD_GAP +
      heightOf(wide) +
      STATEMENT_GAP +
      statement.length * EVIDENCE_TYPE.statement.line +
      6,
  };
}

export const EVIDENCE_GAPS = Object.freeze({
  qr: QR_GAP,
  field: FIELD_GAP,
  statement: STATEMENT_GAP,
});
