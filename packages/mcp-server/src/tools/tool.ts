import type {
  AnyOperation,
  ComplianceDeps,
  Executable,
  Operation,
  RunContext,
} from "@svc/compliance";
import type { ToolResult } from "@svc/payments";
import type * as v from "valibot";
import { failureResult } from "../results/tool-result.js";
import type { PaidOn } from "../server/paid-on.js";
import type { ToolCall } from "../server/tool-call.js";

/** What a tool charges: free, or a price per call that may depend on the output format. */
type ToolPricing =
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

/**
 * What a tool's run is given: the service's deps, and what the server it is listed on knows of
 * itself (`server_capabilities` describes it). A catalog operation reads only the deps.
 */
export interface ToolDeps extends ComplianceDeps {
  /** The tools this server lists. */
  readonly tools: readonly AnyTool[];
  /** Whether calls are paid here (the hosted server) or free (standalone, offline). */
  readonly paid: boolean;
  /** Where paid calls are paid (every network of the service's terms, the default first), when they are. */
  readonly paidOn?: PaidOn | undefined;
  /** The call being run (its `_meta`, who calls): what a signed-in tool reads; absent otherwise. */
  readonly call?: ToolCall | undefined;
}

/**
 * What a tool does beyond reading, where it is more than a free tool's "reads only" (MCP's
 * ToolAnnotations): an owner's change to a monitor changes the service, a deletion cannot be
 * undone, a replay sends a message out.
 */
export interface ToolEffects {
  readonly readOnly: boolean;
  readonly destructive: boolean;
  readonly idempotent: boolean;
  readonly openWorld: boolean;
}

/**
 * One MCP tool: what the executor of @svc/compliance runs (`execute`: the input schema, the
 * deadline a payment is sized on, the admission and the run), with its MCP listing (title,
 * description, answer schema, example and price). A tool that is an HTTP route of the catalog
 * is a view of that operation (`operationTool`): `operation` names it, and the tool runs its
 * admission and run. The others (the free list status and capabilities, the Monte Carlo tools)
 * are declared alone (`defineTool`).
 */
export interface McpTool<Input = unknown, Output extends object = object>
  extends Executable<Input, Output, ToolDeps> {
  /** The tool's name for people (what a client shows), never its snake_case name. */
  readonly title: string;
  /**
   * What the tool does, and only that (no price: the listing says it first, from `pricing`, on a
   * server that charges).
   */
  readonly description: string;
  readonly inputExample: Input;
  /**
   * The schema of the answer `run` gives (the tool's `outputSchema`, what `structuredContent`
   * holds): the operation's answer schema for a tool that is one.
   */
  readonly output: v.GenericSchema;
  readonly pricing: ToolPricing;
  /** The catalog operation (the HTTP route) this tool is a view of; none for a tool of its own. */
  readonly operation?: AnyOperation | undefined;
  /**
   * Whether the tool answers only a wallet signed in with Sign-In-With-X (its proof in the call's
   * `_meta["sign-in-with-x"]`): without one its result is the challenge, an x402 PaymentRequired
   * with no payment option (so its output schema takes one).
   */
  readonly signIn?: boolean | undefined;
  /** What a free tool does beyond reading (default: it only reads). */
  readonly effects?: ToolEffects | undefined;
}

/** A tool of any input and output, as the server holds them (see `AnyOperation`). */
export type AnyTool = McpTool<unknown, object>;

/** Declares a tool that is no route of the catalog, keeping its input and output types. */
export const defineTool = <Input, Output extends object = object>(
  tool: McpTool<Input, Output>,
): McpTool<Input, Output> => tool;

/**
 * What a tool changes of the operation it is a view of; the rest is the operation's: its name,
 * title, description, input and example, answer schema, price, deadline, admission and run.
 */
export interface ToolView<Input> {
  /** The tool's name, where the route's is not its MCP name. */
  readonly name?: string;
  /** Default: the route's title. */
  readonly title?: string;
  /** Default: the route's, where it says only what the tool does (not what another route does). */
  readonly description?: string;
  /**
   * The tool's input: the route's narrowed (its members with tighter fields, or fewer of them),
   * so whatever the tool accepts is an input of the route; or widened by what the tool's own
   * `run` takes besides (a document format).
   */
  readonly input?: v.GenericSchema<unknown, Input>;
  /** Checked against `input`, not read for its type (a literal in it would widen to a string). */
  readonly inputExample?: NoInfer<Input>;
  readonly output?: v.GenericSchema;
  /** Default: the route's price, whatever the arguments. */
  readonly pricing?: ToolPricing;
  /** Default: the route's. */
  readonly deadlineMs?: number;
}

/** A view's own run: what the tool does beyond its route (rendering the route's report). */
export type ToolRun<Input, Output> = (
  input: Input,
  deps: ToolDeps,
  context?: RunContext,
) => Promise<Output>;

/**
 * A catalog operation as an MCP tool: the operation itself, listed under its name and title at
 * its price, with what `view` changes. The tool runs the operation's own admission (a
 * document's size and its place in the renderer's queue) and run, through the same executor as
 * the route, so it answers exactly what the route answers. With its own `run` (which calls the
 * route's), the tool does more than the route: its input, answer schema, price and deadline are
 * then the view's.
 *
 * The tool's input extends the route's (`Input extends RouteInput`, checked here, once); the
 * example is the route's unless the tool takes less or more than it does. The tool is held as
 * the server holds every tool (`AnyTool`), its types checked here.
 */
export function operationTool<
  RouteInput,
  RouteOutput extends object,
  Input extends RouteInput,
  Output extends object,
>(
  op: Operation<RouteInput, RouteOutput>,
  view: ToolView<Input> & { readonly run: ToolRun<Input, Output> },
): AnyTool;
export function operationTool<
  RouteInput,
  RouteOutput extends object,
  Input extends RouteInput = RouteInput,
>(op: Operation<RouteInput, RouteOutput>, view?: ToolView<Input>): AnyTool;
export function operationTool(
  op: Operation<unknown, object>,
  view: ToolView<unknown> & { readonly run?: ToolRun<unknown, object> } = {},
): AnyTool {
  const name = view.name ?? op.name;
  const { run } = view;
  return {
    name,
    title: view.title ?? op.title,
    description: view.description ?? op.description,
    input: view.input ?? op.input,
    inputExample: view.inputExample ?? op.inputExample,
    output: view.output ?? op.output,
    pricing: view.pricing ?? { kind: "paid", price: op.price },
    deadlineMs: view.deadlineMs ?? op.deadlineMs,
    operation: op,
    // The route's own refusals of what its run is given: the tool's input extends the route's.
    ...(op.check !== undefined && { check: op.check }),
    ...(run === undefined
      ? {
          ...(op.admit !== undefined && { admit: op.admit }),
          // A screening operation signs its answer when the call was paid (`attest`). The answer
          // is copied into a fresh object: the tools-call bench measured a 100-address batch over
          // the HTTP handler 12% slower (p50 3.6 ms against 3.2) when the operation's own object
          // went on to the result's serialization and output-schema check.
          run: async (input, deps, context) => ({ ...(await op.run(input, deps, context)) }),
        }
      : { run }),
  };
}

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
