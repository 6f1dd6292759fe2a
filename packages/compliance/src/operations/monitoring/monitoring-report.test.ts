import { attestationFingerprint } from "@svc/attestations";
import { assertSizeWithinLimits, type DocumentType } from "@svc/renderers/pool";
import { parseReport, type Report, type ReportTable } from "@svc/report-model";
import { beforeAll, describe, expect, it } from "vitest";
import { MONITORING_REPORT_ROWS, monitoringReport } from "./monitoring-report.js";
import { monitoringEvents } from "./monitoring-report-input.js";
import {
  BASE_URL,
  LABEL,
  largestMonitor,
  MONITOR_ID,
  NEVER_LISTED,
  type RealMonitor,
  realMonitor,
} from "./test-support/monitoring-report-fixture.js";

let real: RealMonitor;

beforeAll(async () => {
  real = await realMonitor();
});

const parsed = (format: DocumentType = "pdf", input = real.input): Report =>
  parseReport(monitoringReport(input, { format }), { accept: ["A"] });

function table(report: Report, key: string): ReportTable {
  const found = [...report.tables, ...report.workbook].find((t) => t.key === key);
  if (found === undefined) throw new Error(`no table ${key}`);
  return found;
}

/** A table's rows as records by column key. */
const records = (t: ReportTable): Record<string, unknown>[] =>
  t.rows.map((row) => Object.fromEntries(t.columns.map((c, i) => [c, row[i]])));

const metricValue = (report: Report, label: string): unknown =>
  report.metrics.find((m) => m.label === label)?.value;

describe("monitoringReport on OFAC's real 2025-03-04 → 2025-03-21 change", () => {
  it("counts the addresses, the listed ones, the events by type and the failed deliveries", () => {
    const report = parsed();
    expect(metricValue(report, "Addresses")).toBe(8);
    // Semenov (still listed under DPRK3) and the XBT address listed on both editions.
    expect(metricValue(report, "Listed now")).toBe(2);
    expect(metricValue(report, "Match cleared")).toBe(5);
    expect(metricValue(report, "Match changed")).toBe(1);
    expect(metricValue(report, "Match created")).toBe(0);
    expect(metricValue(report, "Monitor screened")).toBe(1);
    expect(metricValue(report, "Delivery failures")).toBe(1);
    expect(report.summary.join(" ")).toContain("2025-03-21");
    expect(report.meta.subtitle).toContain(LABEL);
  });

  it("lists the current state with the listed addresses first, each with its parties and the edition last told", () => {
    const rows = records(table(parsed(), "current_state"));
    expect(rows.map((r) => r.state)).toEqual([
      "Listed",
      "Listed",
      ...Array.from({ length: 6 }, () => "Not listed"),
    ]);
    const semenov = rows.find((r) => r.address === real.semenov);
    expect(semenov).toMatchObject({
      parties: "Semenov Roman (DPRK3)",
      told_on_edition: "2025-03-21",
    });
    const still = rows.find((r) => r.address === real.stillListed);
    expect(still?.told_on_edition).toBe("2025-03-04");
    for (const address of real.tornado) {
      expect(rows.find((r) => r.address === address)).toMatchObject({
        state: "Not listed",
        told_on_edition: "2025-03-21",
      });
    }
    expect(rows.find((r) => r.address === NEVER_LISTED)?.told_on_edition).toBe("2025-03-04");
  });

  it("lists the events newest first with both editions, the parties before and after, the delivery and each attestation's fingerprint", () => {
    const rows = records(table(parsed(), "events"));
    expect(rows).toHaveLength(7);
    expect(rows.at(-1)).toMatchObject({
      type: "Monitor screened",
      address: "",
      after: "2025-03-04: 8 addresses screened, 7 listed",
    });
    const cleared = rows.filter((r) => r.type === "Match cleared");
    expect(cleared.map((r) => r.address).sort()).toEqual([...real.tornado].sort());
    for (const row of cleared) {
      expect(row.before).toMatch(/^2025-03-04: TORNADO CASH \(/);
      expect(row.after).toBe("2025-03-21: Not listed");
    }
    expect(rows.find((r) => r.type === "Match changed")).toMatchObject({
      address: real.semenov,
      before: "2025-03-04: Semenov Roman (CYBER2, DPRK3)",
      after: "2025-03-21: Semenov Roman (DPRK3)",
    });
    // A spreadsheet keeps the editions in their own column.
    const sheet = records(table(parsed("xlsx"), "events"));
    expect(sheet.find((r) => r.type === "Match changed")).toMatchObject({
      editions: "2025-03-04 → 2025-03-21",
      before: "Semenov Roman (CYBER2, DPRK3)",
      after: "Semenov Roman (DPRK3)",
    });
    expect(rows.map((r) => r.delivery)).toContain("failed (10 attempts; last HTTP 500)");
    expect(rows.map((r) => r.delivery)).toContain("pending (3 attempts; last timeout)");
    // A page prints a fingerprint's first 16 characters; the spreadsheet prints it whole.
    const prints = real.attestations.map(attestationFingerprint);
    for (const row of rows) {
      expect(prints.map((p) => `${p.slice(0, 16)}…`)).toContain(row.fingerprint);
    }
    const whole = records(table(parsed("xlsx"), "events")).map((r) => r.fingerprint);
    expect([...whole].sort()).toEqual([...prints].sort());
  });

  it("lists every attestation's whole fingerprint in the appendix, with the key set and lookup URLs", () => {
    const report = parsed();
    const prints = records(table(report, "attestation_fingerprints")).map((r) => r.fingerprint);
    expect([...prints].sort()).toEqual(real.attestations.map(attestationFingerprint).sort());
    const verification = records(table(report, "attestation_verification"));
    expect(verification).toContainEqual({
      field: "Key set (JWK Set)",
      value: `${BASE_URL}/.well-known/jwks.json`,
    });
    expect(verification).toContainEqual({
      field: "Lookup URL of a fingerprint",
      value: `${BASE_URL}/api/attestations/{fingerprint}`,
    });
    const lookups = records(table(parsed("xlsx"), "attestation_fingerprints"));
    for (const r of lookups) {
      expect(r.lookup_url).toBe(`${BASE_URL}/api/attestations/${r.fingerprint}`);
    }
  });

  it("prints the webhook's host and nothing else of its URL", () => {
    const json = JSON.stringify(monitoringReport(real.input));
    expect(json).toContain("hooks.example.com");
    expect(json).not.toContain("tok_9f8e7d");
    expect(json).not.toContain("s3cr3t-query");
    expect(records(table(parsed(), "deliveries"))).toContainEqual({
      field: "Webhook host",
      value: "hooks.example.com",
    });
  });

  it("states the methodology: what is re-screened when, what an event proves, what a clear means", () => {
    const topics = records(table(parsed(), "methodology")).map((r) => r.topic);
    expect(topics).toEqual(
      expect.arrayContaining([
        "What is re-screened, and when",
        "What an event proves",
        "Match cleared",
      ]),
    );
  });
});

describe("monitoringReport of the largest monitor (10,000 addresses, 12,000 events)", () => {
  /** Rows and cells as the renderers count them (tables, workbook sheets). */
  const size = (report: Report) => {
    const tables = [...report.tables, ...report.workbook];
    return {
      rows: tables.reduce((n, t) => n + t.rows.length, 0),
      cells: tables.reduce((n, t) => n + t.rows.length * Math.max(1, t.columns.length), 0),
    };
  };

  it("stays within every format's render limits", () => {
    const input = largestMonitor(real);
    for (const format of ["pdf", "docx", "xlsx"] as const) {
      expect(() => assertSizeWithinLimits(size(parsed(format, input)), format)).not.toThrow();
    }
  });

  it("in a PDF or DOCX: the listed addresses first and the newest events, saying how many more the XLSX and the API hold", () => {
    const input = largestMonitor(real);
    for (const format of ["pdf", "docx"] as const) {
      const report = parsed(format, input);
      const state = records(table(report, "current_state"));
      expect(state).toHaveLength(MONITORING_REPORT_ROWS[format].addresses);
      expect(state.slice(0, 2).map((r) => r.state)).toEqual(["Listed", "Listed"]);
      expect(records(table(report, "current_state_continued"))[0]?.not_shown).toMatch(
        new RegExp(`^9,000 more addresses not shown .*XLSX.*GET /api/monitors/${MONITOR_ID}`),
      );
      const events = records(table(report, "events"));
      expect(events).toHaveLength(MONITORING_REPORT_ROWS[format].events);
      expect(events[0]?.at).toBe(
        new Date(Date.UTC(2025, 2, 21, 18, 0, 0) + 11_999_000).toISOString(),
      );
      expect(records(table(report, "events_continued"))[0]?.not_shown).toMatch(
        /^11,500 older events not shown \(of 12,000\)/,
      );
    }
  });

  it("in an XLSX: every address and every event", () => {
    const report = parsed("xlsx", largestMonitor(real));
    expect(table(report, "current_state").rows).toHaveLength(10_000);
    expect(table(report, "events").rows).toHaveLength(12_000);
    expect(report.tables.map((t) => t.key)).not.toContain("current_state_continued");
    expect(report.tables.map((t) => t.key)).not.toContain("events_continued");
  });

  it("says the events the caller left out when it passes a page of them (eventCount)", () => {
    const input = { ...real.input, eventCount: 40 };
    expect(records(table(parsed("xlsx", input), "events_continued"))[0]?.not_shown).toMatch(
      /^33 older events not shown \(of 40\)/,
    );
  });
});

describe("monitoringEvents", () => {
  it("reads the service's message bodies, takes each delivery by message id, and leaves out what is no event", () => {
    const events = monitoringEvents(
      [
        { id: "a", createdAt: new Date(0), body: "not json" },
        {
          id: "b",
          createdAt: new Date(0),
          body: JSON.stringify({ type: "other.thing", data: {} }),
        },
        {
          id: "c",
          createdAt: new Date(0),
          body: JSON.stringify({
            type: "monitor.renewed",
            timestamp: "1970-01-01T00:00:00.000Z",
            data: { addressCount: 3, matchCount: 1, attestations: ["x.y.z"] },
          }),
        },
      ],
      [{ id: "c", status: "delivered", attempted: 2, lastStatus: 204, lastError: null }],
    );
    expect(events).toEqual([
      expect.objectContaining({
        id: "c",
        type: "monitor.renewed",
        address: null,
        screened: { addressCount: 3, matchCount: 1 },
        attestations: ["x.y.z"],
        delivery: { status: "delivered", attempted: 2, lastStatus: 204, lastError: null },
      }),
    ]);
  });
});
