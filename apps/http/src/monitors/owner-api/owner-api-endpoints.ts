import { jsonSchemaOf } from "@svc/report-model";
import type { FreeEndpoint } from "@svc/service-docs";
import { SIGN_IN_RATE_LIMIT } from "./failed-sign-ins.js";
import { MAX_PATCH_BYTES, MESSAGE_ID, MONITOR_ID, PatchMonitorShape } from "./owner-requests.js";

const monitorId = {
  id: {
    description: "The monitor's id (mon_…), as its creation answered.",
    pattern: MONITOR_ID.source,
  },
} as const;

/** Every owner endpoint: free, for the wallet that signs in, refusals of the unsigned rate-limited. */
const owned = {
  topic: "monitor",
  signIn: true,
  rateLimit: SIGN_IN_RATE_LIMIT,
} as const;

const NOT_FOUND = "MONITOR_NOT_FOUND (also for a monitor of another wallet: ids cannot be probed)";

/**
 * The free owner API of monitors, defined once: the routes (`mountMonitorOwnerApi`), `/api`
 * and OpenAPI read it from here. Every endpoint answers only the wallet that paid for the
 * monitor, signed in by a Sign-In-With-X proof; a monitor of another wallet is answered exactly
 * as one that does not exist. (`POST /api/monitors`, the paid creation, and
 * `POST /api/monitors/extend` are catalog operations; a GET on their URLs is their docs page, as
 * on every paid route, so the wallet's list is `GET /api/monitors/mine`.)
 */
export const MONITOR_OWNER_ENDPOINTS = {
  list: {
    ...owned,
    name: "monitors_list",
    path: "/api/monitors/mine",
    title: "Your monitors",
    description:
      "The monitors of the wallet that signs in (on every chain of its namespace), newest first, deleted ones left out; never their webhook secrets.",
    example: "/api/monitors/mine",
  },
  read: {
    ...owned,
    name: "monitor_read",
    path: "/api/monitors/{id}",
    title: "A monitor",
    description: `A monitor of the wallet that signs in, its addresses and what it was last told of each (the listing and the edition). ${NOT_FOUND}.`,
    params: monitorId,
    notFoundCode: "MONITOR_NOT_FOUND",
    example: "/api/monitors/mon_0123456789abcdef",
  },
  update: {
    ...owned,
    name: "monitor_update",
    method: "PATCH",
    path: "/api/monitors/{id}",
    title: "Pause, resume, re-point or rename a monitor",
    description: `Changes a monitor of the wallet that signs in: status (active or paused), webhookUrl (https to a public address in production; a 410-disabled endpoint is enabled again) and label (null removes it). A deleted monitor is 409 MONITOR_DELETED; ${NOT_FOUND}.`,
    params: monitorId,
    notFoundCode: "MONITOR_NOT_FOUND",
    body: {
      description: "What to change: at least one of status, webhookUrl, label.",
      schema: { ...jsonSchemaOf(PatchMonitorShape), minProperties: 1 },
      example: { status: "paused" },
      maxBytes: MAX_PATCH_BYTES,
    },
    example: "/api/monitors/mon_0123456789abcdef",
  },
  remove: {
    ...owned,
    name: "monitor_delete",
    method: "DELETE",
    path: "/api/monitors/{id}",
    title: "Delete a monitor",
    description: `Deletes a monitor of the wallet that signs in: nothing more is screened or sent (its pending messages are cancelled); its delivery log stays readable. No refund. ${NOT_FOUND}.`,
    params: monitorId,
    notFoundCode: "MONITOR_NOT_FOUND",
    example: "/api/monitors/mon_0123456789abcdef",
  },
  deliveries: {
    ...owned,
    name: "monitor_deliveries",
    path: "/api/monitors/{id}/deliveries",
    title: "A monitor's delivery log",
    description: `The webhook messages of a monitor of the wallet that signs in, newest first (at most 100), each with its status and every attempt (when, the HTTP status, the error, how long). ${NOT_FOUND}.`,
    params: monitorId,
    notFoundCode: "MONITOR_NOT_FOUND",
    example: "/api/monitors/mon_0123456789abcdef/deliveries",
  },
  replay: {
    ...owned,
    name: "monitor_delivery_replay",
    method: "POST",
    path: "/api/monitors/{id}/deliveries/{messageId}/replay",
    title: "Send a message again",
    description: `Sends a delivered, failed or cancelled message of a monitor of the wallet that signs in again: a new round of the retry schedule from now, the same webhook-id (receivers deduplicate on it). A message waiting for its next attempt, or not the monitor's, is 409 MESSAGE_NOT_REPLAYABLE; ${NOT_FOUND}.`,
    params: {
      ...monitorId,
      messageId: {
        description: "The message's id (msg_…, its webhook-id), as the delivery log lists it.",
        pattern: MESSAGE_ID.source,
      },
    },
    notFoundCode: "MONITOR_NOT_FOUND",
    example: "/api/monitors/mon_0123456789abcdef/deliveries/msg_0123456789abcdef/replay",
  },
  report: {
    ...owned,
    name: "monitor_report",
    path: "/api/monitors/{id}/report",
    title: "A monitor's report",
    description: `A monitoring report of a monitor of the wallet that signs in, as a document (PDF, DOCX or XLSX through the shared report model): its addresses and what each is listed as now, its events newest first with each attestation's fingerprint and delivery, and how to check them. PDF and DOCX list at most 1,000 addresses and 500 events (saying how many more); the XLSX lists every address. ${NOT_FOUND}.`,
    params: monitorId,
    query: {
      format: {
        description: "pdf (the default), docx or xlsx.",
        pattern: "^(pdf|docx|xlsx)$",
      },
    },
    notFoundCode: "MONITOR_NOT_FOUND",
    answer: {
      description:
        "The document's bytes (Content-Disposition names its file): application/pdf, the DOCX or the XLSX media type.",
      contentType: "application/pdf",
      cacheControl: "no-store",
    },
    example: "/api/monitors/mon_0123456789abcdef/report?format=pdf",
  },
} as const satisfies Record<string, FreeEndpoint>;

/** Every owner endpoint, as `/api` and OpenAPI list them. */
export const MONITOR_OWNER_ENDPOINT_LIST: readonly FreeEndpoint[] =
  Object.values(MONITOR_OWNER_ENDPOINTS);
