import type { ComplianceDeps } from "@svc/compliance";
import type * as v from "valibot";

/** What a tool charges: free, or a price per call that may depend on the output format. */
export type ToolPricing =
  | { readonly kind: "free" }
  | {
      readonly kind: "paid";
      /** USD as a decimal string: the price of the HTTP route the tool maps to. */
      readonly price: string;
      /** Where a document format costs more (screening plus the document route). */
      readonly byOutputFormat?: Readonly<Record<string, string>>;
    };

/** What a tool's run can see besides its input. */
export interface ToolContext {
  readonly deps: ComplianceDeps;
  /** The tools this server lists (server_capabilities describes them). */
  readonly tools: readonly AnyTool[];
  /** Whether calls are paid here (the hosted server) or free (standalone, offline). */
  readonly paid: boolean;
}

/**
 * One MCP tool, defined once: its listing (name, title, description, JSON Schema derived from
 * `input`), its validation (`input`, a strict valibot object), its price and its run. Tools that
 * map to an HTTP route take their description, price and handler from the catalog operation.
 */
export interface McpTool<Input = unknown> {
  readonly name: string;
  readonly title: string;
  readonly description: string;
  readonly input: v.GenericSchema<unknown, Input>;
  readonly inputExample: Input;
  readonly pricing: ToolPricing;
  /** The answer, as structured content; a rendered document rides inside it as an artifact. */
  readonly run: (input: Input, context: ToolContext) => Promise<Record<string, unknown>>;
}

/** A tool of any input, as the server holds them. */
export type AnyTool = McpTool<never>;

/** Keeps a definition's input type while typing it as a tool. */
export const defineTool = <Input>(tool: McpTool<Input>): McpTool<Input> => tool;

/** The price of one call with `input`, or null when the tool is free. */
export function priceOf(tool: AnyTool, input: unknown): string | null {
  if (tool.pricing.kind === "free") return null;
  const format =
    typeof input === "object" && input !== null
      ? (input as { output_format?: unknown }).output_format
      : undefined;
  return (
    (typeof format === "string" ? tool.pricing.byOutputFormat?.[format] : undefined) ??
    tool.pricing.price
  );
}
