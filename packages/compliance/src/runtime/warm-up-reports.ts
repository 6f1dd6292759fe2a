import { loadSample } from "@svc/ofac-index/node";
import { parseReport, type Report } from "@svc/report-model";
import type { ComplianceDeps } from "../catalog/deps.js";
import { eddReport } from "../operations/screening/edd-report.js";
import { CLEAR_ETH, LAZARUS_ETH } from "../operations/screening/sample-addresses.js";

/** Ten wallets, the listed one three times: a memo with matches, evidence and clear rows. */
const WARM_UP_ADDRESSES = Array.from({ length: 10 }, (_, i) =>
  i % 4 === 0 ? LAZARUS_ETH : i === 1 ? CLEAR_ETH : `0x${String(i).repeat(40)}`,
);

/**
 * What the render workers warm up on besides their own small report: an EDD memo exactly as the
 * service writes one (its wording, its tables, its appendix), screened against the embedded
 * sample edition, so the first memo a process renders finds its code compiled and its text
 * already shaped. Never a real answer: it renders on the workers only, and nothing is kept.
 */
export async function warmUpReports(): Promise<readonly Report[]> {
  const deps: ComplianceDeps = {
    list: await loadSample(),
    history: () => {
      throw new Error("the warm-up memo reads no history");
    },
    render: () => Promise.reject(new Error("the warm-up memo is rendered by the pool")),
  };
  const memo = await eddReport.run(
    { ...eddReport.inputExample, addresses: WARM_UP_ADDRESSES, output_format: "json" },
    deps,
  );
  return "report" in memo ? [parseReport(memo.report, { accept: ["A"] })] : [];
}
