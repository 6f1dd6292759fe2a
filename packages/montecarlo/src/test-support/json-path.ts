/** The member at a dotted path of a JSON value (`properties.addresses.maxItems`). */
export const at = (value: unknown, path: string): unknown =>
  path.split(".").reduce<unknown>((o, key) => (o as Record<string, unknown>)[key], value);
