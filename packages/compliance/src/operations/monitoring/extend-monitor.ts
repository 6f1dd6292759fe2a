import * as v from "valibot";
import { defineOperation } from "../../catalog/operation.js";
import { strictInput } from "../screening/input-fields.js";
import { SCREENING_SOURCE } from "../screening/screening-constants.js";
import { EXAMPLE_MONITOR_SCREENING, ExtendAnswerSchema } from "./monitor-answers.js";
import { MONITOR_PERIOD_DAYS, MONITOR_PRICE, MONITOR_PRICE_SENTENCE } from "./monitor-pricing.js";
import { monitorsOf, paymentOf, unknownMonitor } from "./monitor-refusals.js";
import { screeningSummary, screenMonitor } from "./monitor-screening.js";

/** A monitor's id as the service makes them. */
const MONITOR_ID = /^mon_[A-Za-z0-9_-]{16,64}$/;

const ExtendMonitorInputSchema = strictInput({
  monitorId: v.pipe(
    v.string("monitorId must be a string"),
    v.regex(MONITOR_ID, "monitorId must be a monitor id (mon_…)"),
    v.description("The monitor to extend, as its creation answered it (mon_…)."),
  ),
});

export type ExtendMonitorInput = v.InferOutput<typeof ExtendMonitorInputSchema>;

/**
 * Extending a monitor (POST /api/monitors/extend): one more paid period, from its end (or from
 * now once lapsed). Its addresses are screened again (signed) and the renewal is an event.
 * Anyone may pay for a monitor's period; only its owner manages it.
 */
export const extendMonitor = defineOperation({
  name: "monitor_extend",
  title: "Extend a wallet monitor",
  method: "POST",
  path: "/api/monitors/extend",
  price: MONITOR_PRICE,
  deadlineMs: 30_000,
  maxBodyBytes: 1024,
  category: "workflow",
  tags: ["ofac", "sanctions", "monitoring", "webhooks"],
  description: `Adds ${MONITOR_PERIOD_DAYS} days to a monitor (${MONITOR_PRICE_SENTENCE}), from its end or from now once lapsed: its addresses are screened again (signed) and a monitor.renewed event is sent. The new period's events are bound to this payment. A monitorId that names no monitor is refused (UNKNOWN_MONITOR), not charged.`,
  mimeType: "application/json",
  answersFresh: true,
  input: ExtendMonitorInputSchema,
  inputExample: { monitorId: "mon_3kT9xQ2bV7mN4pL8rW1zYa" },
  output: ExtendAnswerSchema,
  outputExample: {
    success: true,
    data: {
      monitor: { id: "mon_3kT9xQ2bV7mN4pL8rW1zYa", paidUntil: "2027-01-27T12:00:00.000Z" },
      screening: EXAMPLE_MONITOR_SCREENING,
    },
    source: SCREENING_SOURCE,
  },
  check: async (input, deps) => {
    if ((await monitorsOf(deps).addressesOf(input.monitorId)) === undefined) {
      throw unknownMonitor(input.monitorId);
    }
  },
  run: async (input: ExtendMonitorInput, deps, context) => {
    const monitors = monitorsOf(deps);
    const payment = paymentOf(context);
    const addresses = await monitors.addressesOf(input.monitorId);
    if (addresses === undefined) throw unknownMonitor(input.monitorId);
    const screening = await screenMonitor(addresses, undefined, deps, context);
    const extended = await monitors.extend(input.monitorId, payment, screening);
    if (extended === undefined) throw unknownMonitor(input.monitorId);
    return {
      success: true as const,
      data: {
        monitor: { id: input.monitorId, paidUntil: extended.paidUntil },
        screening: screeningSummary(screening),
      },
      source: SCREENING_SOURCE,
    };
  },
});
