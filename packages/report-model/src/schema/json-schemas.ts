import { type JsonSchema, jsonSchemaOf } from "./convert.js";
import { LegacyReportSchema, ReportModelSchema } from "./wire-schemas.js";

export { type JsonSchema, jsonSchemaOf };

export const reportModelJsonSchema: JsonSchema = jsonSchemaOf(ReportModelSchema);
export const legacyReportJsonSchema: JsonSchema = jsonSchemaOf(LegacyReportSchema);
/** Body of the PDF routes: exactly one of the two variants. */
export const reportInputJsonSchema: JsonSchema = {
  oneOf: [reportModelJsonSchema, legacyReportJsonSchema],
  description:
    "The shared report model (report_meta required) or the legacy payload (title required); exactly one.",
};
