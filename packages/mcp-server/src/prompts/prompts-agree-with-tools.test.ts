import { describe, expect, it } from "vitest";
import { inputSchemaOf } from "../server/tool-listing.js";
import { TOOLS } from "../tools/catalog.js";
import type { AnyTool } from "../tools/tool.js";
import { PROMPTS } from "./briefs.js";
import { promptArgumentsOf } from "./prompt.js";

/**
 * A prompt never contradicts the tool it leads to: an agent that follows it calls the tool with
 * every member the tool requires, and is never told that less (or something else) is enough.
 * Each prompt is rendered with example arguments; for every tool its text names, what it says
 * that tool requires is read back and compared with the tool's input JSON Schema as `tools/list`
 * publishes it, at the top and for the objects inside a required list or map (the items of
 * `review_items`, the entries of `tables`).
 */

type Json = Record<string, unknown>;

const LAZARUS = "0x098B716B8Aaf21512996dC57EB0615e2383E2f96";
const CLEAR = "0x1111111111111111111111111111111111111111";

/** Example arguments of every prompt, one or more sets each. */
const EXAMPLES: Readonly<Record<string, readonly Record<string, string>[]>> = {
  batch_wallet_screening_brief: [
    { addresses: `${LAZARUS}, ${CLEAR}` },
    { addresses: LAZARUS, asset: "ETH" },
  ],
  wallet_ofac_screening_brief: [{ address: LAZARUS }, { address: CLEAR, asset: "USDT" }],
  decision_report_brief: [
    { analysis_type: "probability" },
    { analysis_type: "compare", decision_title: "Vendor choice", objective: "lower risk" },
  ],
  report_artifact_brief: [{ format: "pdf" }, { format: "docx", title: "Q1", audience: "a board" }],
  exposure_forecast_brief: [
    { addresses: `${LAZARUS}\n${CLEAR}` },
    { addresses: CLEAR, horizon_days: "30" },
  ],
  queue_optimization_brief: [
    { review_items: `${LAZARUS}\n${CLEAR}`, review_budget: "1" },
    {
      review_items: JSON.stringify([
        { address: LAZARUS, exposure_usd: 40_000, relationship_tier: "standard" },
      ]),
      review_budget: "5",
    },
  ],
};

const asJson = (x: unknown): Json | undefined =>
  typeof x === "object" && x !== null && !Array.isArray(x) ? (x as Json) : undefined;
const requiredOf = (schema: Json | undefined): string[] =>
  Array.isArray(schema?.required) ? (schema.required as string[]) : [];
const sorted = (names: readonly string[]) => [...names].sort();

/** The objects a member's values are (its items, or its entries), if they require members. */
function objectsInside(member: Json | undefined): Json | undefined {
  const inside = asJson(member?.items) ?? asJson(member?.additionalProperties);
  return requiredOf(inside).length > 0 ? inside : undefined;
}

/** What a text claims a tool requires: `The <tool> tool requires: …` and the lines under it. */
interface Claim {
  readonly tool: string;
  /** Undefined for the tool's own members; else the member whose items or entries are meant. */
  readonly member: string | undefined;
  readonly names: readonly string[];
}

const TOP = /^The (\S+) tool requires(?:: (.*)| nothing)\.$/;
const NESTED = /^Each (?:item|entry) of `([^`]+)` requires(?:: (.*)| nothing)\.$/;
const namesIn = (list: string | undefined) =>
  [...(list ?? "").matchAll(/`([^`]+)`/g)].map((m) => m[1] as string);

function claimsIn(text: string): { claims: Claim[]; problems: string[] } {
  const claims: Claim[] = [];
  const problems: string[] = [];
  let tool: string | undefined;
  for (const line of text.split("\n")) {
    const top = TOP.exec(line);
    if (top) {
      tool = top[1] as string;
      claims.push({ tool, member: undefined, names: namesIn(top[2]) });
      continue;
    }
    const nested = NESTED.exec(line);
    if (nested) {
      if (tool === undefined) problems.push(`"${line}" follows no tool`);
      else claims.push({ tool, member: nested[1], names: namesIn(nested[2]) });
    } else if (/\brequires\b|\bat least (?!one\b|\d)/.test(line)) {
      problems.push(`a requirement not in the checked form: "${line}"`);
    }
  }
  return { claims, problems };
}

const toolNamed = (name: string): AnyTool | undefined => TOOLS.find((t) => t.name === name);
const mentions = (text: string, tool: AnyTool) => new RegExp(`\\b${tool.name}\\b`).test(text);

/** Where `text` disagrees with the input schemas of the tools it names; [] when it agrees. */
function disagreements(text: string): string[] {
  const { claims, problems } = claimsIn(text);
  for (const claim of claims) {
    const tool = toolNamed(claim.tool);
    if (tool === undefined) {
      problems.push(`names a tool that does not exist: ${claim.tool}`);
      continue;
    }
    const top = inputSchemaOf(tool) as Json;
    const level =
      claim.member === undefined
        ? top
        : objectsInside(asJson(asJson(top.properties)?.[claim.member]));
    const where = claim.member === undefined ? tool.name : `${tool.name} ${claim.member}`;
    if (level === undefined) {
      problems.push(`${where}: the tool's schema has no objects with required members there`);
      continue;
    }
    const required = requiredOf(level);
    for (const name of claim.names) {
      if (!required.includes(name)) problems.push(`${where}: ${name} is said required, but is not`);
    }
    for (const name of required) {
      if (!claim.names.includes(name)) problems.push(`${where}: ${name} is required, but not said`);
    }
  }
  for (const tool of TOOLS.filter((t) => mentions(text, t))) {
    const own = claims.filter((c) => c.tool === tool.name);
    if (!own.some((c) => c.member === undefined)) {
      problems.push(`leads to ${tool.name} without saying what it requires`);
      continue;
    }
    // A required list or map of objects that require members is described too.
    const top = inputSchemaOf(tool) as Json;
    for (const member of requiredOf(top)) {
      if (objectsInside(asJson(asJson(top.properties)?.[member])) === undefined) continue;
      if (!own.some((c) => c.member === member)) {
        problems.push(`${tool.name}: says nothing of what each of ${member} requires`);
      }
    }
  }
  return problems;
}

/** The members an argument's description says each of its objects needs (`each with a, b and c`). */
const eachWith = (description: string): string[] | undefined => {
  const listed = /each with ([^)]*)\)/.exec(description)?.[1];
  return listed?.split(/,\s*|\s+and\s+/).map((name) => name.trim());
};

describe("prompts agree with the tools they lead to", () => {
  it("every prompt has example arguments here, and each example renders", () => {
    expect(sorted(Object.keys(EXAMPLES))).toEqual(sorted(PROMPTS.map((p) => p.name)));
    for (const prompt of PROMPTS) {
      for (const args of EXAMPLES[prompt.name] ?? []) {
        expect(prompt.expand(args), `${prompt.name} ${JSON.stringify(args)}`).toMatchObject({
          ok: true,
        });
      }
    }
  });

  it.each(PROMPTS.flatMap((p) => (EXAMPLES[p.name] ?? []).map((args) => [p.name, args] as const)))(
    "%s %j: what it says each tool requires is what the tool's schema requires",
    (name, args) => {
      const prompt = PROMPTS.find((p) => p.name === name);
      const expanded = prompt?.expand(args);
      if (!expanded?.ok) throw new Error(`${name} did not render: ${JSON.stringify(expanded)}`);
      expect(
        TOOLS.some((t) => mentions(expanded.text, t)),
        "leads to no tool",
      ).toBe(true);
      expect(disagreements(expanded.text)).toEqual([]);
    },
  );

  it("an argument that takes a tool's list of objects names every member each object requires", () => {
    let checked = 0;
    for (const prompt of PROMPTS) {
      const [args] = EXAMPLES[prompt.name] ?? [];
      const expanded = args === undefined ? undefined : prompt.expand(args);
      const text = expanded?.ok ? expanded.text : "";
      for (const { name, description = "" } of promptArgumentsOf(prompt)) {
        for (const tool of TOOLS.filter((t) => mentions(text, t))) {
          const top = inputSchemaOf(tool) as Json;
          const inside = objectsInside(asJson(asJson(top.properties)?.[name]));
          if (inside === undefined) continue;
          checked += 1;
          expect(sorted(eachWith(description) ?? []), `${prompt.name} ${name}`).toEqual(
            sorted(requiredOf(inside)),
          );
        }
      }
    }
    expect(checked).toBeGreaterThan(0); // review_items of queue_optimization_brief, at least
  });

  it("the check fails the old queue brief, which said review items need only an address", () => {
    const old =
      'Rank this manual-review queue for a budget of 2 reviews with the queue_optimize tool (arguments: "review_items", an array of objects with at least address, and "review_budget": 2).';
    expect(disagreements(old)).toEqual(
      expect.arrayContaining([
        expect.stringContaining("a requirement not in the checked form"),
        "leads to queue_optimize without saying what it requires",
      ]),
    );
    const partial = [
      "Use the queue_optimize tool.",
      "The queue_optimize tool requires: `review_items` (an array), `review_budget` (an integer).",
      "Each item of `review_items` requires: `address` (a string), `label` (a string).",
    ].join("\n");
    expect(sorted(disagreements(partial))).toEqual(
      sorted([
        "queue_optimize review_items: label is said required, but is not",
        "queue_optimize review_items: exposure_usd is required, but not said",
        "queue_optimize review_items: relationship_tier is required, but not said",
      ]),
    );
    const topOnly =
      "The queue_optimize tool requires: `review_items` (an array), `review_budget` (an integer).";
    expect(disagreements(topOnly)).toEqual([
      "queue_optimize: says nothing of what each of review_items requires",
    ]);
    expect(eachWith("JSON (an array of objects with at least address)")).toBeUndefined();
  });
});
