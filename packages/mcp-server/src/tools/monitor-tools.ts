import {
  createMonitor,
  extendMonitor,
  MAX_MONITOR_ADDRESSES,
  MONITOR_PERIOD_DAYS,
  MONITOR_PRICE_SENTENCE,
} from "@svc/compliance";
import { type AnyTool, operationTool } from "./tool.js";

const MAX = MAX_MONITOR_ADDRESSES.toLocaleString("en-US");

/**
 * The paid monitoring tools: a monitor made (`POST /api/monitors`), a period added
 * (`POST /api/monitors/extend`), each the route itself at its price, described in fewer words
 * than the route (a listing goes whole into a model's context, within the tools/list budget).
 * Served only where monitors are kept and paid for (the hosted API, on its ledger): a monitor is
 * owned by the wallet that paid for it, so the free standalone server, which takes no payment
 * and keeps no ledger, could only refuse them (`MONITORING_UNAVAILABLE`) and does not list them.
 */
export const MONITOR_TOOLS: readonly AnyTool[] = [
  operationTool(createMonitor, {
    description: `Watches 1 to ${MAX} wallet addresses for ${MONITOR_PERIOD_DAYS} days (${MONITOR_PRICE_SENTENCE}): screens each now (signed), then POSTs a signed Standard Webhook to webhookUrl whenever an OFAC edition lists, delists or changes one. Answers the monitor id and its webhook secret, shown once. The paying wallet owns it (the free monitor tools, signed in). INVALID_ADDRESS or INVALID_WEBHOOK_URL: refused, not charged.`,
  }),
  operationTool(extendMonitor, {
    description: `Adds ${MONITOR_PERIOD_DAYS} days to a monitor, from its end or from now once lapsed: its addresses are screened again (signed) and a monitor.renewed event is sent. An unknown monitorId is refused (UNKNOWN_MONITOR), not charged.`,
  }),
];
