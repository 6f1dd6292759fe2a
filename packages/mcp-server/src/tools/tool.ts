import {
  type Admission,
  type Answer,
  type Attest,
  type ComplianceDeps,
  type HandleOptions,
  handleInput,
  recordScreenings,
} from "@svc/compliance";
import type { ToolResult } from "@svc/payments";
import type * as v from "valibot";
import { failureResult } from "../results/tool-result.js";

/** What a tool charges: free, or a price per call that may depend on the output format. */
export type ToolPricing =
  | { readonly kind: "free" }
  | {
      readonly kind: "paid";
      /** USD as a decimal string: the price of the HTTP route the tool maps to. */
      readonly price: string;
      /** Where a document format costs more (screening plus the document route). */
      readonly byOutputFormat?: Readonly<Record<string, string>>;
      /** Every format the price-deciding argument accepts (those not in byOutputFormat cost `price`). */
      readonly formats?: readonly string[];
    };

/** What a tool's run can see besides its input. */
export interface ToolContext {
  readonly deps: ComplianceDeps;
  /** The tools this server lists (server_capabilities describes them). */
  readonly tools: readonly AnyTool[];
  /** Whether calls are paid here (the hosted server) or free (standalone, offline). */
  readonly paid: boolean;
  /** Fires when the call is abandoned (its deadline passed): pass it to the renderer. */
  readonly signal?: AbortSignal | undefined;
  /**
   * Signs the screening attestation of a paid call (the hosted server with a signing key), bound
   * to its payment: a tool that screens passes it to its operation (`RunContext.attest`), which
   * puts the JWS in the answer's `attestation`. Absent on a free call: nothing is signed.
   */
  readonly attest?: Attest | undefined;
}

/** How a tool is listed, priced and bounded, whatever its input. */
export interface ToolInfo {
  readonly name: string;
  readonly title: string;
  readonly description: string;
  readonly pricing: ToolPricing;
  /**
   * How long a call may take (ms): a payment must stay valid for it plus settlement, and a call
   * that outlasts it is abandoned (`EXECUTION_TIMEOUT`, not charged). A tool that is an
   * operation has the operation's.
   */
  readonly deadlineMs: number;
}

/** What a tool is written as: its listing, its input schema and example, and its run. */
export interface ToolDefinition<Input = unknown> extends ToolInfo {
  /**
   * What is checked on the raw arguments before the schema runs (a document tool: the report's
   * size and a place in the renderer's queue), as its route does (`Handled.admit`). A tool's
   * arguments arrive parsed, without their JSON text, so its admission never takes the run on
   * itself (`Admission.run`): they are validated here.
   */
  readonly admit?:
    | ((raw: unknown, context: ToolContext, options: HandleOptions) => Admission<never>)
    | undefined;
  readonly input: v.GenericSchema<unknown, Input>;
  readonly inputExample: Input;
  /**
   * The schema of the answer `run` gives (the tool's `outputSchema`, what `structuredContent`
   * holds): the operation's answer schema for a tool that is one.
   */
  readonly output: v.GenericSchema;
  /** The answer, as structured content; a rendered document rides inside it as an artifact. */
  readonly run: (input: Input, context: ToolContext) => Promise<Record<string, unknown>>;
}

/**
 * A call handled from end to end: the raw arguments checked against the tool's schema, then run
 * within its deadline; a refusal of either is a `Failure`, a fault is thrown.
 */
export type HandleTool = (
  raw: unknown,
  context: ToolContext,
  options?: HandleOptions,
) => Promise<Answer<Record<string, unknown>>>;

/**
 * One MCP tool, defined once: its listing (name, title, description, JSON Schema derived from
 * `input`), its validation (`input`, a strict valibot object), its price, its run, and `handle`,
 * the one way a call reaches the run. Tools that map to an HTTP route take their description,
 * price and handler from the catalog operation.
 */
export interface McpTool<Input = unknown> extends ToolDefinition<Input> {
  readonly handle: HandleTool;
}

/**
 * A tool of any input, as the server holds them: everything but `run`, whose input only `handle`
 * can pair with the arguments it parsed. Every `McpTool<Input>` is one as it is.
 */
export interface AnyTool extends ToolInfo {
  readonly input: v.GenericSchema;
  readonly inputExample: unknown;
  readonly output: v.GenericSchema;
  readonly handle: HandleTool;
}

/** Keeps a definition's input type, and gives it the one way to handle a call. */
export const defineTool = <Input>(definition: ToolDefinition<Input>): McpTool<Input> => ({
  ...definition,
  handle: async (raw, context, options) => {
    // Every screening the run makes is noted, for the payment's record.
    const screened = recordScreenings(context.deps);
    const answer = await handleInput(
      {
        name: definition.name,
        deadlineMs: definition.deadlineMs,
        input: definition.input,
        admit: definition.admit,
        run: (input: Input, call: ToolContext, run) =>
          definition.run(input, { ...call, signal: run?.signal, attest: run?.attest }),
      },
      raw,
      { ...context, deps: screened.deps },
      options,
    );
    return answer.ok ? { ...answer, evidence: screened.evidence() } : answer;
  },
});

/** The one argument a price can depend on: the format of the document asked for. */
export const PRICE_ARGUMENT = "output_format";

/** The price of one call: null when the tool is free; a refusal when the price-deciding argument is bad. */
export type PricedCall =
  | { readonly ok: true; readonly price: string | null }
  | { readonly ok: false; readonly refusal: ToolResult };

/**
 * What one call with `args` costs, read from as little of the arguments as decides it: nothing
 * for a flat price, only `output_format` for a tool priced by format (it must then be one of the
 * priced formats, or the default price applies when it is absent and the schema has a default).
 * The rest of the arguments is validated after payment.
 */
export function pricedCall(tool: AnyTool, args: Record<string, unknown>): PricedCall {
  if (tool.pricing.kind === "free") return { ok: true, price: null };
  if (tool.pricing.byOutputFormat === undefined) return { ok: true, price: tool.pricing.price };
  const price = priceInFormat(tool.pricing, args[PRICE_ARGUMENT]);
  if (price !== undefined) return { ok: true, price };
  const rule = `${PRICE_ARGUMENT} must be one of ${formatsOf(tool.pricing).join(", ")}`;
  return {
    ok: false,
    refusal: failureResult({
      code: "INVALID_INPUT",
      message: `Invalid input: ${PRICE_ARGUMENT}: ${rule}`,
      issues: [{ path: PRICE_ARGUMENT, message: rule }],
    }),
  };
}

type PaidPricing = Extract<ToolPricing, { kind: "paid" }>;

/** The formats a tool priced by format takes. */
const formatsOf = (pricing: PaidPricing): readonly string[] =>
  pricing.formats ?? Object.keys(pricing.byOutputFormat ?? {});

/** The price in `format` (none given: the tool's price), or undefined for a format it does not take. */
function priceInFormat(pricing: PaidPricing, format: unknown): string | undefined {
  if (format === undefined) return pricing.price;
  if (typeof format !== "string" || !formatsOf(pricing).includes(format)) return undefined;
  return pricing.byOutputFormat?.[format] ?? pricing.price;
}

/** The price of one call with validated `input`, or null when the tool is free. */
export function priceOf(tool: AnyTool, input: unknown): string | null {
  if (tool.pricing.kind === "free") return null;
  const format =
    typeof input === "object" && input !== null
      ? (input as Record<string, unknown>)[PRICE_ARGUMENT]
      : undefined;
  return priceInFormat(tool.pricing, format) ?? tool.pricing.price;
}
