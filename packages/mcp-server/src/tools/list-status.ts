import { ListStatusAnswerSchema, listStatusOf } from "@svc/compliance";
import * as v from "valibot";
import { defineTool } from "./tool.js";

const Input = v.strictObject(
  {},
  (issue) => `unknown member ${issue.received}: list_status takes no arguments`,
);

/**
 * Free: which sanctions list edition screening runs on, how old it is, and whether it is the
 * embedded sample. The answer of `GET /api/list`, so nobody pays to learn what they screen against.
 */
export const listStatusTool = defineTool<Record<string, never>>({
  name: "list_status",
  title: "Sanctions list status",
  description:
    "Free. The sanctions list screening runs on: status fresh, stale, sample (the embedded sample edition, NOT the OFAC list) or unavailable, with the edition's date and SHA-256, its source, when it was last confirmed current and how many hours ago, and whether it is stale.",
  input: Input,
  inputExample: {},
  output: ListStatusAnswerSchema,
  pricing: { kind: "free" },
  deadlineMs: 5_000,
  run: async (_input, deps) => ({ ...listStatusOf(deps.list) }),
});
