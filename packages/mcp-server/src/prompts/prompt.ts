import * as v from "valibot";

/** A prompt argument: MCP passes every argument as a string. */
export const argument = (description: string) =>
  v.pipe(v.string(), v.minLength(1, "must not be empty"), v.description(description));

/** One of a few words. */
export const choiceArgument = <const T extends readonly [string, ...string[]]>(
  options: T,
  description: string,
) =>
  v.pipe(v.picklist(options, `must be one of ${options.join(", ")}`), v.description(description));

/** A whole number from `min` to `max`, written as a string. */
export const integerArgument = (min: number, max: number, description: string) =>
  v.pipe(
    v.string(),
    v.regex(/^\d+$/, `must be a whole number from ${min} to ${max}`),
    v.check(
      (s) => Number(s) >= min && Number(s) <= max,
      `must be a whole number from ${min} to ${max}`,
    ),
    v.description(description),
  );

/** Addresses separated by commas, spaces or new lines, `max` at most. */
export const addressListArgument = (max: number, description: string) =>
  v.pipe(
    v.string(),
    v.transform(splitAddresses),
    v.minLength(1, "must hold at least one address"),
    v.maxLength(max, `must hold at most ${max} addresses`),
    v.description(description),
  );

export function splitAddresses(raw: string): string[] {
  return raw
    .split(/[\s,;]+/)
    .map((a) => a.trim())
    .filter((a) => a !== "");
}

export type PromptArguments = v.ObjectEntries;

/**
 * One prompt template, defined once: its listing (name, description, arguments with required
 * flags and descriptions) is derived from `arguments`, the same schema that checks a request.
 */
export interface McpPrompt<Entries extends PromptArguments = PromptArguments> {
  readonly name: string;
  readonly title: string;
  readonly description: string;
  readonly arguments: v.StrictObjectSchema<
    Entries,
    v.ErrorMessage<v.StrictObjectIssue> | undefined
  >;
  /** The user message the template expands to. */
  readonly render: (args: v.InferOutput<v.StrictObjectSchema<Entries, undefined>>) => string;
}

export const definePrompt = <Entries extends PromptArguments>(
  prompt: McpPrompt<Entries>,
): McpPrompt<Entries> => prompt;

/** A prompt of any arguments, as the server holds them. */
export type AnyPrompt = McpPrompt<PromptArguments>;

/** The listing of a prompt's arguments (MCP `prompts/list`). */
export function promptArgumentsOf(prompt: AnyPrompt) {
  return Object.entries(prompt.arguments.entries).map(([name, schema]) => {
    const optional = schema.type === "optional";
    const inner = (
      optional ? (schema as v.OptionalSchema<v.GenericSchema, undefined>).wrapped : schema
    ) as {
      pipe?: readonly { kind?: string; type?: string; description?: string }[];
    };
    const description = inner.pipe?.find((p) => p.type === "description")?.description;
    return { name, ...(description === undefined ? {} : { description }), required: !optional };
  });
}
