import { InputError } from "@svc/montecarlo";
import * as v from "valibot";
import { beforeAll, describe, expect, it } from "vitest";
import type { ComplianceDeps } from "../../catalog/deps.js";
import { sampleDeps } from "../../test-support/sample-deps.js";
import { LAZARUS_ETH } from "./example-addresses.js";
import { queueOptimize } from "./queue-optimize.js";

let deps: ComplianceDeps;
beforeAll(async () => {
  deps = await sampleDeps();
});

const call = async (body: unknown) => queueOptimize.run(v.parse(queueOptimize.input, body), deps);

const wallet = (n: number) => `0x${String(n).repeat(40).slice(0, 40)}`;

describe("review-queue optimizer", () => {
  it("answers the summary and the review queue, and puts the current match first, whatever its exposure or position", async () => {
    const answer = await call({
      review_items: [
        { address: wallet(1), exposure_usd: 5_000_000, relationship_tier: "critical" },
        { address: wallet(2), exposure_usd: 900, relationship_tier: "low" },
        { address: wallet(3), exposure_usd: 80_000, relationship_tier: "high" },
        { address: LAZARUS_ETH, exposure_usd: 10, relationship_tier: "low" },
      ],
      review_budget: 2,
      objective: "maximize_caught_hits",
      iterations: 2_000,
    });
    expect(answer.success).toBe(true);
    expect(answer.source).toBe("OFAC SDN Advanced XML");
    const { summary, review_queue } = answer.data;
    for (const member of [
      "expected_caught_hits_under_optimized_order",
      "expected_caught_hits_under_naive_order",
      "lift_percent",
      "metadata_coverage_percent",
    ] as const) {
      expect(typeof summary[member], member).toBe("number");
    }
    // the naive order (input order) reaches the match last, beyond the budget
    expect(summary.expected_caught_hits_under_optimized_order).toBeGreaterThan(1);
    expect(summary.expected_caught_hits_under_naive_order).toBeLessThan(1);
    expect(review_queue[0]).toMatchObject({
      rank: 1,
      address: LAZARUS_ETH,
      screening_status: "match",
      within_budget: true,
      naive_rank: 4,
    });
    expect(review_queue[0]?.rationale).toContain("Lazarus Group");
    expect(review_queue[1]?.address).toBe(wallet(1));
    expect(review_queue.slice(1).every((r) => r.screening_status === "clear")).toBe(true);

    expect(answer.data).not.toHaveProperty("report");
    expect(answer.report.report_meta.report_type).toBe("compliance-review-queue-optimizer");
    const table = answer.report.tables?.review_queue;
    expect(table?.columns).toEqual(["rank", "address", "screening_status", "rationale"]);
    expect(table?.rows[0]).toMatchObject({ rank: 1, address: LAZARUS_ETH });
    expect(answer.artifacts.document_endpoints.pdf).toBe("/api/tools/report/pdf/generate");
  });

  it("propagates the engine's InputError with paths: two items on one queue position", () => {
    const body = {
      review_items: [
        {
          address: wallet(1),
          exposure_usd: 1,
          relationship_tier: "low",
          current_queue_position: 1,
        },
        {
          address: wallet(2),
          exposure_usd: 1,
          relationship_tier: "low",
          current_queue_position: 1,
        },
      ],
      review_budget: 1,
    };
    const parsed = v.parse(queueOptimize.input, body);
    let error: unknown;
    try {
      queueOptimize.run(parsed, deps);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(InputError);
    expect((error as InputError).issues[0]?.path).toBe("review_items[1].current_queue_position");
  });

  it("refuses a body without review_budget or with an extra member in the schema", () => {
    const item = { address: wallet(1), exposure_usd: 1, relationship_tier: "low" };
    expect(v.safeParse(queueOptimize.input, { review_items: [item] }).success).toBe(false);
    const extra = v.safeParse(queueOptimize.input, {
      review_items: [{ ...item, owner: "desk" }],
      review_budget: 1,
    });
    expect(extra.issues?.[0]?.path?.map((p) => p.key)).toEqual(["review_items", 0, "owner"]);
  });

  it("a clear item one character from a listed address says so in its rationale, and in its row", async () => {
    const typo = `${LAZARUS_ETH.toLowerCase().slice(0, -1)}7`;
    const answer = await call({
      review_items: [
        { address: wallet(1), exposure_usd: 5_000, relationship_tier: "standard" },
        { address: typo, exposure_usd: 10, relationship_tier: "low" },
      ],
      review_budget: 1,
      iterations: 1_000,
    });
    const row = answer.data.review_queue.find((r) => r.address === typo);
    expect(row).toMatchObject({
      screening_status: "clear",
      near_listed_addresses: [`${LAZARUS_ETH} (Lazarus Group; 1 character different)`],
    });
    expect(row?.rationale).toMatch(
      /^Not on the list, but near a listed address: 0x098B716B.*Lazarus Group/,
    );
    const other = answer.data.review_queue.find((r) => r.address === wallet(1));
    expect(other?.near_listed_addresses).toBeUndefined();
  });

  it("a string that is no address is refused at its own path, never queued as clear", async () => {
    await expect(
      call({
        review_items: [
          { address: wallet(1), exposure_usd: 5_000, relationship_tier: "standard" },
          { address: "hello-world-not-an-address", exposure_usd: 10, relationship_tier: "low" },
        ],
        review_budget: 1,
      }),
    ).rejects.toMatchObject({
      code: "INVALID_ADDRESS",
      details: expect.objectContaining({ path: "review_items[1].address" }),
    });
  });
});
