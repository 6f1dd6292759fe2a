import { parseReport, type ReportModelInput } from "@svc/report-model";
import * as v from "valibot";
import { beforeAll, describe, expect, it } from "vitest";
import type { ComplianceDeps } from "../../catalog/deps.js";
import {
  EDD_ADDRESSES,
  paidSigning,
  realEditionDeps,
  TWENTY_ADDRESSES,
} from "../../test-support/document-set.mjs";
import { batchWalletScreen } from "../screening/batch-wallet-screen.js";
import { walletSanctionsReport } from "../screening/wallet-sanctions-report.js";
import { provenanceInputsOf, withCallerProvenance } from "./caller-provenance.js";

/**
 * Every paid screening report, sent back to a document route as the service made it, is vouched
 * for: its attestation's claims match its tables. The batch report names matched parties but no
 * SDN entry ids (it has no table of designations), which states nothing the attestation could
 * contradict; a report that has such a table must name every attested entry.
 */

let deps: ComplianceDeps;
let attest: Awaited<ReturnType<typeof paidSigning>>["attest"];

beforeAll(async () => {
  const signing = await paidSigning();
  attest = signing.attest;
  deps = { ...(await realEditionDeps()), attestationKeys: signing.attestationKeys };
});

const provenanceOf = async (model: ReportModelInput) =>
  (await withCallerProvenance(parseReport(model, { accept: ["A"] }), provenanceInputsOf(deps))).meta
    .provenance;

describe("a paid screening report, unedited, is verified against its attestation", () => {
  it("the batch screen of twenty wallets (sixteen listed), which has no table of designations", async () => {
    const answer = await batchWalletScreen.run(
      v.parse(batchWalletScreen.input, { addresses: TWENTY_ADDRESSES }),
      deps,
      { attest },
    );
    expect(await provenanceOf(answer.report)).toMatchObject({ kind: "verified" });
  });

  it("the wallet report of each listed address of the EDD set", async () => {
    for (const address of EDD_ADDRESSES.slice(0, 8)) {
      const answer = await walletSanctionsReport.run(
        v.parse(walletSanctionsReport.input, { address }),
        deps,
        { attest },
      );
      expect(await provenanceOf(answer.report), address).toMatchObject({ kind: "verified" });
    }
  });

  it("a wallet report whose designations table was emptied names the attested entries missing", async () => {
    const answer = await walletSanctionsReport.run(
      v.parse(walletSanctionsReport.input, { address: EDD_ADDRESSES[0] }),
      deps,
      { attest },
    );
    const tables = answer.report.tables ?? {};
    const matches = tables.wallet_screening_matches as { columns?: string[] };
    const emptied = {
      ...answer.report,
      tables: { ...tables, wallet_screening_matches: { columns: matches.columns ?? [], rows: [] } },
    };
    const provenance = await provenanceOf(emptied);
    expect(provenance?.kind).toBe("mismatch");
    expect(provenance?.kind === "mismatch" ? provenance.differences : []).toContain(
      "SDN entry 27307: attested, not in the report",
    );
  });
});
