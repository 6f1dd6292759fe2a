import { ATTESTATION_CARRIERS, ATTESTATION_KEYS_PATH, groupedFingerprint } from "@svc/attestations";
import type { ReportAttestation } from "@svc/report-model";
import { type QrMatrix, qrMatrix } from "./qr-code.js";

/** One line of the evidence block: a label, and its value in lines set in the monospace face. */
interface EvidenceField {
  readonly label: string;
  readonly lines: readonly string[];
}

/**
 * What every document prints of the attestation it was made from, in place of the JWS: the
 * fingerprint (grouped for reading aloud), kid, screening instant (UTC), edition and the URL where
 * the service answers it, with a QR code of that URL; and where the file carries the JWS itself.
 * The words are defined here once; the PDF, DOCX and XLSX renderers each lay them out.
 */
export interface EvidenceBlock {
  readonly heading: string;
  readonly fields: readonly EvidenceField[];
  /** Where this file carries the JWS and how to check it, in a sentence (not monospace). */
  readonly statement: string;
  readonly qr: QrMatrix;
  /** The verification URL the QR code encodes. */
  readonly url: string;
}

export const EVIDENCE_HEADING = "Screening attestation";

/** Groups of the fingerprint per printed line: two lines of eight, read aloud in halves. */
const GROUPS_PER_LINE = 8;

/** `2026-11-23T09:00:00.000Z` → `2026-11-23 09:00:00 UTC` (whole seconds: the claims' time). */
function utcInstant(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return `${date.toISOString().slice(0, 19).replace("T", " ")} UTC`;
}

/** Where each document type carries the JWS, in the statement's words. */
const CARRIED = {
  pdf: `is attached to this PDF as the file ${ATTESTATION_CARRIERS.fileName}`,
  docx: `travels inside this DOCX as the package part ${ATTESTATION_CARRIERS.docxPartName}`,
  xlsx: `is on the hidden sheet "${ATTESTATION_CARRIERS.xlsxSheetName}" of this workbook (not printed)`,
} as const;

export type EvidenceCarrier = keyof typeof CARRIED;

export function evidenceBlock(
  attestation: ReportAttestation,
  carrier: EvidenceCarrier,
): EvidenceBlock {
  const groups = groupedFingerprint(attestation.fingerprint).split(" ");
  const fingerprintLines: string[] = [];
  for (let i = 0; i < groups.length; i += GROUPS_PER_LINE) {
    fingerprintLines.push(groups.slice(i, i + GROUPS_PER_LINE).join(" "));
  }
  const keys = `${attestation.baseUrl.replace(/\/+$/, "")}${ATTESTATION_KEYS_PATH}`;
  const edition = attestation.edition;
  return {
    heading: EVIDENCE_HEADING,
    fields: [
      { label: "Fingerprint (SHA-256 of the JWS)", lines: fingerprintLines },
      { label: "Key ID (kid)", lines: [attestation.kid] },
      { label: "Screened at", lines: [utcInstant(attestation.issuedAt)] },
      {
        label: edition.sample ? "List edition (SAMPLE, not the OFAC list)" : "List edition",
        lines: [`${edition.date}; SHA-256 of the SDN Advanced XML (uncompressed)`, edition.sha256],
      },
      { label: "Verification URL", lines: [attestation.lookupUrl] },
    ],
    statement: `The service's signed attestation of this screening (a compact JWS) ${CARRIED[carrier]}; this page prints its fingerprint instead. Scan the code or open the verification URL for the JWS and the service's verdict, or check the file yourself: ofac-index verify <this file> --keys ${keys}`,
    qr: qrMatrix(attestation.lookupUrl),
    url: attestation.lookupUrl,
  };
}
