import { renderDocument } from "@svc/renderers";
import { payingFetch } from "@svc/test-support/x402-payer";
import type { Hono } from "hono";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type PaidStack, startPaidStack } from "../test-support/paid-stack.js";
import { createApp } from "./create-app.js";

// `linked_sdn_entry` (an extension of the forecast's and the queue's schemas) through the real
// routes, paid on the local chain, on the sample edition and the embedded party history.
let stack: PaidStack;
let app: Hono;
const BASE = "http://svc.test";
const LAZARUS_ETH = "0x098B716B8Aaf21512996dC57EB0615e2383E2f96";
const WALLET = "0x1111111111111111111111111111111111111111";

beforeAll(async () => {
  stack = await startPaidStack(1);
  app = createApp({ ...stack.common, render: renderDocument });
});
afterAll(async () => {
  await stack?.stop();
});

const post = (path: string, body: unknown) =>
  payingFetch(app.request, stack.devnet.payers[0]!.privateKey)(`${BASE}${path}`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(body),
  });

interface PerWallet {
  future_hit_probability: number;
  hazard_source: string;
  linked_party: { profile_id: string; name: string | null } | null;
}

describe("wallets linked to an SDN party, through the HTTP routes", () => {
  it("a linked wallet gets a higher probability than the same wallet unlinked; an unknown id is a 400 with its path", async () => {
    const lazarus = stack.loader.screen(LAZARUS_ETH).matches[0];
    const forecast = async (link?: string) => {
      const res = await post("/api/workflows/compliance/exposure-forecast", {
        addresses: [WALLET],
        address_metadata: [{ address: WALLET, ...(link && { linked_sdn_entry: link }) }],
        horizon_days: 180,
        iterations: 2000,
      });
      expect(res.status).toBe(200);
      return ((await res.json()) as { data: { per_wallet: PerWallet[] } }).data.per_wallet[0];
    };
    const unlinked = await forecast();
    const linked = await forecast(lazarus?.entryId);
    expect(unlinked?.hazard_source).toBe("base_hazard");
    expect(linked?.hazard_source).toBe("linked_party");
    expect(linked?.linked_party).toMatchObject({
      profile_id: lazarus?.profileId,
      name: "Lazarus Group",
    });
    expect(linked?.future_hit_probability).toBeGreaterThan(
      unlinked?.future_hit_probability as number,
    );

    const unknown = await post("/api/workflows/compliance/exposure-forecast", {
      addresses: [WALLET, "0x2222222222222222222222222222222222222222"],
      address_metadata: [
        { address: WALLET },
        { address: "0x2222222222222222222222222222222222222222", linked_sdn_entry: "999999999" },
      ],
    });
    expect(unknown.status).toBe(400);
    expect(await unknown.json()).toMatchObject({
      code: "INVALID_INPUT",
      issues: [{ path: "address_metadata[1].linked_sdn_entry" }],
    });

    const queue = await post("/api/workflows/compliance/queue-optimize", {
      review_items: [
        { address: WALLET, exposure_usd: 1000, relationship_tier: "standard" },
        {
          address: "0x3333333333333333333333333333333333333333",
          exposure_usd: 1000,
          relationship_tier: "standard",
          linked_sdn_entry: "not-digits",
        },
      ],
      review_budget: 1,
    });
    expect(queue.status).toBe(400);
    expect(await queue.json()).toMatchObject({
      issues: [{ path: "review_items[1].linked_sdn_entry" }],
    });
  }, 120_000);
});
