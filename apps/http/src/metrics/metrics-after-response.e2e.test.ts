import { execFileSync, spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { CATALOG } from "@svc/compliance";
import { payingNetworkFetch } from "@svc/test-support/x402-payer";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadServiceConfig } from "../config/service-config.js";
import { memoryLog } from "../log/test-support/memory-log.js";
import { type RunningService, startService } from "../service/start-service.js";
import { ledgerDir } from "../test-support/ledger-dir.js";
import { payBeforeAnswers } from "../test-support/paying-client.js";
import { parsePrometheusText, type Sample, sampleSum } from "./test-support/prometheus-text.js";

/**
 * The metrics of settlement after the answer (pending settlements, their lag, the settler's
 * outcomes), and the operator's files in deploy/ checked against what the service exports.
 */
const LISTED = "0x098B716B8Aaf21512996dC57EB0615e2383E2f96";
const op = CATALOG.find((o) => o.method === "GET" && o.path.includes(":address"));
if (op === undefined) throw new Error("the catalog has no GET route on an address");
const route = op.path;
const ALERTS = new URL("../../../../deploy/prometheus/alerts.yml", import.meta.url).pathname;
const DASHBOARD = new URL("../../../../deploy/grafana/svc-api.json", import.meta.url).pathname;

let service: RunningService;
beforeAll(async () => {
  service = await startService(
    loadServiceConfig({
      PORT: "0",
      METRICS_PORT: "0",
      LOG_REQUESTS: "0",
      LEDGER_DIR: ledgerDir(),
      X402_SETTLEMENT: "after-response",
    }),
    { log: memoryLog([]) },
  );
}, 60_000);
afterAll(async () => {
  await service?.stop();
});

const scrapeText = async (): Promise<string> => {
  const answer = await fetch(service.metricsUrl as string);
  expect(answer.status).toBe(200);
  return answer.text();
};
const scrape = async (): Promise<Sample[]> => parsePrometheusText(await scrapeText());

describe("settlement after the answer in /metrics", () => {
  it("a call answered first counts as settled after-response, and once the settler settles it as settled after the answer with nothing left pending", async () => {
    const devnet = service.devnet;
    const deferred = service.deferred;
    if (devnet === undefined || deferred === undefined) throw new Error("devnet, after-response");
    const payer = devnet.payers[0] as { privateKey: `0x${string}` };
    // A payer who never paid is settled before its answer first.
    await payBeforeAnswers(service.url, payer.privateKey);
    await deferred.idle();
    const before = await scrape();
    const paid = await payingNetworkFetch(payer.privateKey)(
      `${service.url}${op.path.replace(":address", LISTED)}`,
    );
    expect(paid.status).toBe(200);
    expect(paid.headers.get("X-Payment-Status")).toBe("pending");
    await paid.arrayBuffer();
    await deferred.idle();
    const after = await scrape();
    const delta = (name: string, labels: Record<string, string> = {}) =>
      sampleSum(after, name, labels) - sampleSum(before, name, labels);
    expect(
      delta("svc_payments_settled_total", {
        route,
        network: devnet.network,
        timing: "after-response",
      }),
    ).toBe(1);
    expect(delta("svc_deferred_settled_total")).toBe(1);
    // Its lag, answer to settlement, observed once as the settler settled it.
    expect(delta("svc_settlement_lag_seconds_count")).toBe(1);
    const lag = delta("svc_settlement_lag_seconds_sum");
    expect(lag).toBeGreaterThan(0);
    expect(lag).toBeLessThan(60);
    expect(sampleSum(after, "svc_settlements_pending")).toBe(0);
    expect(sampleSum(after, "svc_settlement_oldest_pending_seconds")).toBe(0);
    expect(sampleSum(after, "svc_settlements_answering_first")).toBe(1);
  });
});

/** Metric names a PromQL text refers to (ours and Node's; Prometheus's own `up` aside). */
const metricNamesIn = (text: string): string[] =>
  [...text.matchAll(/\b((?:svc|process|nodejs)_[a-zA-Z0-9_]+)\b/g)].map((m) => m[1] as string);

/** Every series name the exposition can carry: each metric, and a histogram's series. */
const exportedNames = (exposition: string): Set<string> => {
  const names = new Set<string>();
  for (const [, name, type] of exposition.matchAll(/^# TYPE (\S+) (\S+)$/gm)) {
    names.add(name as string);
    if (type === "histogram" || type === "summary") {
      for (const suffix of ["_bucket", "_sum", "_count"]) names.add(`${name}${suffix}`);
    }
  }
  return names;
};

describe("deploy/: alert rules and the Grafana dashboard", () => {
  it("every metric the alert rules and the dashboard refer to is exported", async () => {
    const exported = exportedNames(await scrapeText());
    const dashboard = JSON.parse(readFileSync(DASHBOARD, "utf8")) as {
      panels: { targets: { expr: string }[] }[];
    };
    const exprs = dashboard.panels.flatMap((p) => p.targets.map((t) => t.expr));
    const referenced = new Set([
      ...metricNamesIn(readFileSync(ALERTS, "utf8")),
      ...exprs.flatMap(metricNamesIn),
    ]);
    expect(referenced.size).toBeGreaterThan(10);
    const missing = [...referenced].filter((name) => !exported.has(name));
    expect(missing).toEqual([]);
  });

  const promtool = spawnSync("promtool", ["--version"]).status === 0;
  it.skipIf(!promtool)(
    "promtool check rules accepts deploy/prometheus/alerts.yml (skipped where promtool, Debian's prometheus package, is not installed)",
    () => {
      const out = execFileSync("promtool", ["check", "rules", ALERTS], { encoding: "utf8" });
      expect(out).toMatch(/SUCCESS: \d+ rules found/);
    },
  );
  if (!promtool) {
    console.warn(
      "promtool not found: the alert rules are not checked here (apt-get install prometheus)",
    );
  }
});
