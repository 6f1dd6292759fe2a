import { addressesField, addressField } from "@svc/compliance";
import * as v from "valibot";

/**
 * The tools' own bounds (spec §4.3), tighter than the routes': an address of at least 10
 * characters. Built with the routes' fields, so every other bound and message is the routes'.
 */
export const MIN_TOOL_ADDRESS_LENGTH = 10;

export const toolAddressField = (description: string) =>
  addressField("address", description, MIN_TOOL_ADDRESS_LENGTH);

export const toolAddressesField = (description: string) =>
  addressesField(description, MIN_TOOL_ADDRESS_LENGTH);

export const OUTPUT_FORMATS = ["json", "pdf", "docx"] as const;
export type ToolOutputFormat = (typeof OUTPUT_FORMATS)[number];

export const outputFormatField = (description: string) =>
  v.pipe(
    v.picklist(OUTPUT_FORMATS, 'output_format must be "json", "pdf" or "docx"'),
    v.description(description),
  );
