import type { ComplianceDeps, Operation, RunContext } from "@svc/compliance";
import type * as v from "valibot";
import { defineTool, type McpTool } from "./tool.js";

/**
 * A tool that is an HTTP route of the catalog: the route's name (also its title), description,
 * example, price and handler, with the tool's own input schema (the tools' bounds), so the tool
 * answers exactly what the route answers, at the route's price.
 */
export function routeTool<Input, RouteInput>(
  op: Operation<RouteInput, unknown>,
  input: v.GenericSchema<unknown, Input>,
  run: (input: Input, deps: ComplianceDeps, context: RunContext) => unknown = (i, deps, context) =>
    op.run(i as unknown as RouteInput, deps, context),
): McpTool<Input> {
  return defineTool<Input>({
    name: op.name,
    title: op.name,
    description: op.description,
    input,
    inputExample: op.inputExample as unknown as Input,
    pricing: { kind: "paid", price: op.price },
    deadlineMs: op.deadlineMs,
    run: async (i, { deps, signal }) => ({
      ...((await run(i, deps, { signal })) as Record<string, unknown>),
    }),
  });
}
