import * as v from "valibot";

/** A prompt argument: MCP passes every argument as a string. */
export const argument = (description: string) =>
  v.pipe(v.string(), v.minLength(1, "must not be empty"), v.description(description));

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
