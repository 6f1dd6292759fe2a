import {
  classifyFailure,
  invalidInput,
  MONITORING_REPORT_ROWS,
  monitoringEvents,
  monitoringReport,
} from "@svc/compliance";
import type { MonitorBook, MonitorRecord } from "@svc/ledger";
import type { WebhookUrlPolicy } from "@svc/monitoring";
import type { RenderedDocument } from "@svc/renderers/pool";
import { encodePaymentRequiredHeader } from "@x402/core/http";
import type { EVMMessageVerifier } from "@x402/extensions/sign-in-with-x";
import type { Context, Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import { every } from "hono/combine";
import * as v from "valibot";
import { clientOf, type RateLimit } from "../../app/client-rate-limit.js";
import { failureResponse } from "../../app/map-failure.js";
import { declaredWithin, readBody, tooLarge } from "../../app/mount-operation.js";
import { problem } from "../../app/problem.js";
import { requestBaseUrl, requestResourceUrl } from "../../discovery/request-base-url.js";
import { routePathOf } from "../../payments/free-payment-endpoints.js";
import { changeMonitor, deleteMonitor } from "./monitor-changes.js";
import { addressViews, deliveryViews, monitorView } from "./monitor-views.js";
import { MONITOR_OWNER_ENDPOINTS as E } from "./owner-api-endpoints.js";
import {
  MAX_PATCH_BYTES,
  MessageParamsSchema,
  MonitorParamsSchema,
  PatchMonitorSchema,
} from "./owner-requests.js";
import { type OwnerSignIn, ownerSignIn, type SignInRefusal } from "./owner-sign-in.js";
import { ownsMonitor, type SignedInWallet } from "./signed-in-wallet.js";

export interface MonitorOwnerApiOptions {
  /** The monitors (the ledger's `monitorBook()`). */
  readonly book: MonitorBook;
  /** The public base URL proofs must be signed for (`PUBLIC_BASE_URL`). */
  readonly baseUrl?: string | undefined;
  /**
   * Without `baseUrl`, whether proofs may be bound to the request's own Host (development): a
   * Host the caller chooses would let a site that collected a wallet's sign-in for itself relay
   * it here, so without this (production) and without `baseUrl` every sign-in is refused 503.
   */
  readonly hostAudience?: boolean | undefined;
  /** The networks the challenge offers to sign on (the service's payment networks, CAIP-2). */
  readonly networks: readonly string[];
  /** Where webhooks may point: `PRODUCTION_WEBHOOKS` in production, loopback allowed otherwise. */
  readonly webhookPolicy: WebhookUrlPolicy;
  /** Requests without a valid proof one client may make (default `SIGN_IN_RATE_LIMIT`). */
  readonly rateLimit?: RateLimit | undefined;
  /** Smart-contract wallets' signatures (EIP-1271/6492): a viem public client's `verifyMessage`. */
  readonly evmVerifier?: EVMMessageVerifier | undefined;
  readonly now?: (() => Date) | undefined;
  /**
   * The sign-in shared with the MCP server's owner tools (one allowance of refused sign-ins per
   * client across both); default: one of these options' own.
   */
  readonly signIn?: OwnerSignIn | undefined;
  /**
   * Monitoring reports (`GET /api/monitors/{id}/report`): the edition served now, whether it is
   * the embedded sample, and the renderer (the service's worker pool, admitted per wallet).
   * Without it, the report route answers 503.
   */
  readonly report?: MonitorReports | undefined;
}

/** What the report route needs from the service. */
export interface MonitorReports {
  readonly served: () => { readonly datasetDate: string; readonly datasetSha256: string };
  readonly sample: () => boolean;
  readonly render: (
    model: ReturnType<typeof monitoringReport>,
    format: "pdf" | "docx" | "xlsx",
    wallet: string,
  ) => Promise<RenderedDocument>;
}

/**
 * An owner endpoint's hono path, its monitor id matching only what starts like one (`mon_`): so
 * the paid routes beside it (`/api/monitors/extend`'s docs page) and `/api/monitors/mine` are
 * never taken for a monitor.
 */
const ownerRoutePath = (e: Parameters<typeof routePathOf>[0]): string =>
  routePathOf(e).replace(":id", ":id{mon_[^/]+}");

/** Owners' answers are theirs alone: never stored by a cache. */
const PRIVATE = { "Cache-Control": "no-store" };

const notFound = (c: Context) =>
  problem(
    c,
    404,
    "MONITOR_NOT_FOUND",
    "The wallet signed in has no monitor with that id.",
    undefined,
    PRIVATE,
  );

const deleted = (c: Context) =>
  problem(
    c,
    409,
    "MONITOR_DELETED",
    "This monitor was deleted: it cannot be changed.",
    undefined,
    PRIVATE,
  );

/**
 * The free owner API of monitors (`MONITOR_OWNER_ENDPOINTS`): list, read, pause / resume /
 * re-point / rename, delete, the delivery log and a message's replay, each for the wallet that
 * signs in with a Sign-In-With-X proof (`ownerSignIn`) and only on its own monitors. Without a
 * proof, 402 with x402's sign-in challenge (`signInChallengeOf`); a refused proof 401 (400 when
 * not a proof at all); a client past its allowance of such refusals 429 before anything of its
 * request is read. A monitor of another wallet is answered as one that does not exist (404), so
 * ids cannot be probed. `POST /api/monitors` is not mounted here: it is the paid creation.
 */
export function mountMonitorOwnerApi(app: Hono, options: MonitorOwnerApiOptions): void {
  const { book } = options;
  const now = options.now ?? (() => new Date());
  const sign = options.signIn ?? ownerSignIn(options);
  const baseUrlOf = requestBaseUrl(options.baseUrl);
  const resourceUrlOf = requestResourceUrl(options.baseUrl);

  /** A refused sign-in as HTTP answers it: the challenge in PAYMENT-REQUIRED, a 429's Retry-After. */
  const refusedSignIn = (c: Context, refusal: SignInRefusal): Response => {
    const { status, code, message, challenge, retryAfterSeconds } = refusal;
    if (retryAfterSeconds !== undefined) {
      return problem(c, status, code, message, undefined, {
        "Retry-After": String(retryAfterSeconds),
        Connection: "close",
      });
    }
    return problem(c, status, code, message, undefined, {
      ...PRIVATE,
      ...(challenge === undefined
        ? {}
        : { "PAYMENT-REQUIRED": encodePaymentRequiredHeader(challenge) }),
    });
  };

  /** Past its allowance of refused sign-ins, a client is refused before anything is read. */
  const notHeld = every(async (c, next) => {
    const wait = sign.heldFor(clientOf(c));
    if (wait > 0) return refusedSignIn(c, sign.rateLimited(wait));
    await next();
  });

  /** The wallet that signs in (`ownerSignIn`, as the MCP tools check it), or the refusal. */
  async function signedIn(c: Context): Promise<SignedInWallet | Response> {
    const signed = await sign.signIn({
      proof: c.req.header("sign-in-with-x"),
      client: clientOf(c),
      baseUrl: baseUrlOf(c),
      resourceUrl: resourceUrlOf(c),
    });
    return signed.ok ? signed.wallet : refusedSignIn(c, signed.refusal);
  }

  /** The monitor named by the path, if the wallet owns it; else the 404 of one that does not exist. */
  async function ownedMonitor(
    c: Context,
    wallet: SignedInWallet,
    id: string,
  ): Promise<MonitorRecord | Response> {
    const found = await book.get(id);
    return found !== undefined && ownsMonitor(wallet, found.owner) ? found : notFound(c);
  }

  /** Validates the path's monitor id, signs in and finds the monitor: the three steps of each route. */
  async function monitorOf(
    c: Context,
  ): Promise<{ wallet: SignedInWallet; monitor: MonitorRecord } | Response> {
    const params = v.safeParse(MonitorParamsSchema, { id: c.req.param("id") });
    if (!params.success) return failureResponse(c, invalidInput(params.issues));
    const wallet = await signedIn(c);
    if (wallet instanceof Response) return wallet;
    const monitor = await ownedMonitor(c, wallet, params.output.id);
    if (monitor instanceof Response) return monitor;
    return { wallet, monitor };
  }

  app.get(ownerRoutePath(E.list), notHeld, async (c) => {
    const wallet = await signedIn(c);
    if (wallet instanceof Response) return wallet;
    const monitors = await book.ownedByWallet(wallet.namespace, wallet.address);
    return c.json(
      { success: true, data: { wallet, monitors: monitors.map(monitorView) } },
      200,
      PRIVATE,
    );
  });

  app.get(ownerRoutePath(E.read), notHeld, async (c) => {
    const found = await monitorOf(c);
    if (found instanceof Response) return found;
    const addresses = await book.addressesOf(found.monitor.id);
    return c.json(
      {
        success: true,
        data: { monitor: monitorView(found.monitor), addresses: addressViews(addresses) },
      },
      200,
      PRIVATE,
    );
  });

  app.patch(
    ownerRoutePath(E.update),
    notHeld,
    declaredWithin(MAX_PATCH_BYTES),
    bodyLimit({ maxSize: MAX_PATCH_BYTES, onError: (c) => tooLarge(c, MAX_PATCH_BYTES) }),
    async (c) => {
      const found = await monitorOf(c);
      if (found instanceof Response) return found;
      const read = await readBody(c);
      if (!read.ok) return read.response;
      const parsed = v.safeParse(PatchMonitorSchema, read.value);
      if (!parsed.success) return failureResponse(c, invalidInput(parsed.issues));
      const { id } = found.monitor;
      const refused = await changeMonitor(
        book,
        found.monitor,
        parsed.output,
        options.webhookPolicy,
        now(),
      );
      if (refused?.code === "MONITOR_DELETED") return deleted(c);
      if (refused !== undefined) {
        return problem(c, 400, refused.code, refused.message, refused.issues);
      }
      const monitor = await book.get(id);
      if (monitor === undefined) return notFound(c);
      return c.json({ success: true, data: { monitor: monitorView(monitor) } }, 200, PRIVATE);
    },
  );

  app.delete(ownerRoutePath(E.remove), notHeld, async (c) => {
    const found = await monitorOf(c);
    if (found instanceof Response) return found;
    const { id } = found.monitor;
    if (!(await deleteMonitor(book, found.monitor, now()))) return deleted(c);
    const monitor = await book.get(id);
    if (monitor === undefined) return notFound(c);
    return c.json({ success: true, data: { monitor: monitorView(monitor) } }, 200, PRIVATE);
  });

  app.get(ownerRoutePath(E.deliveries), notHeld, async (c) => {
    const found = await monitorOf(c);
    if (found instanceof Response) return found;
    const messages = await book.deliveryLog(found.monitor.id);
    return c.json(
      {
        success: true,
        data: { monitorId: found.monitor.id, messages: deliveryViews(messages) },
      },
      200,
      PRIVATE,
    );
  });

  app.post(ownerRoutePath(E.replay), notHeld, async (c) => {
    const params = v.safeParse(MessageParamsSchema, {
      id: c.req.param("id"),
      messageId: c.req.param("messageId"),
    });
    if (!params.success) return failureResponse(c, invalidInput(params.issues));
    const found = await monitorOf(c);
    if (found instanceof Response) return found;
    if (found.monitor.status === "deleted") return deleted(c);
    const replayed = await book.replay(found.monitor.id, params.output.messageId, now());
    if (!replayed) {
      return problem(
        c,
        409,
        "MESSAGE_NOT_REPLAYABLE",
        "No delivered, failed or cancelled message of this monitor has that id (one waiting for its next attempt is sent already).",
        undefined,
        PRIVATE,
      );
    }
    return c.json(
      {
        success: true,
        data: {
          monitorId: found.monitor.id,
          messageId: params.output.messageId,
          status: "pending",
        },
      },
      200,
      PRIVATE,
    );
  });

  app.get(ownerRoutePath(E.report), notHeld, async (c) => {
    const format = c.req.query("format") ?? "pdf";
    if (format !== "pdf" && format !== "docx" && format !== "xlsx") {
      const message = 'format must be "pdf", "docx" or "xlsx"';
      return problem(c, 400, "INVALID_INPUT", message, [{ path: "format", message }], PRIVATE);
    }
    const report = options.report;
    if (report === undefined) {
      return problem(
        c,
        503,
        "RENDER_FAILED",
        "This server renders no documents.",
        undefined,
        PRIVATE,
      );
    }
    const found = await monitorOf(c);
    if (found instanceof Response) return found;
    const { monitor } = found;
    const [addresses, page, log] = await Promise.all([
      book.addressesOf(monitor.id),
      book.messagesOf(monitor.id, MONITORING_REPORT_ROWS.xlsx.events),
      book.deliveryLog(monitor.id, MONITORING_REPORT_ROWS.xlsx.events),
    ]);
    const model = monitoringReport(
      {
        monitor,
        addresses,
        events: monitoringEvents(page.messages, log),
        eventCount: page.total,
        served: report.served(),
        sampleEdition: report.sample(),
        baseUrl: baseUrlOf(c),
      },
      { format },
    );
    try {
      const doc = await report.render(
        model,
        format,
        `${found.wallet.namespace}:${found.wallet.address}`,
      );
      return c.body(doc.bytes as Uint8Array<ArrayBuffer>, 200, {
        ...PRIVATE,
        "Content-Type": doc.mimeType,
        "Content-Disposition": `attachment; filename="${monitor.id}-report.${format}"`,
      });
    } catch (error) {
      const failure = classifyFailure(error);
      if (failure === undefined) throw error;
      return failureResponse(c, failure);
    }
  });
}
