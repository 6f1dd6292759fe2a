import { boundedArray } from "@svc/report-model";
import * as v from "valibot";
import { defineOperation } from "../../catalog/operation.js";
import { addressField, assetField, optionalText, strictInput } from "../screening/input-fields.js";
import { CLEAR_ETH, LAZARUS_ETH } from "../screening/sample-addresses.js";
import { SCREENING_SOURCE } from "../screening/screening-constants.js";
import { EXAMPLE_MONITOR_SCREENING, MonitorAnswerSchema } from "./monitor-answers.js";
import {
  MAX_MONITOR_ADDRESSES,
  MONITOR_PERIOD_DAYS,
  MONITOR_PRICE,
  MONITOR_PRICE_SENTENCE,
} from "./monitor-pricing.js";
import { checkWebhookUrl, monitorsOf, paymentOf } from "./monitor-refusals.js";
import { screeningSummary, screenMonitor } from "./monitor-screening.js";

/** The webhook a monitor's messages go to (checked again at every delivery). */
const webhookUrlField = v.pipe(
  v.string("webhookUrl must be a string"),
  v.minLength(1, "webhookUrl must not be empty"),
  v.maxLength(2048, "webhookUrl must be at most 2048 characters"),
  v.description(
    "Where the monitor's events are POSTed as Standard Webhooks (webhook-id, webhook-timestamp, webhook-signature with v1 HMAC and v1a Ed25519): an https URL reaching a public address (checked again at every delivery; redirects are not followed).",
  ),
);

const CreateMonitorInputSchema = strictInput({
  addresses: boundedArray(addressField("each address", "A wallet address to watch, as supplied."), {
    min: 1,
    max: MAX_MONITOR_ADDRESSES,
    message: "addresses must be an array of strings",
    minMessage: `addresses must hold 1 to ${MAX_MONITOR_ADDRESSES} addresses`,
    maxMessage: `addresses must hold 1 to ${MAX_MONITOR_ADDRESSES} addresses`,
    description: `1 to ${MAX_MONITOR_ADDRESSES} wallet addresses to watch (each screened now, and again whenever an OFAC edition changes its listing).`,
  }),
  asset: assetField,
  label: optionalText("label", "Your name for the monitor (at most 120 characters).", 120),
  webhookUrl: webhookUrlField,
});

export type CreateMonitorInput = v.InferOutput<typeof CreateMonitorInputSchema>;

/**
 * Monitoring (POST /api/monitors): a wallet book watched across OFAC editions. The call screens
 * every address now (signed), keeps the monitor for one paid period, and answers its id and the
 * secret its webhook messages are signed with, once. Owned by the paying wallet: it manages the
 * monitor with Sign-In-With-X, no key.
 */
export const createMonitor = defineOperation({
  name: "monitor_create",
  title: "Create a wallet monitor",
  method: "POST",
  path: "/api/monitors",
  price: MONITOR_PRICE,
  // Up to 10,000 lookups, ten signatures and 10,000 rows written in one transaction.
  deadlineMs: 30_000,
  // 10,000 addresses of at most 256 characters, quoted: about 2.6 MB, with room to spare.
  maxBodyBytes: 4 * 1024 * 1024,
  category: "workflow",
  tags: ["ofac", "sanctions", "monitoring", "webhooks", "wallet"],
  description: `Watches 1 to ${MAX_MONITOR_ADDRESSES.toLocaleString("en-US")} wallet addresses for ${MONITOR_PERIOD_DAYS} days (${MONITOR_PRICE_SENTENCE}): screens each now (signed attestations), then re-screens them whenever OFAC publishes an edition that changes them and POSTs signed Standard Webhooks to webhookUrl (screening.match.created, .cleared, .changed). Answers the monitor id and its webhook secret, shown once. The paying wallet owns it and manages it free with Sign-In-With-X. A string that is no address (INVALID_ADDRESS) or a webhook the service will not deliver to (INVALID_WEBHOOK_URL) is refused, not charged.`,
  mimeType: "application/json",
  answersFresh: true,
  input: CreateMonitorInputSchema,
  inputExample: {
    addresses: [LAZARUS_ETH, CLEAR_ETH],
    label: "treasury counterparties",
    webhookUrl: "https://hooks.example.com/ofac",
  },
  output: MonitorAnswerSchema,
  outputExample: {
    success: true,
    data: {
      monitor: {
        id: "mon_3kT9xQ2bV7mN4pL8rW1zYa",
        label: "treasury counterparties",
        webhookUrl: "https://hooks.example.com/ofac",
        status: "active",
        paidUntil: "2026-12-28T12:00:00.000Z",
        createdAt: "2026-11-28T12:00:00.000Z",
      },
      secret: "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw",
      screening: EXAMPLE_MONITOR_SCREENING,
    },
    source: SCREENING_SOURCE,
  },
  check: (input, deps) => {
    checkWebhookUrl(monitorsOf(deps), input.webhookUrl);
    deps.list.screenMany(input.addresses, input.asset === undefined ? {} : { asset: input.asset });
  },
  run: async (input: CreateMonitorInput, deps, context) => {
    const monitors = monitorsOf(deps);
    const payment = paymentOf(context);
    checkWebhookUrl(monitors, input.webhookUrl);
    const screening = await screenMonitor(input.addresses, input.asset, deps, context);
    const made = await monitors.create({
      label: input.label,
      webhookUrl: input.webhookUrl,
      asset: input.asset,
      payment,
      screening,
    });
    return {
      success: true as const,
      data: {
        monitor: {
          id: made.id,
          owner: made.owner,
          ...(input.label === undefined ? {} : { label: input.label }),
          webhookUrl: input.webhookUrl,
          status: "active" as const,
          paidUntil: made.paidUntil,
          createdAt: made.createdAt,
        },
        secret: made.secret,
        screening: screeningSummary(screening),
      },
      source: SCREENING_SOURCE,
    };
  },
});
