import { EMBEDDED_DCA_HISTORY } from "@svc/ofac-index";
import { loadSample } from "@svc/ofac-index/node";
import { renderDocument } from "@svc/renderers";
import { describe, expect, it } from "vitest";
import type { ComplianceDeps } from "../catalog/deps.js";
import { execute } from "../execution/execute.js";
import { reportPdfGenerate } from "../operations/documents/report-pdf-generate.js";
import { batchWalletScreen } from "../operations/screening/batch-wallet-screen.js";
import { eddReport } from "../operations/screening/edd-report.js";
import { ofacWalletScreen } from "../operations/screening/ofac-wallet-screen.js";
import { servedRecordOf } from "./screening-evidence.js";

const LISTED = "0x098B716B8Aaf21512996dC57EB0615e2383E2f96";
const CLEAR = "0x1111111111111111111111111111111111111111";

describe("the evidence of a paid run", () => {
  it("is what the run screened: the edition its answer used and the addresses as typed", async () => {
    const list = await loadSample(new Date("2026-01-01T00:00:00Z"));
    const deps: ComplianceDeps = {
      list,
      history: () => EMBEDDED_DCA_HISTORY,
      render: renderDocument,
    };
    const sha = list.freshness().datasetSha256;
    const single = await execute(ofacWalletScreen, { address: LISTED }, deps);
    expect(single).toMatchObject({
      ok: true,
      evidence: { datasetSha256: sha, addresses: [LISTED] },
    });
    const batch = await execute(batchWalletScreen, { addresses: [LISTED, CLEAR] }, deps);
    expect(batch.ok && batch.evidence).toEqual({ datasetSha256: sha, addresses: [LISTED, CLEAR] });
    // A document answer of the EDD memo carries no freshness itself: the evidence still does.
    const memo = await execute(
      eddReport,
      { subject_name: "Northwind OTC Ltd", addresses: [CLEAR], output_format: "pdf" },
      deps,
    );
    expect(memo.ok && memo.evidence).toEqual({ datasetSha256: sha, addresses: [CLEAR] });
    // A run that screens nothing has none; a refused request has no answer to carry it.
    const pdf = await execute(reportPdfGenerate, reportPdfGenerate.inputExample, deps);
    expect(pdf.ok && pdf.evidence).toBeUndefined();
    const refused = await execute(ofacWalletScreen, { address: "" }, deps);
    expect(refused.ok).toBe(false);
  });
});

describe("servedRecordOf", () => {
  it("names the list edition and the addresses as typed, as a payment's record keeps them", () => {
    const addresses = ["0xAbC", "bc1qexample"];
    expect(servedRecordOf({ datasetSha256: "ab".repeat(32), addresses })).toEqual({
      datasetSha256: "ab".repeat(32),
      query: addresses,
    });
  });

  it("is nothing when the run screened nothing", () => {
    expect(servedRecordOf(undefined)).toBeUndefined();
  });
});
