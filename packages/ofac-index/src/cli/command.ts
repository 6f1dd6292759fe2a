import { parseArgs } from "node:util";
import { isParseArgsError, UsageError } from "./cli-error.js";
import { EXIT, type ExitCode } from "./exit-codes.js";

/** One option of a command: how node's `parseArgs` reads it and how `--help` explains it. */
interface OptionSpec {
  readonly type: "string" | "boolean";
  readonly short?: string;
  readonly default?: string | boolean;
  /** The value's name in the usage (`FILE`), for a string option. */
  readonly value?: string;
  /** One line of explanation (wrapped to the terminal's width by `--help`). */
  readonly help: string;
}

export type OptionSpecs = Readonly<Record<string, OptionSpec>>;

/** The parsed values of `O`: a string or a boolean, `undefined` when absent and not defaulted. */
export type OptionValues<O extends OptionSpecs> = {
  -readonly [K in keyof O]: O[K] extends { readonly type: "boolean" }
    ? O[K] extends { readonly default: boolean }
      ? boolean
      : boolean | undefined
    : O[K] extends { readonly default: string }
      ? string
      : string | undefined;
};

/** What `ofac-index <command> --help` prints, and the command's line in `ofac-index --help`. */
export interface CommandDoc<O extends OptionSpecs = OptionSpecs> {
  readonly name: string;
  /** One line for `ofac-index --help`. */
  readonly summary: string;
  /** The arguments after `ofac-index <name>`, as the usage line shows them. */
  readonly synopsis: string;
  /** What the command does and prints, a paragraph (wrapped by `--help`). */
  readonly description: string;
  readonly arguments: ReadonlyArray<readonly [string, string]>;
  readonly options: O;
  readonly exitCodes: ReadonlyArray<readonly [ExitCode, string]>;
  /** More paragraphs after the exit codes (examples, notes). */
  readonly notes?: readonly string[];
}

export interface Command extends CommandDoc {
  /** Runs the command on its arguments (those after its name); resolves to the exit code. */
  run(args: string[]): Promise<number>;
}

/** Every command's `-h, --help`. */
const HELP_OPTION = {
  type: "boolean",
  short: "h",
  help: "print this help (arguments, options, exit codes) on stdout and exit 0",
} as const satisfies OptionSpec;

/** The width `--help` wraps its text to. */
export const WIDTH = 80;

/**
 * `text` in lines of at most `width` characters (a longer word stays whole), every line after
 * the first indented by `indent` spaces: a paragraph, or a column beside a label.
 */
export function wrap(text: string, width: number, indent: number): string {
  const lines: string[] = [];
  let line = "";
  for (const word of text.split(/\s+/).filter(Boolean)) {
    if (line !== "" && line.length + 1 + word.length > width) {
      lines.push(line);
      line = word;
    } else {
      line = line === "" ? word : `${line} ${word}`;
    }
  }
  lines.push(line);
  return lines.join(`\n${" ".repeat(indent)}`);
}

/** Two columns: a label, then its text wrapped beside it (below it when the label is long). */
export function table(rows: ReadonlyArray<readonly [string, string]>, labelWidth: number): string {
  const indent = 2 + labelWidth + 2;
  return rows
    .map(([label, text]) => {
      const head = `  ${label}`;
      if (label.length > labelWidth) {
        return `${head}\n${" ".repeat(indent)}${wrap(text, WIDTH - indent, indent)}`;
      }
      return `${head.padEnd(indent)}${wrap(text, WIDTH - indent, indent)}`;
    })
    .join("\n");
}

/** `usage: ofac-index <name> <synopsis>`, the synopsis wrapped beside its head. */
export function usageLine(name: string, synopsis: string, head = "usage: "): string {
  const prefix = `${head}ofac-index ${name} `;
  return `${prefix}${wrap(synopsis, WIDTH - prefix.length, prefix.length)}`;
}

/** `-h, --help`, `--list FILE`. */
function optionLabel(name: string, spec: OptionSpec): string {
  const value = spec.type === "string" ? ` ${spec.value ?? "VALUE"}` : "";
  return `${spec.short === undefined ? "" : `-${spec.short}, `}--${name}${value}`;
}

/** The whole of `ofac-index <command> --help`. */
export function commandHelp(doc: CommandDoc): string {
  const options = { ...doc.options, help: HELP_OPTION } as OptionSpecs;
  const sections = [usageLine(doc.name, doc.synopsis), wrap(doc.description, WIDTH, 0)];
  if (doc.arguments.length > 0) sections.push(`arguments:\n${table(doc.arguments, 20)}`);
  sections.push(
    `options:\n${table(
      Object.entries(options).map(([name, spec]) => [optionLabel(name, spec), spec.help]),
      20,
    )}`,
  );
  sections.push(
    `exit codes:\n${table(
      doc.exitCodes.map(([code, text]) => [String(code), text]),
      1,
    )}`,
  );
  for (const note of doc.notes ?? []) sections.push(note);
  return `${sections.join("\n\n")}\n`;
}

/** True when the arguments ask for help (`-h` or `--help` as an option, not as a value). */
function asksForHelp(args: string[], options: OptionSpecs): boolean {
  const { tokens } = parseArgs({
    args,
    options: parseConfig(options),
    allowPositionals: true,
    strict: false,
    tokens: true,
  });
  return tokens.some((t) => t.kind === "option" && t.name === "help");
}

/** `parseArgs`' options: the specs without their help text. */
function parseConfig(options: OptionSpecs) {
  const all: OptionSpecs = { ...options, help: HELP_OPTION };
  return Object.fromEntries(
    Object.entries(all).map(([name, s]) => [
      name,
      {
        type: s.type,
        ...(s.short === undefined ? {} : { short: s.short }),
        ...(s.default === undefined ? {} : { default: s.default }),
      },
    ]),
  ) as Record<string, { type: "string" | "boolean"; short?: string; default?: string | boolean }>;
}

/**
 * A command from its documentation and its body: `-h`/`--help` print the help on stdout and
 * exit 0 (whatever else the line holds); a wrong option is a usage error naming the command.
 */
export function defineCommand<const O extends OptionSpecs>(
  doc: CommandDoc<O>,
  body: (values: OptionValues<O>, positionals: string[]) => Promise<number>,
): Command {
  return {
    ...doc,
    async run(args) {
      let parsed: { values: Record<string, unknown>; positionals: string[] };
      try {
        if (asksForHelp(args, doc.options)) {
          process.stdout.write(commandHelp(doc));
          return EXIT.OK;
        }
        parsed = parseArgs({
          args,
          options: parseConfig(doc.options),
          allowPositionals: true,
          strict: true,
        });
      } catch (error) {
        if (isParseArgsError(error)) throw new UsageError(error.message, doc.name);
        throw error;
      }
      const { help: _help, ...values } = parsed.values;
      return body(values as OptionValues<O>, parsed.positionals);
    },
  };
}
