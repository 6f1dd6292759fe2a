import {
  batchWalletScreen,
  CATALOG,
  eddReport,
  exposureForecast,
  ofacWalletScreen,
  queueOptimize,
  reportDocxGenerate,
  reportPdfGenerate,
  walletSanctionsReport,
} from "@svc/compliance";
import { MAX_TIMEOUT_SECONDS, SETTLEMENT_MARGIN_SECONDS } from "@svc/payments";
import { describe, expect, it } from "vitest";
import { TOOLS } from "./catalog.js";
import { type AnyTool, priceOf } from "./tool.js";

const tool = (name: string): AnyTool => {
  const found = TOOLS.find((t) => t.name === name);
  if (found === undefined) throw new Error(`no tool ${name}`);
  return found;
};

describe("execution budgets", () => {
  it("every tool and every route leaves a stock client's authorization time to arrive: its budget plus the settlement margin is at most the advertised timeout less 15 s", () => {
    for (const item of [...TOOLS, ...CATALOG]) {
      expect(item.deadlineMs, item.name).toBeGreaterThan(0);
      expect(item.deadlineMs / 1000 + SETTLEMENT_MARGIN_SECONDS, item.name).toBeLessThanOrEqual(
        MAX_TIMEOUT_SECONDS - 15,
      );
    }
  });
});

describe("tool prices", () => {
  it("a tool that maps to an HTTP route charges the route's price", () => {
    expect(priceOf(tool("ofac_wallet_screen"), {})).toBe(ofacWalletScreen.price);
    expect(priceOf(tool("batch_wallet_screen"), {})).toBe(batchWalletScreen.price);
    expect(priceOf(tool("edd_report"), { output_format: "pdf" })).toBe(eddReport.price);
    expect(priceOf(tool("report_pdf_generate"), {})).toBe(reportPdfGenerate.price);
    expect(priceOf(tool("report_docx_generate"), {})).toBe(reportDocxGenerate.price);
    expect(priceOf(tool("exposure_forecast"), {})).toBe(exposureForecast.price);
    expect(priceOf(tool("queue_optimize"), {})).toBe(queueOptimize.price);
  });

  it("the deployed service's tool prices hold", () => {
    expect(
      Object.fromEntries(TOOLS.map((t) => [t.name, priceOf(t, { output_format: "json" })])),
    ).toEqual({
      server_capabilities: null,
      ofac_wallet_screen: "0.01",
      ofac_wallet_report: "0.04",
      batch_wallet_screen: "0.10",
      edd_report: "0.25",
      monte_carlo_report: "0.29",
      monte_carlo_decision_report: "0.09",
      report_pdf_generate: "0.05",
      report_docx_generate: "0.06",
      list_status: null,
      exposure_forecast: "0.09",
      queue_optimize: "0.15",
    });
  });

  it("ofac_wallet_report costs screening plus the document: the single-address report, plus the PDF or DOCX route", () => {
    const report = tool("ofac_wallet_report");
    expect(priceOf(report, { output_format: "json" })).toBe(walletSanctionsReport.price);
    expect(priceOf(report, { output_format: "pdf" })).toBe("0.09");
    expect(priceOf(report, { output_format: "docx" })).toBe("0.10");
  });

  it("every paid price lies within 0.01 to 0.25 USDC, except the Monte Carlo report at 0.29", () => {
    for (const t of TOOLS) {
      for (const format of ["json", "pdf", "docx"]) {
        const price = priceOf(t, { output_format: format });
        if (price === null || t.name === "monte_carlo_report") continue;
        expect(Number(price), `${t.name} ${format}`).toBeGreaterThanOrEqual(0.01);
        expect(Number(price), `${t.name} ${format}`).toBeLessThanOrEqual(0.25);
      }
    }
  });
});
