import { type AnyOperation, CATALOG, type ComplianceDeps, listStatusOf } from "@svc/compliance";
import type { ToolPayments } from "@svc/mcp-server";
import { SdnIndex } from "@svc/ofac-index";
import { ListLoader } from "@svc/ofac-index/node";
import {
  assertListings,
  type ExtensionResponses,
  PaymentGate,
  type ResourceListing,
} from "@svc/payments";
import { bazaarDiscoveryOf, type McpCatalog, serviceListingOf } from "@svc/service-docs";
import { type Context, Hono } from "hono";
import { methodNotAllowed } from "hono/method-not-allowed";
import { requestId } from "hono/request-id";
import { type AttestationStore, keepAttestation } from "../attestations/attestation-store.js";
import { attestedEditions, type EditionLookup } from "../attestations/attested-editions.js";
import { mountAttestations } from "../attestations/mount-attestations.js";
import { type ServiceAttestation, serviceKeySet } from "../attestations/service-attestation.js";
import { normalizeBaseUrl } from "../discovery/base-url.js";
import { mountDiscovery } from "../discovery/mount-discovery.js";
import { requestBaseUrl, requestResourceUrl } from "../discovery/request-base-url.js";
import { mountList } from "../list/mount-list.js";
import type { StoredEditions } from "../list/stored-editions.js";
import { hostedMcpCatalog } from "../mcp/hosted-mcp-catalog.js";
import { mountMcp } from "../mcp/mount-mcp.js";
import { httpMetrics } from "../metrics/http-metrics.js";
import { mcpToolMetrics } from "../metrics/mcp-tool-metrics.js";
import type { ServiceMetrics } from "../metrics/service-metrics.js";
import { monitorReports } from "../monitors/owner-api/monitor-reports.js";
import {
  type MonitorOwnerApiOptions,
  mountMonitorOwnerApi,
} from "../monitors/owner-api/mount-monitor-owner-api.js";
import { ownerSignIn } from "../monitors/owner-api/owner-sign-in.js";
import { mountPaymentReceipts } from "../payments/mount-payment-receipts.js";
import type { PaymentReceipts } from "../payments/payment-receipts.js";
import type { RateLimit } from "./client-rate-limit.js";
import { corsForPayments } from "./cors.js";
import { dryRunBuckets } from "./dry-run.js";
import { mountOperation } from "./mount-operation.js";
import { problem } from "./problem.js";
import { type LogSink, requestIdOf, requestLog } from "./request-log.js";
import { requestTarget } from "./request-target.js";

export interface AppOptions {
  /** The list, with readiness (`ListLoader` of @svc/ofac-index). */
  readonly list: ComplianceDeps["list"] & { readonly ready: boolean };
  /** The list history for forecasts, and the document renderer (the worker pool's `render`). */
  readonly history: ComplianceDeps["history"];
  readonly render: ComplianceDeps["render"];
  /**
   * Admits a render before its body is validated (the worker pool's `admit`): per payer, and
   * only when it can start within its deadline. Without it, only the pool's capacity bounds renders.
   */
  readonly admitRender?: ComplianceDeps["admitRender"];
  /**
   * Renders a large document body validated on the render worker (the worker pool's
   * `renderBody`, with `DOCUMENT_BODY_PREPARER`). Without it, every body is validated here.
   */
  readonly renderBody?: ComplianceDeps["renderBody"];
  /**
   * Where wallet monitors are kept (the service's ledger, `serviceMonitors`). Without it the
   * monitoring routes refuse (`MONITORING_UNAVAILABLE`), charging nothing.
   */
  readonly monitors?: ComplianceDeps["monitors"];
  /**
   * The resource server, the terms, and where authorizations are reserved (the service's
   * ledger; default: the resource server's in-memory store), for the routes and the tools alike.
   */
  readonly payments: ToolPayments;
  readonly operations?: readonly AnyOperation[];
  /** The MCP tools and prompts served at `/mcp` (default: those of @svc/mcp-server). */
  readonly mcpCatalog?: McpCatalog | undefined;
  /** The public base URL the discovery documents name; derived per request from Host when unset. */
  readonly baseUrl?: string | undefined;
  /** The stored editions behind `/api/list/editions` and `/api/list/changes` (the loader's). */
  readonly storedEditions?: StoredEditions | undefined;
  /** Where request log lines go (the service: stdout as JSON lines); none when unset. */
  readonly log?: LogSink | undefined;
  /** The payments settled after their answer, behind `GET /api/payments/:paymentId` (the ledger's). */
  readonly receipts?: PaymentReceipts | undefined;
  /**
   * The service's signing key and the retired public keys it still publishes: paid screening
   * answers (routes and MCP tools) carry an attestation signed with the key, and the app serves
   * `/.well-known/jwks.json` and `POST /api/attestations/verify`. Without it nothing is signed.
   */
  readonly attestation?: ServiceAttestation | undefined;
  /**
   * Whether the payment ledger answers (the service's: its `ping`, bounded and reused for a
   * second by `ledgerReadiness`): `/ready` is 503 while it does not, since no payment can be
   * taken. None when unset (the routes' in-memory reservations need no probe).
   */
  readonly ledgerReady?: (() => Promise<boolean>) | undefined;
  /**
   * Where every attestation the app signs is archived (routes and MCP tools alike), and where
   * `GET /api/attestations/{fingerprint}` finds it (the service's: the ledger's archive). None:
   * nothing is archived and the lookup finds nothing.
   */
  readonly attestationArchive?: AttestationStore | undefined;
  /**
   * The monitors and where webhooks may point (the service's: the ledger's monitor book, the
   * production policy in production): the free owner API at `/api/monitors`, signed in by
   * Sign-In-With-X on the networks paid on. None: not mounted.
   */
  readonly monitorOwners?:
    | Pick<MonitorOwnerApiOptions, "book" | "webhookPolicy" | "hostAudience">
    | undefined;
  /** Where requests and payments are counted for `/metrics` (on its own listener); none when unset. */
  readonly metrics?: ServiceMetrics | undefined;
  /** Where the app's own events go (an archive that fails), whatever `log` does with requests. */
  readonly eventLog?: LogSink | undefined;
  /** How often one client may verify an attestation (default: `VERIFY_RATE_LIMIT`). */
  readonly verifyRateLimit?: RateLimit | undefined;
  /**
   * How often one client may dry-run, routes and MCP tools together (default:
   * `DRY_RUN_RATE_LIMIT` of @svc/compliance).
   */
  readonly dryRunRateLimit?: RateLimit | undefined;
}

/**
 * The request a route's bazaar declaration describes: its method and route template (which the
 * bazaar extension turns into `routeTemplate`) and, as the path, the template filled with the
 * example input. The declaration is the same for every request (built once): a directory lists
 * the route under its template, and never learns the addresses callers screened.
 */
function declaredRequestOf(op: AnyOperation) {
  const example = (op.inputExample ?? {}) as Record<string, unknown>;
  const path = op.path.replace(/:([A-Za-z0-9_]+)/g, (whole, name: string) =>
    example[name] === undefined ? whole : encodeURIComponent(String(example[name])),
  );
  return { method: op.method, routePattern: op.path, path, adapter: { getPath: () => path } };
}

/** The payment gate of one operation, described for payers and the bazaar. */
function gateOf(op: AnyOperation, payments: ToolPayments, listing: ResourceListing): PaymentGate {
  return new PaymentGate(
    payments.server,
    {
      price: op.price,
      description: op.description,
      url: op.path,
      route: op.path,
      deadlineMs: op.deadlineMs,
      mimeType: op.mimeType,
      discovery: bazaarDiscoveryOf(op),
      listing,
    },
    payments.terms,
    {
      transport: declaredRequestOf(op),
      reservations: payments.reservations,
      deferred: payments.deferred,
      versions: payments.versions,
      onExtensionResponses: payments.onExtensionResponses,
    },
  );
}

/**
 * With settlement after the answer, `/ready`'s word on it: still ready while settlements fail
 * (payments are then settled before their answers), saying so and since when.
 */
const settlementReadiness = (deferred: ToolPayments["deferred"]) => {
  const status = deferred?.status?.();
  if (status === undefined) return {};
  return {
    settlement: {
      answering: status.answering,
      ...(status.failingSince === undefined
        ? {}
        : {
            detail:
              "settlements are failing (not by payers): payments are settled before their answers until one succeeds",
            failingSince: status.failingSince,
            lastError: status.lastError,
          }),
    },
  };
};

/** The loaded edition of the list, when the list is an index or a loader that has one. */
const loadedIndexOf = (list: AppOptions["list"]): SdnIndex | undefined =>
  list instanceof SdnIndex ? list : list instanceof ListLoader ? list.index : undefined;

/**
 * Where the verification route finds an attested edition: the loaded one, else the stored
 * editions (`storedEditions`, or the loader's store when the app was given a loader only).
 */
function editionsOf(options: AppOptions): EditionLookup {
  const { list, storedEditions } = options;
  const stored =
    storedEditions !== undefined
      ? (sha: string) => storedEditions.edition(sha)
      : list instanceof ListLoader
        ? (sha: string) => list.editionBySha(sha)
        : undefined;
  return attestedEditions(() => loadedIndexOf(list), stored);
}

/**
 * What the facilitator said of a payment's extensions, in the log: above all whether the Bazaar
 * catalogued the route or tool (`bazaar.status`), and why not (`rejectedReason`).
 */
const logExtensionResponses =
  (log: LogSink | undefined) =>
  ({ stage, route, responses }: ExtensionResponses): void => {
    const rejected = Object.values(responses).some(
      (r) =>
        typeof r === "object" && r !== null && (r as { status?: unknown }).status === "rejected",
    );
    const fields = { stage, route, extensionResponses: responses };
    if (rejected) log?.warn(fields, "payment.extension-responses");
    else log?.info(fields, "payment.extension-responses");
  };

/**
 * The API: health, readiness, every catalog operation behind its payment gate, the discovery
 * documents, and the MCP tool server at `/mcp` with its docs and server card.
 *
 * Every paid route and tool declares the service's directory listing (`serviceListingOf` on the
 * public base URL) and its bazaar declaration; one that @x402/extensions' validators would not
 * take stops the construction with the reasons (`ListingError`).
 */
export function createApp(options: AppOptions): Hono {
  const app = new Hono();
  const listing = serviceListingOf(
    options.baseUrl === undefined ? undefined : normalizeBaseUrl(options.baseUrl),
  );
  const payments: ToolPayments = {
    ...options.payments,
    listing,
    onExtensionResponses:
      options.payments.onExtensionResponses ??
      logExtensionResponses(options.eventLog ?? options.log),
  };
  const gates = (options.operations ?? CATALOG).map(
    (op) => [op, gateOf(op, payments, listing)] as const,
  );
  assertListings(gates.map(([, gate]) => gate.listingDeclaration()));
  app.use("*", requestId());
  app.use(
    "*",
    requestTarget(options.baseUrl === undefined ? undefined : normalizeBaseUrl(options.baseUrl)),
  );
  if (options.metrics !== undefined) {
    app.use("*", httpMetrics(options.metrics, options.operations ?? CATALOG));
  }
  if (options.log !== undefined) app.use("*", requestLog(options.log));
  app.use(
    "*",
    methodNotAllowed({
      app,
      onMethodNotAllowed: (c, methods) =>
        problem(
          c,
          405,
          "METHOD_NOT_ALLOWED",
          `Use ${methods.join(" or ")} on this path.`,
          undefined,
          {
            Allow: methods.join(", "),
          },
        ),
    }),
  );
  app.use("*", corsForPayments());
  app.get("/health", (c) => c.json({ status: "ok" }));
  const ledgerReady = options.ledgerReady;
  app.get("/ready", async (c) => {
    if (!options.list.ready) {
      return c.json({ ready: false, reason: "no sanctions list is loaded yet" }, 503);
    }
    if (ledgerReady !== undefined && !(await ledgerReady())) {
      return c.json(
        {
          ready: false,
          reason: "the payment ledger cannot be reached: paid calls are refused",
          ledger: "unreachable",
        },
        503,
        { "Retry-After": "5" },
      );
    }
    const { status, sourceFreshness: f } = listStatusOf(options.list).data;
    return c.json({
      ready: true,
      list: { status, datasetDate: f?.datasetDate, datasetSha256: f?.datasetSha256 },
      ...(ledgerReady === undefined ? {} : { ledger: "reachable" }),
      ...settlementReadiness(options.payments.deferred),
    });
  });
  const deps: ComplianceDeps = {
    list: options.list,
    history: options.history,
    render: options.render,
    admitRender: options.admitRender,
    renderBody: options.renderBody,
    monitors: options.monitors,
    // The document routes verify a report's attached attestation against the published keys.
    ...(options.attestation === undefined
      ? {}
      : { attestationKeys: serviceKeySet(options.attestation) }),
  };
  // Every 402 names the resource on the public base URL (or the request's own, validated).
  const resourceUrl = requestResourceUrl(options.baseUrl);
  const keep =
    options.attestationArchive === undefined
      ? undefined
      : keepAttestation(options.attestationArchive, options.eventLog ?? options.log);
  // Paid screening answers are signed with the service's key on the public base URL (else the
  // request's own, as the discovery documents name it), each kept before its answer goes out.
  const attestation = options.attestation;
  const baseUrlOf = requestBaseUrl(options.baseUrl);
  const signingOf =
    attestation === undefined
      ? undefined
      : (c: Context) => ({ key: attestation.key, baseUrl: baseUrlOf(c), keep });
  // One allowance of free dry runs per client, across every route and the MCP tools.
  const dryRuns = dryRunBuckets(options.dryRunRateLimit);
  for (const [op, gate] of gates) {
    mountOperation(app, op, gate, deps, {
      payment: { resourceUrl },
      signingOf,
      dryRuns,
    });
  }
  if (options.attestation !== undefined) {
    mountAttestations(
      app,
      options.attestation,
      editionsOf(options),
      options.verifyRateLimit,
      options.attestationArchive,
    );
  }
  mountList(app, options.list, options.storedEditions);
  if (options.receipts !== undefined) mountPaymentReceipts(app, options.receipts);
  // One sign-in for the owner API's routes and its MCP tools: one allowance of refusals per client.
  const owners =
    options.monitorOwners === undefined
      ? undefined
      : {
          ...options.monitorOwners,
          baseUrl: options.baseUrl,
          networks: [...new Set(options.payments.terms.map((t) => t.network))],
        };
  const ownersSignIn = owners === undefined ? undefined : ownerSignIn(owners);
  if (owners !== undefined) {
    mountMonitorOwnerApi(app, {
      ...owners,
      signIn: ownersSignIn,
      report: monitorReports(options.list, deps),
    });
  }
  mountDiscovery(app, {
    operations: options.operations ?? CATALOG,
    terms: options.payments.terms,
    baseUrl: options.baseUrl,
    list: options.list,
  });
  mountMcp(app, {
    deps,
    payments,
    catalog:
      options.mcpCatalog ??
      hostedMcpCatalog({
        monitors: options.monitors,
        owners:
          owners === undefined || ownersSignIn === undefined
            ? undefined
            : { book: owners.book, signIn: ownersSignIn, webhookPolicy: owners.webhookPolicy },
      }),
    baseUrl: options.baseUrl,
    log: options.log,
    attestation: options.attestation,
    keepAttestation: keep,
    dryRuns,
    onToolCall: options.metrics === undefined ? undefined : mcpToolMetrics(options.metrics),
  });
  app.notFound((c) => problem(c, 404, "ENDPOINT_NOT_FOUND", "Not Found"));
  // The caller gets no detail (never a stack trace); the operator's log gets what failed.
  const faults = options.eventLog ?? options.log;
  app.onError((error, c) => {
    faults?.error(
      {
        requestId: requestIdOf(c),
        path: c.req.path,
        error: error instanceof Error ? `${error.name}: ${error.message}` : String(error),
      },
      "request failed unexpectedly",
    );
    return problem(c, 500, "INTERNAL_ERROR", "The service failed to answer; nothing was charged.");
  });
  return app;
}
