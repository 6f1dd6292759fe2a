import * as v from "valibot";
import { ArtifactSchema, ArtifactSummarySchema } from "../answer-parts.js";
import { DOCUMENT_SOURCE } from "./document-source.js";

/** The answer of the document routes (PDF, DOCX, XLSX): the file and what it says about itself. */
export const DocumentAnswerSchema = v.object({
  success: v.literal(true),
  data: v.looseObject({
    documentType: v.picklist(["pdf", "docx", "xlsx"]),
    fileName: v.string(),
    mimeType: v.string(),
    artifact: ArtifactSchema,
    preview: v.array(v.string()),
    capabilities: v.looseObject({}),
    artifact_summary: ArtifactSummarySchema,
  }),
  source: v.literal(DOCUMENT_SOURCE),
});
