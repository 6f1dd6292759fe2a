import { addressesField, addressField } from "@svc/compliance";

/**
 * The tools' own bounds, tighter than the routes': an address of at least 10
 * characters. Built with the routes' fields, so every other bound and message is the routes'.
 */
export const MIN_TOOL_ADDRESS_LENGTH = 10;

export const toolAddressField = (description: string) =>
  addressField("address", description, MIN_TOOL_ADDRESS_LENGTH);

export const toolAddressesField = (description: string) =>
  addressesField(description, MIN_TOOL_ADDRESS_LENGTH);
