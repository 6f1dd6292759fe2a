import { ATTESTATION_CARRIERS } from "@svc/attestations";
import type { ReportAttestation } from "@svc/report-model";
import { AFRelationship, PDFDocument } from "pdf-lib";

/**
 * The PDF with the attestation's compact JWS embedded as a file attachment
 * (`ATTESTATION_CARRIERS.fileName`, `application/jose`, related to the document as its source
 * data): any PDF reader lists it, `pdfdetach` extracts it, `ofac-index verify` checks it. react-pdf
 * cannot attach a file, so pdf-lib adds it to the finished document; its dates are the
 * attestation's instant, so the same report renders the same attachment.
 */
export async function attachAttestation(
  pdf: Uint8Array,
  attestation: ReportAttestation,
): Promise<Uint8Array> {
  const doc = await PDFDocument.load(pdf, { updateMetadata: false });
  const instant = new Date(attestation.issuedAt);
  await doc.attach(new TextEncoder().encode(attestation.jws), ATTESTATION_CARRIERS.fileName, {
    mimeType: ATTESTATION_CARRIERS.mediaType,
    description: ATTESTATION_CARRIERS.description,
    creationDate: instant,
    modificationDate: instant,
    afRelationship: AFRelationship.Source,
  });
  return doc.save({ useObjectStreams: false });
}
