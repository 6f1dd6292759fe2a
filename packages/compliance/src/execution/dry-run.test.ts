import { brokenVariantsOf } from "@svc/test-support/broken-bodies";
import { beforeAll, describe, expect, it } from "vitest";
import { CATALOG } from "../catalog/catalog.js";
import type { ComplianceDeps } from "../catalog/deps.js";
import { sampleDeps } from "../test-support/sample-deps.js";
import { DRY_RUN_MAX_BYTES, dryRun } from "./dry-run.js";
import { execute } from "./execute.js";

/**
 * A dry run refuses exactly what the call refuses, with the same failure, and takes exactly
 * what it takes: every operation of the catalog, on its example and on its example broken one
 * member at a time, against `execute` on the real sample edition and the real renderers.
 */

// Values that break a member in different ways: a wrong type, a malformed address, a number
// out of range, a string of no format, an empty list.
const JUNK: readonly unknown[] = [null, "x", "0x12", -1, []];

/** Strings that are no address, as the refusal tests send them. */
const NOT_ADDRESSES = ["0x098B716B8Aaf21512996dC57EB0615e2383E2f9", "hello-world-not-an-address"];

let deps: ComplianceDeps;
beforeAll(async () => {
  deps = await sampleDeps();
});

/** Every variant of an operation's example: itself, broken members, and addresses that are none. */
function variantsOf(example: unknown): [string, unknown][] {
  const withAddresses = NOT_ADDRESSES.flatMap((text): [string, unknown][] => {
    const body = example as Record<string, unknown>;
    if (typeof body.address === "string") return [[`address ${text}`, { ...body, address: text }]];
    if (Array.isArray(body.addresses)) {
      return [[`addresses[1] ${text}`, { ...body, addresses: [body.addresses[0], text] }]];
    }
    return [];
  });
  return [["the example", example], ...brokenVariantsOf(example, JUNK), ...withAddresses];
}

describe("dryRun answers what execute answers, without the run", () => {
  for (const op of CATALOG) {
    it(`${op.name}: its example is valid; each broken variant is refused with the call's own failure`, async () => {
      let refused = 0;
      for (const [label, body] of variantsOf(op.inputExample)) {
        const dry = await dryRun(op, body, deps);
        const paid = await execute(op, body, deps);
        if (paid.ok) {
          expect(dry, label).toEqual({ ok: true, input: expect.anything() });
        } else {
          refused++;
          expect(dry, label).toEqual({ ok: false, failure: paid.failure });
        }
      }
      expect(refused).toBeGreaterThan(0);
    }, 120_000);
  }
});

describe("a dry run does not run", () => {
  it("takes no place in the renderer's queue and renders nothing", async () => {
    const op = CATALOG.find((o) => o.admit !== undefined);
    if (op === undefined) return;
    let admitted = 0;
    let rendered = 0;
    const counting: ComplianceDeps = {
      ...deps,
      admitRender: () => {
        admitted++;
        return { release: () => {} } as never;
      },
      render: async (...args) => {
        rendered++;
        return deps.render(...args);
      },
    };
    expect(await dryRun(op, op.inputExample, counting)).toMatchObject({ ok: true });
    expect([admitted, rendered]).toEqual([0, 0]);
  });

  it("a report body over the renderer's limits is refused 413 by its size alone", async () => {
    const op = CATALOG.find((o) => o.admit !== undefined);
    if (op === undefined) return;
    // 30,000 one-cell rows fit in 64 KiB and exceed every format's row limit.
    const rows = Array.from({ length: 30_000 }, () => [1]);
    const body = { report_meta: { title: "T" }, tables: { t: { columns: ["a"], rows } } };
    expect(JSON.stringify(body).length).toBeLessThan(DRY_RUN_MAX_BYTES * 2);
    const dry = await dryRun(op, body, deps);
    const paid = await execute(op, body, deps);
    expect(paid).toMatchObject({ ok: false, failure: { status: 413 } });
    expect(dry).toEqual(paid);
  });

  it("a screening operation's dry run screens nothing into an answer: the same input, parsed", async () => {
    for (const op of CATALOG.filter((o) => o.category === "screening")) {
      const dry = await dryRun(op, op.inputExample, deps);
      expect(dry).toEqual({ ok: true, input: op.inputExample });
    }
  });
});
