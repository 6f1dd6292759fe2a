import { describe, expect, it } from "vitest";
import { execute } from "../../execution/execute.js";
import { sampleDeps } from "../../test-support/sample-deps.js";
import { WORKFLOW_OPERATIONS } from "./index.js";

describe("WORKFLOW_OPERATIONS", () => {
  it("holds the forecast and the queue optimizer at their paths and prices", () => {
    expect(WORKFLOW_OPERATIONS.map((op) => [op.method, op.path, op.price, op.category])).toEqual([
      ["POST", "/api/workflows/compliance/exposure-forecast", "0.09", "workflow"],
      ["POST", "/api/workflows/compliance/queue-optimize", "0.15", "workflow"],
    ]);
  });

  it("each input example is valid input, and its real run answers what the output example shows", async () => {
    const deps = await sampleDeps();
    for (const op of WORKFLOW_OPERATIONS) {
      const answer = await execute(op, op.inputExample, deps);
      expect(answer, op.name).toMatchObject({ ok: true, output: op.outputExample });
    }
  });
});
