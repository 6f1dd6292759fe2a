import { objectMessage, receivedType, receivedValue } from "@svc/report-model";
import * as v from "valibot";

/**
 * Every argument schema says what it refuses in this service's words (valibot's own English
 * never reaches a client); a refusal is prefixed with the argument's name (`refusalOf`).
 */
const aString = v.string((issue) => `must be a string; got ${receivedType(issue.input)}`);

/** A prompt argument: MCP passes every argument as a string. */
export const argument = (description: string) =>
  v.pipe(aString, v.minLength(1, "must not be empty"), v.description(description));

/**
 * The arguments of a prompt: a strict object whose refusals name the argument missing (`address
 * is required: …`) or not taken (`unknown member "x": this object accepts address, asset only`).
 */
export const promptArguments = <const E extends v.ObjectEntries>(entries: E) =>
  v.strictObject(entries, objectMessage("the arguments", entries));

/** One of a few words. */
export const choiceArgument = <const T extends readonly [string, ...string[]]>(
  options: T,
  description: string,
) =>
  v.pipe(
    v.picklist(
      options,
      (issue) => `must be one of ${options.join(", ")}; got ${receivedValue(issue.input)}`,
    ),
    v.description(description),
  );

/** A whole number from `min` to `max`, written as a string. */
export const integerArgument = (min: number, max: number, description: string) =>
  v.pipe(
    aString,
    v.regex(
      /^\d+$/,
      (issue) => `must be a whole number from ${min} to ${max}; got ${receivedValue(issue.input)}`,
    ),
    v.check(
      (s) => Number(s) >= min && Number(s) <= max,
      (issue) => `must be a whole number from ${min} to ${max}; got ${receivedValue(issue.input)}`,
    ),
    v.description(description),
  );

/** Addresses separated by commas, spaces or new lines, `max` at most. */
export const addressListArgument = (max: number, description: string) =>
  v.pipe(
    aString,
    v.transform(splitAddresses),
    v.minLength(1, "must hold at least one address"),
    v.maxLength(max, (issue) => `must hold at most ${max} addresses; got ${issue.received}`),
    v.description(description),
  );

function splitAddresses(raw: string): string[] {
  return raw
    .split(/[\s,;]+/)
    .map((a) => a.trim())
    .filter((a) => a !== "");
}

export type PromptArguments = v.ObjectEntries;

/** The arguments schema of a prompt: a strict object, every argument a string (MCP's rule). */
type PromptArgumentsSchema<Entries extends PromptArguments = PromptArguments> =
  v.StrictObjectSchema<Entries, v.ErrorMessage<v.StrictObjectIssue> | undefined>;

/** What a prompt's arguments come to: its message, or why they were refused. */
type PromptText =
  | { readonly ok: true; readonly text: string }
  | { readonly ok: false; readonly message: string };

/** What a prompt is written as: its listing, its arguments schema and its template. */
export interface PromptDefinition<Entries extends PromptArguments = PromptArguments> {
  readonly name: string;
  readonly title: string;
  readonly description: string;
  readonly arguments: PromptArgumentsSchema<Entries>;
  /** The user message the template expands to. */
  readonly render: (args: v.InferOutput<v.StrictObjectSchema<Entries, undefined>>) => string;
}

/**
 * One prompt template, defined once: its listing (name, description, arguments with required
 * flags and descriptions) is derived from `arguments`, the same schema that checks a request;
 * `expand` is the one way raw arguments reach the template.
 */
export interface McpPrompt<Entries extends PromptArguments = PromptArguments>
  extends PromptDefinition<Entries> {
  readonly expand: (raw: unknown) => PromptText;
}

/**
 * A prompt of any arguments, as the server holds them: everything but `render`, whose arguments
 * only `expand` can pair with what it parsed. Every `McpPrompt<Entries>` is one as it is.
 */
export interface AnyPrompt extends Omit<PromptDefinition, "render"> {
  readonly expand: (raw: unknown) => PromptText;
}

/** The refusal of a prompt's arguments: the first issue, with its path, in one sentence. */
function refusalOf(name: string, issues: readonly v.BaseIssue<unknown>[]): string {
  const issue = issues[0];
  const path = issue?.path?.map((p) => String(p.key)).join(".");
  return `Invalid arguments for prompt ${name}: ${path === undefined || path === "" ? "" : `${path}: `}${issue?.message}`;
}

export const definePrompt = <Entries extends PromptArguments>(
  definition: PromptDefinition<Entries>,
): McpPrompt<Entries> => ({
  ...definition,
  expand: (raw) => {
    const parsed = v.safeParse(definition.arguments, raw);
    return parsed.success
      ? { ok: true, text: definition.render(parsed.output) }
      : { ok: false, message: refusalOf(definition.name, parsed.issues) };
  },
});

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
