import type { Operation } from "@svc/compliance";
import type * as v from "valibot";
import { defineTool, type McpTool } from "./tool.js";

/**
 * A tool that is an HTTP route of the catalog: the route's name (also its title), description,
 * price, deadline and run, with the tool's own input schema (the tools' bounds), so the tool
 * answers exactly what the route answers, at the route's price.
 *
 * The tool's schema is the route's narrowed (built from the route's members with tighter fields,
 * or fewer of them), so whatever it accepts is an input of the route: `Input extends RouteInput`
 * is checked here, once. The example is the route's unless the tool takes less than it does.
 * `output` is the route's answer schema (`op.output`), defined beside the operation.
 */
export function routeTool<RouteInput, Output extends object, Input extends RouteInput>(
  op: Operation<RouteInput, Output>,
  input: v.GenericSchema<unknown, Input>,
  inputExample: Input,
  output: v.GenericSchema = op.output,
): McpTool<Input> {
  return defineTool<Input>({
    name: op.name,
    title: op.name,
    description: op.description,
    input,
    inputExample,
    output,
    pricing: { kind: "paid", price: op.price },
    deadlineMs: op.deadlineMs,
    // The route's own admission (a document's size and its place in the renderer's queue).
    admit:
      op.admit === undefined
        ? undefined
        : (raw, { deps }, options) => {
            const admitted = op.admit?.(raw, deps, options) ?? { ok: true };
            return admitted.ok ? { ok: true, ticket: admitted.ticket } : admitted;
          },
    run: async (i, { deps, signal, attest }) => {
      // A screening operation signs its answer when the call was paid (`attest`); others ignore it.
      const answer: object = await op.run(i, deps, { signal, attest });
      return { ...answer };
    },
  });
}
