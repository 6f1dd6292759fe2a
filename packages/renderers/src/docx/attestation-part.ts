import { ATTESTATION_CARRIERS } from "@svc/attestations";
import type { ReportAttestation } from "@svc/report-model";
import JSZip from "jszip";

const RELATIONSHIP_ID = "rIdScreeningAttestation";

/**
 * The DOCX package with the attestation's compact JWS as a part of its own
 * (`ATTESTATION_CARRIERS.docxPartName`, content type `application/jose`), named by a package
 * relationship of type `ATTESTATION_CARRIERS.docxRelationshipType` from `_rels/.rels`: `unzip`
 * lists it, `ofac-index verify` finds it by that relationship, and Word and LibreOffice ignore
 * a relationship they do not know (ECMA-376 Part 2, §8.3). The docx library writes no custom
 * parts, so the finished package is opened and written again, its entries dated at the
 * attestation's instant.
 */
export async function withAttestationPart(
  docx: Uint8Array,
  attestation: ReportAttestation,
): Promise<Uint8Array> {
  const zip = await JSZip.loadAsync(docx);
  const partName = ATTESTATION_CARRIERS.docxPartName;
  const target = partName.slice(1);
  const types = await zip.file("[Content_Types].xml")?.async("string");
  const rels = await zip.file("_rels/.rels")?.async("string");
  if (types === undefined || rels === undefined) {
    throw new Error("the DOCX package has no [Content_Types].xml or _rels/.rels");
  }
  const date = new Date(attestation.issuedAt);
  zip.file(target, attestation.jws, { date });
  zip.file(
    "[Content_Types].xml",
    types.replace(
      "</Types>",
      `<Override PartName="${partName}" ContentType="${ATTESTATION_CARRIERS.mediaType}"/></Types>`,
    ),
    { date },
  );
  zip.file(
    "_rels/.rels",
    rels.replace(
      "</Relationships>",
      `<Relationship Id="${RELATIONSHIP_ID}" Type="${ATTESTATION_CARRIERS.docxRelationshipType}" Target="${target}"/></Relationships>`,
    ),
    { date },
  );
  return zip.generateAsync({
    type: "uint8array",
    compression: "DEFLATE",
    mimeType: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
  });
}
