import type { DocumentType } from "@svc/renderers/pool";

/**
 * `output_format` of the EDD route (and of the MCP tools that render an answer): `json`, or
 * the renderers' own `DocumentType` of the file to make of the answer's report, handed to the
 * renderer as it is (no mapping between names of formats on the way).
 */
export const EDD_OUTPUT_FORMATS = ["json", "pdf", "docx"] as const satisfies readonly (
  | "json"
  | DocumentType
)[];
type EddOutputFormat = (typeof EDD_OUTPUT_FORMATS)[number];

/** The formats that are documents: the renderers' types the EDD route renders. */
export type EddDocumentType = Exclude<EddOutputFormat, "json">;

/**
 * The case an EDD memo is written for (the memo's `case`, plus `outputFormat` as the deployed
 * service had it), in the camelCase of the answer. Members the caller left out are null, so
 * the memo can say "Not provided" rather than silently drop a line of the case header.
 */
export interface EddCase {
  readonly subjectName: string;
  readonly caseName: string | null;
  readonly reviewReason: string | null;
  readonly jurisdiction: string | null;
  readonly requestedBy: string | null;
  readonly referenceId: string | null;
  readonly addresses: readonly string[];
  readonly asset: string | null;
  readonly outputFormat: EddOutputFormat;
}

/** The request members the case is made of (snake_case, as the body has them). */
export interface EddCaseInput {
  readonly subject_name: string;
  readonly addresses: readonly string[];
  readonly output_format: EddOutputFormat;
  readonly case_name?: string | undefined;
  readonly review_reason?: string | undefined;
  readonly jurisdiction?: string | undefined;
  readonly requested_by?: string | undefined;
  readonly reference_id?: string | undefined;
  readonly asset?: string | undefined;
}

/** Blank text counts as not provided: an empty case name must not become an empty title. */
const given = (s: string | undefined): string | null =>
  s === undefined || s.trim() === "" ? null : s.trim();

export function eddCase(input: EddCaseInput): EddCase {
  return {
    subjectName: input.subject_name.trim(),
    caseName: given(input.case_name),
    reviewReason: given(input.review_reason),
    jurisdiction: given(input.jurisdiction),
    requestedBy: given(input.requested_by),
    referenceId: given(input.reference_id),
    addresses: [...input.addresses],
    // As given, like the screening's own query echo (a bad filter is refused, not blanked).
    asset: input.asset ?? null,
    outputFormat: input.output_format,
  };
}
