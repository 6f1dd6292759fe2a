import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { CATALOG, reportPdfGenerate } from "@svc/compliance";
import { priceOf, TOOLS } from "@svc/mcp-server";
import { atomicUsdc, MCP_PAYMENT_META } from "@svc/payments";
import { connectHttp } from "@svc/test-support/mcp-client";
import { payerOf, payingNetworkFetch } from "@svc/test-support/x402-payer";
import type { PaymentRequired } from "@x402/core/types";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadServiceConfig } from "../config/service-config.js";
import { memoryLog } from "../log/test-support/memory-log.js";
import { type RunningService, startService } from "../service/start-service.js";
import { ledgerDir } from "../test-support/ledger-dir.js";
import { parsePrometheusText, type Sample, sampleSum } from "./test-support/prometheus-text.js";

/**
 * `/metrics` on its own listener, on a development service paying through the local devnet:
 * a paid call and an unpaid 402 move the counters, read over HTTP as Prometheus scrapes them.
 */
const LISTED = "0x098B716B8Aaf21512996dC57EB0615e2383E2f96";
// A paid GET route taking an address in its path, from the catalog.
const op = CATALOG.find((o) => o.method === "GET" && o.path.includes(":address"));
if (op === undefined) throw new Error("the catalog has no GET route on an address");
const route = op.path;
const pathOf = (address: string) => op.path.replace(":address", address);

let service: RunningService;
beforeAll(async () => {
  service = await startService(
    loadServiceConfig({
      PORT: "0",
      METRICS_PORT: "0",
      LOG_REQUESTS: "0",
      LEDGER_DIR: ledgerDir(),
    }),
    { log: memoryLog([]) },
  );
}, 60_000);
afterAll(async () => {
  await service?.stop();
});

/** The counters of one scrape minus those of another, for a metric and labels. */
const deltaOf =
  (before: readonly Sample[], after: readonly Sample[]) =>
  (name: string, labels: Record<string, string> = {}) =>
    sampleSum(after, name, labels) - sampleSum(before, name, labels);

/** Every payment counter, whatever its route: a call moves exactly its own. */
const PAYMENT_COUNTERS = [
  "svc_payment_required_total",
  "svc_payments_verified_total",
  "svc_payments_settled_total",
  "svc_payments_refused_total",
  "svc_payments_failed_total",
  "svc_revenue_atomic_usdc_total",
];

const scrape = async (): Promise<Sample[]> => {
  const answer = await fetch(service.metricsUrl as string);
  expect(answer.status).toBe(200);
  expect(answer.headers.get("content-type")).toMatch(/^text\/plain; version=0\.0\.4/);
  return parsePrometheusText(await answer.text());
};

describe("/metrics", () => {
  it("listens on loopback on its own port, and the API listener does not serve /metrics", async () => {
    expect(service.metricsUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/metrics$/);
    expect(new URL(service.metricsUrl as string).port).not.toBe(new URL(service.url).port);
    const api = await fetch(`${service.url}/metrics`);
    expect(api.status).toBe(404);
    expect(await api.text()).not.toContain("svc_http_requests_total");
  });

  it("an unpaid 402 counts as a 402 and a request on the route template, never the raw path", async () => {
    const before = await scrape();
    const unpaid = await fetch(`${service.url}${pathOf(LISTED)}`);
    expect(unpaid.status).toBe(402);
    await unpaid.arrayBuffer();
    const after = await scrape();
    const delta = (name: string, labels: Record<string, string>) =>
      sampleSum(after, name, labels) - sampleSum(before, name, labels);
    expect(delta("svc_payment_required_total", { route })).toBe(1);
    expect(delta("svc_http_requests_total", { route, method: "GET", status: "402" })).toBe(1);
    expect(
      delta("svc_http_request_duration_seconds_count", { route, method: "GET", status: "402" }),
    ).toBe(1);
  });

  it("a paid call counts as verified and settled, with its price as revenue in atomic USDC, by network", async () => {
    const devnet = service.devnet;
    if (devnet === undefined) throw new Error("development service without its devnet");
    const before = await scrape();
    const paid = await payingNetworkFetch(
      (devnet.payers[0] as { privateKey: `0x${string}` }).privateKey,
    )(`${service.url}${pathOf(LISTED)}`);
    expect(paid.status).toBe(200);
    await paid.arrayBuffer();
    const after = await scrape();
    const delta = (name: string, labels: Record<string, string>) =>
      sampleSum(after, name, labels) - sampleSum(before, name, labels);
    const network = devnet.network;
    expect(delta("svc_payments_verified_total", { route, network })).toBe(1);
    expect(delta("svc_payments_settled_total", { route, network, timing: "before-response" })).toBe(
      1,
    );
    expect(delta("svc_revenue_atomic_usdc_total", { route, network })).toBe(
      Math.round(Number(op.price) * 1_000_000),
    );
    expect(delta("svc_http_requests_total", { route, method: "GET", status: "200" })).toBe(1);
    // The facilitator verified and settled it, and the ledger reserved and recorded it: timed.
    for (const operation of ["verify", "settle"]) {
      expect(
        delta("svc_facilitator_request_duration_seconds_count", { operation, outcome: "ok" }),
        operation,
      ).toBe(1);
    }
    for (const operation of ["reserve", "used"]) {
      expect(
        delta("svc_ledger_operation_duration_seconds_count", { operation, outcome: "ok" }),
        operation,
      ).toBe(1);
    }
  });

  it("a payment that does not decode is refused with its reason as a label", async () => {
    const before = await scrape();
    const refused = await fetch(`${service.url}${pathOf(LISTED)}`, {
      headers: { "PAYMENT-SIGNATURE": "not-a-payment" },
    });
    expect(refused.status).toBe(402);
    await refused.arrayBuffer();
    const after = await scrape();
    const refusals = after.filter(
      (s) => s.name === "svc_payments_refused_total" && s.labels.route === route,
    );
    const total = (samples: readonly Sample[]) =>
      sampleSum(samples, "svc_payments_refused_total", { route });
    expect(total(after) - total(before)).toBe(1);
    for (const s of refusals) expect(s.labels.reason).toMatch(/^[A-Za-z0-9_]{1,64}$/);
  });

  it("a paid MCP tool call counts its payment on route mcp:<tool> by network, and the tool call by outcome: unpaid, paid, then replayed", async () => {
    const devnet = service.devnet;
    if (devnet === undefined) throw new Error("development service without its devnet");
    // A paid tool at a fixed price, from the catalog of tools.
    const tool = TOOLS.find((t) => t.pricing.kind === "paid" && !("byOutputFormat" in t.pricing));
    if (tool === undefined) throw new Error("no paid tool at a fixed price");
    const args = tool.inputExample as Record<string, unknown>;
    const toolRoute = `mcp:${tool.name}`;
    const network = devnet.network;
    const client: Client = await connectHttp(`${service.url}/mcp`);
    try {
      // Unpaid: the terms, counted as a 402 of the tool's, and nothing else.
      const s0 = await scrape();
      const unpaid = await client.callTool({ name: tool.name, arguments: args });
      expect(unpaid.isError).toBe(true);
      const s1 = await scrape();
      let delta = deltaOf(s0, s1);
      expect(delta("svc_payment_required_total", { route: toolRoute })).toBe(1);
      for (const name of PAYMENT_COUNTERS) {
        expect(delta(name), name).toBe(name === "svc_payment_required_total" ? 1 : 0);
      }
      expect(
        delta("svc_mcp_tool_calls_total", { tool: tool.name, outcome: "payment_required" }),
      ).toBe(1);
      expect(delta("svc_mcp_tool_calls_total")).toBe(1);

      // Paid: verified and settled on the network paid on, its price as revenue.
      const payment = await payerOf(
        (devnet.payers[1] as { privateKey: `0x${string}` }).privateKey,
      ).createPaymentPayload(unpaid.structuredContent as unknown as PaymentRequired);
      const paid = await client.callTool({
        name: tool.name,
        arguments: args,
        _meta: { [MCP_PAYMENT_META]: payment },
      });
      expect(paid.isError, JSON.stringify(paid.structuredContent)).toBeFalsy();
      const s2 = await scrape();
      delta = deltaOf(s1, s2);
      const atomic = Number(atomicUsdc(priceOf(tool, args) as string));
      expect(delta("svc_payments_verified_total", { route: toolRoute, network })).toBe(1);
      expect(
        delta("svc_payments_settled_total", {
          route: toolRoute,
          network,
          timing: "before-response",
        }),
      ).toBe(1);
      expect(delta("svc_revenue_atomic_usdc_total", { route: toolRoute, network })).toBe(atomic);
      for (const name of PAYMENT_COUNTERS) {
        const own =
          name === "svc_payments_verified_total" || name === "svc_payments_settled_total"
            ? 1
            : name === "svc_revenue_atomic_usdc_total"
              ? atomic
              : 0;
        expect(delta(name), name).toBe(own);
      }
      expect(delta("svc_mcp_tool_calls_total", { tool: tool.name, outcome: "paid" })).toBe(1);
      expect(delta("svc_mcp_tool_calls_total")).toBe(1);
      expect(
        delta("svc_mcp_tool_call_duration_seconds_count", { tool: tool.name, outcome: "paid" }),
      ).toBe(1);
      expect(
        delta("svc_mcp_tool_call_duration_seconds_sum", { tool: tool.name, outcome: "paid" }),
      ).toBeGreaterThan(0);

      // The same payment again: refused before it verifies, with its reason.
      const replay = await client.callTool({
        name: tool.name,
        arguments: args,
        _meta: { [MCP_PAYMENT_META]: payment },
      });
      expect(replay.isError).toBe(true);
      const s3 = await scrape();
      delta = deltaOf(s2, s3);
      expect(delta("svc_payments_refused_total", { route: toolRoute })).toBe(1);
      for (const name of PAYMENT_COUNTERS) {
        expect(delta(name), name).toBe(name === "svc_payments_refused_total" ? 1 : 0);
      }
      const reasons = s3.filter(
        (x) => x.name === "svc_payments_refused_total" && x.labels.route === toolRoute,
      );
      for (const r of reasons) expect(r.labels.reason).toMatch(/^[A-Za-z0-9_]{1,64}$/);
      expect(
        delta("svc_mcp_tool_calls_total", { tool: tool.name, outcome: "payment_required" }),
      ).toBe(1);
    } finally {
      await client.close();
    }
  });

  it("exports the render workers' heap, positive once a document has been rendered", async () => {
    const devnet = service.devnet;
    if (devnet === undefined) throw new Error("development service without its devnet");
    const rendered = await payingNetworkFetch(
      (devnet.payers[2] as { privateKey: `0x${string}` }).privateKey,
    )(`${service.url}${reportPdfGenerate.path}`, {
      method: reportPdfGenerate.method,
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(reportPdfGenerate.inputExample),
    });
    expect(rendered.status).toBe(200);
    await rendered.arrayBuffer();
    // Each worker reports its heap after a render, on its own message port: bounded wait (5 s).
    let samples = await scrape();
    for (let i = 0; i < 50 && sampleSum(samples, "svc_render_worker_heap_used_bytes") === 0; i++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      samples = await scrape();
    }
    expect(sampleSum(samples, "svc_render_workers")).toBeGreaterThanOrEqual(1);
    const used = sampleSum(samples, "svc_render_worker_heap_used_bytes");
    expect(used).toBeGreaterThan(1024 * 1024);
    expect(sampleSum(samples, "svc_render_worker_heap_total_bytes")).toBeGreaterThanOrEqual(used);
  });

  it("exports the list's edition, age, staleness and last check, its load event, the render pool and Node's process metrics", async () => {
    const samples = await scrape();
    const names = new Set(samples.map((s) => s.name));
    for (const name of [
      "svc_list_loaded",
      "svc_list_edition_timestamp_seconds",
      "svc_list_age_hours",
      "svc_list_stale",
      "svc_list_last_successful_check_timestamp_seconds",
      "svc_render_queue_depth",
      "svc_render_running",
      "svc_render_workers",
      "svc_render_aborted",
      "process_cpu_user_seconds_total",
      "nodejs_eventloop_lag_seconds",
    ]) {
      expect(names, name).toContain(name);
    }
    expect(sampleSum(samples, "svc_list_loaded")).toBe(1);
    expect(sampleSum(samples, "svc_list_events_total")).toBeGreaterThan(0);
    expect(sampleSum(samples, "svc_list_stale")).toBe(0);
  });

  it("no label carries an address or a raw path: routes are the app's templates or `unmatched`", async () => {
    await (await fetch(`${service.url}/no/such/${LISTED}`)).arrayBuffer();
    const samples = await scrape();
    const routes = new Set(
      samples.flatMap((s) => (s.labels.route === undefined ? [] : [s.labels.route])),
    );
    expect(routes).toContain("unmatched");
    for (const s of samples) {
      for (const value of Object.values(s.labels)) {
        expect(value).not.toMatch(/0x[0-9a-fA-F]{40}/);
      }
    }
    // A paid MCP tool's payments are on `mcp:<tool>`, one of the listed tools.
    for (const r of routes) {
      if (r === "unmatched") continue;
      const known = r.startsWith("mcp:")
        ? TOOLS.some((t) => `mcp:${t.name}` === r)
        : service.app.routes.some((x) => x.path === r);
      expect(known, r).toBe(true);
    }
    expect([...routes].some((r) => r.startsWith("mcp:"))).toBe(true);
    const tools = new Set(
      samples.flatMap((s) => (s.labels.tool === undefined ? [] : [s.labels.tool])),
    );
    for (const t of tools)
      expect(
        TOOLS.some((x) => x.name === t),
        t,
      ).toBe(true);
  });
});
