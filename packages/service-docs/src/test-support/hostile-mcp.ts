import { definePrompt, defineTool, PROMPTS, TOOLS } from "@svc/mcp-server";
import * as v from "valibot";
import type { McpCatalog } from "../mcp-docs/mcp-docs.js";

/**
 * The real tools and prompts plus a tool and a prompt whose every echoed text is an attack
 * (name, description, argument descriptions, example), for the escaping tests of the MCP pages.
 */
export function hostileMcpCatalog(payload: string): McpCatalog {
  const tool = defineTool<{ note?: string | undefined }>({
    name: `hostile${payload}`,
    title: `Hostile ${payload}`,
    description: `Describes itself with ${payload}`,
    input: v.strictObject({
      note: v.optional(v.pipe(v.string(), v.description(`A note ${payload}`))),
    }),
    inputExample: { note: payload },
    output: v.object({ success: v.literal(true) }),
    pricing: { kind: "paid", price: "0.01" },
    deadlineMs: 5_000,
    run: async () => ({ success: true }),
  });
  const prompt = definePrompt({
    name: `hostile_brief${payload}`,
    title: `Hostile ${payload}`,
    description: `Asks for ${payload}`,
    arguments: v.strictObject({
      subject: v.pipe(v.string(), v.description(`The subject ${payload}`)),
    }),
    render: ({ subject }) => subject,
  });
  return {
    tools: [...TOOLS, tool],
    prompts: [...PROMPTS, prompt],
  };
}
