import * as v from "valibot";
import { describe, expect, it } from "vitest";
import { CATALOG } from "./catalog.js";

// Each POST operation's body limit must hold its largest valid input: the limit refuses floods
// before payment, never a real request.
const long = (i: number) => `0x${i.toString(16).padStart(254, "a")}`; // 256 characters
const text = (n: number) => "x".repeat(n);
const LARGEST: Record<string, unknown> = {
  wallet_sanctions_report: { address: long(0), asset: "USDT-TRC20ab" },
  batch_wallet_screen: { addresses: Array.from({ length: 100 }, (_, i) => long(i)), asset: "ETH" },
  edd_report: {
    subject_name: text(200),
    addresses: Array.from({ length: 100 }, (_, i) => long(i)),
    output_format: "pdf",
    case_name: text(200),
    review_reason: text(200),
    jurisdiction: text(200),
    requested_by: text(200),
    reference_id: text(200),
  },
  exposure_forecast: {
    addresses: Array.from({ length: 500 }, (_, i) => long(i)),
    address_metadata: Array.from({ length: 500 }, (_, i) => ({
      address: long(i),
      relationship_tier: "critical",
      exposure_usd: 123_456_789.12,
      last_activity_days: 3650,
      policy_priority: 10,
    })),
    horizon_days: 365,
    iterations: 100_000,
    target: { operator: ">=", k: 2 },
  },
  queue_optimize: {
    review_items: Array.from({ length: 500 }, (_, i) => ({
      address: long(i),
      exposure_usd: 123_456_789.12,
      relationship_tier: "critical",
      current_queue_position: i + 1,
      last_activity_days: 3650,
      policy_priority: 10,
      label: text(200),
    })),
    review_budget: 500,
  },
  monitor_create: {
    addresses: Array.from({ length: 10_000 }, (_, i) => long(i)),
    asset: "USDT-TRC20ab",
    label: text(120),
    webhookUrl: `https://${text(2040)}`,
  },
  monitor_extend: { monitorId: `mon_${text(64)}` },
};

describe("body limits", () => {
  for (const op of CATALOG.filter((o) => o.maxBodyBytes !== undefined)) {
    it(`${op.name}: its largest valid input fits its ${op.maxBodyBytes} byte limit with room to spare`, () => {
      const largest = LARGEST[op.name];
      expect(largest, `no largest input written for ${op.name}`).toBeDefined();
      const parsed = v.safeParse(op.input, largest);
      expect(parsed.issues?.map((i) => i.message)).toBeUndefined();
      expect(JSON.stringify(largest).length * 1.5).toBeLessThanOrEqual(op.maxBodyBytes as number);
    });
  }
});
