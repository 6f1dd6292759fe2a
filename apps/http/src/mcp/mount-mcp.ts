import type { ComplianceDeps } from "@svc/compliance";
import {
  ANY_CALLER,
  createMcpHttpHost,
  describeEndpoint,
  type McpHttpHostOptions,
  serverCardOf,
  type ToolPayments,
} from "@svc/mcp-server";
import { markCharged } from "@svc/payments";
import {
  type Companions,
  DEFAULT_MCP_CATALOG,
  DISCOVERY_PATHS,
  type McpCatalog,
  mcpDocsOf,
  mcpDocsPage,
} from "@svc/service-docs";
import type { Context, Hono } from "hono";
import { type ClientBuckets, clientOf } from "../app/client-rate-limit.js";
import { dryRunBuckets } from "../app/dry-run.js";
import { MAX_BODY_BYTES, payloadTooLarge } from "../app/mount-operation.js";
import { type LogSink, requestIdOf } from "../app/request-log.js";
import type { ServiceAttestation } from "../attestations/service-attestation.js";
import { requestBaseUrl } from "../discovery/request-base-url.js";
import { htmlResponse, jsonResponse } from "../docs/html-response.js";
import { representationOf } from "../docs/negotiation.js";
import { mountMcpListing } from "./mount-mcp-listing.js";

export interface McpOptions {
  /** The list, the history and the renderer the tools run on (the routes' own). */
  readonly deps: ComplianceDeps;
  /** The routes' resource server and terms: the tools are paid to the same payee, settled alike. */
  readonly payments: ToolPayments;
  /** The tools and prompts served (default: the twelve tools and six prompts of @svc/mcp-server). */
  readonly catalog?: McpCatalog | undefined;
  /** The configured public base URL; derived per request from Host when unset (as discovery). */
  readonly baseUrl?: string | undefined;
  /** Where a tool's fault is reported (the app's log sink); nowhere when unset. */
  readonly log?: LogSink | undefined;
  /**
   * The service's signing key (the app's `attestation`): the paid screening tools' answers carry
   * their `attestation`, signed with it on the request's base URL (as the routes sign theirs). The
   * retired keys are the key set's business, not the tools'. Without it the tools sign nothing.
   */
  readonly attestation?: ServiceAttestation | undefined;
  /** Keeps each attestation a tool's answer is signed with (the app's archive). */
  readonly keepAttestation?: ((jws: string) => Promise<void>) | undefined;
  /**
   * Where each client's dry runs (`_meta["svc/dry-run"]`) are counted: the app's, shared with
   * the routes' `?dry_run=1`. Default: buckets of the endpoint's own.
   */
  readonly dryRuns?: ClientBuckets | undefined;
  /**
   * Told each tool call once answered, with its payment (the service's metrics: the tool calls,
   * and a paid tool's payment counted as a paid route's is).
   */
  readonly onToolCall?: McpHttpHostOptions["onToolCall"];
}

/** Whether a GET asks for the server-sent event stream of the transport (not the description). */
const asksForEventStream = (accept: string | undefined): boolean =>
  (accept ?? "").toLowerCase().includes("text/event-stream");

/**
 * Mounts the hosted MCP tool server and its documents:
 *
 * - `POST /mcp`: the MCP HTTP host of @svc/mcp-server (the one `svc-mcp --http` serves too):
 *   the streamable HTTP transport (stateless, JSON answers), with the paid tools behind the
 *   x402 v2 MCP adapter on the routes' resource server and terms (one gate per tool and price,
 *   built once), their screening answers signed with the service's key when it has one
 *   (`attestation`), and the routes' 1 MiB body limit (413);
 * - `GET /mcp`: what the endpoint is (JSON; the docs page for a browser); a GET that asks for an
 *   event stream goes to the transport, which refuses it (405): a stateless server has none;
 * - `GET /mcp/docs`: the docs of the tool server (HTML; JSON with `?format=json`);
 * - `GET /.well-known/mcp/server-card.json`: the server card.
 *
 * Other methods on these paths get the app's 405 with Allow. None of the GETs is paid.
 */
export function mountMcp(app: Hono, options: McpOptions): void {
  const catalog = options.catalog ?? DEFAULT_MCP_CATALOG;
  const baseUrlOf = requestBaseUrl(options.baseUrl);
  // The service's one MCP host, paid, open to every site (CORS and the Host check are the app's),
  // within the routes' body limit. The app's request log writes every request's line, this
  // endpoint's included, in the host's shape: the host writes only a tool's fault.
  const host = createMcpHttpHost({
    deps: options.deps,
    tools: catalog.tools,
    prompts: catalog.prompts,
    payments:
      options.attestation === undefined
        ? options.payments
        : {
            ...options.payments,
            signingKey: options.attestation.key,
            keepAttestation: options.keepAttestation,
          },
    maxBodyBytes: MAX_BODY_BYTES,
    callers: ANY_CALLER,
    onToolCall: options.onToolCall,
    log: options.log === undefined ? undefined : { sink: options.log, requests: false },
  });

  /**
   * The transport's answer to this request, with the headers the app's middleware prepared (CORS,
   * the request id): hono applies those only to responses built through the context.
   */
  const dryRuns = options.dryRuns ?? dryRunBuckets();
  const transport = async (c: Context): Promise<Response> => {
    const res = await host(c.req.raw, {
      // This client's allowance of free dry runs, in the same buckets as the routes'.
      dryRuns: { take: () => dryRuns.take(clientOf(c)) },
      // The owner tools' refused sign-ins count against this client, as on the routes.
      client: clientOf(c),
      requestId: requestIdOf(c),
      onCharged: () => markCharged(c),
      onTooLarge: () => payloadTooLarge(c),
      // What a signed answer names as the service (the key set is under it), as discovery says.
      baseUrl: baseUrlOf(c),
    });
    return c.newResponse(res.body, res);
  };

  // The tools are paid on the routes' terms: every network, the default first.
  const terms = options.payments.terms;
  const cardOptions = (c: Context) => ({
    baseUrl: baseUrlOf(c),
    tools: catalog.tools,
    prompts: catalog.prompts,
    // The card names the networks the tools are paid on: the terms'.
    paidOn: terms,
  });
  const docsOf = (c: Context) => mcpDocsOf({ baseUrl: baseUrlOf(c), terms }, catalog);
  // This module serves both; the pages link what the app serves.
  const companions: Companions = { mcpDocs: true, serverCard: true };

  // The handler enforces the body limit itself as it reads (413), without re-streaming the body.
  app.post(DISCOVERY_PATHS.mcp, transport);

  app.get(DISCOVERY_PATHS.mcp, (c) => {
    if (asksForEventStream(c.req.header("accept"))) return transport(c);
    return representationOf(c, "json") === "json"
      ? jsonResponse(c, describeEndpoint(cardOptions(c)), true)
      : htmlResponse(c, mcpDocsPage(docsOf(c), companions), true);
  });

  app.get(DISCOVERY_PATHS.mcpDocs, (c) =>
    representationOf(c, "html") === "json"
      ? jsonResponse(c, docsOf(c), true)
      : htmlResponse(c, mcpDocsPage(docsOf(c), companions), true),
  );

  app.get(DISCOVERY_PATHS.serverCard, (c) => jsonResponse(c, serverCardOf(cardOptions(c)), false));
  mountMcpListing(app, { baseUrl: options.baseUrl });
}
