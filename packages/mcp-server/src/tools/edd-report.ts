import { EddReportInputSchema, eddReport, strictInput } from "@svc/compliance";
import * as v from "valibot";
import { defineTool } from "./tool.js";
import { toolAddressesField } from "./tool-fields.js";

const { artifact_only: _notATool, ...routeEntries } = EddReportInputSchema.entries;

/** Route 4's members except `artifact_only`, with the tool bounds of spec §4.3. */
const Input = strictInput({
  ...routeEntries,
  subject_name: v.pipe(
    v.string("subject_name must be a string"),
    v.minLength(2, "subject_name must be 2 to 200 characters"),
    v.maxLength(200, "subject_name must be 2 to 200 characters"),
    v.regex(/\S/, "subject_name must not be blank"),
    v.description("The subject or counterparty the wallets belong to; named throughout the memo."),
  ),
  addresses: toolAddressesField(
    "1 to 100 wallet addresses of the subject (each at least 10 characters), listed in this order.",
  ),
});

/**
 * Spec §4.3 `edd_report`: HTTP route 4 as a tool, at its price. A document comes back once, as
 * an embedded resource, so the route's `artifact_only` has no use here.
 */
export const eddReportTool = defineTool<v.InferOutput<typeof Input>>({
  name: eddReport.name,
  title: eddReport.name,
  description: eddReport.description,
  input: Input,
  inputExample: eddReport.inputExample,
  pricing: { kind: "paid", price: eddReport.price },
  run: async (input, { deps }) => ({ ...(await eddReport.run(input, deps)) }),
});
