import { generateSigningKey, publicJwks } from "@svc/attestations";
import { parseReport } from "@svc/report-model";
import * as v from "valibot";
import { describe, expect, it } from "vitest";
import { attesterFor } from "../../attestation/attest.js";
import { LISTED, realEditionDeps } from "../../test-support/document-set.mjs";
import { walletSanctionsReport } from "../screening/wallet-sanctions-report.js";
import { attestedListWarning } from "./attested-list-warning.js";
import { provenanceInputsOf, withCallerProvenance } from "./caller-provenance.js";

/**
 * A stale-list answer whose warning the caller dropped: the real edition, served by a list that
 * was last confirmed current 50 hours before the screening (limit 48), as the service's loader
 * reports it. The warning comes back from the service's own list state, whatever the caller sent.
 */
describe("attestedListWarning", () => {
  const HOUR = 3_600_000;
  const screenedAt = new Date("2026-11-28T12:00:00Z");

  async function staleAnswer() {
    const real = await realEditionDeps();
    const freshness = real.list.freshness();
    const served = {
      ...freshness,
      lastSuccessfulCheckAt: new Date(screenedAt.getTime() - 50 * HOUR).toISOString(),
      staleAfterHours: 48,
    };
    // The real index, its freshness as a loader that confirmed it 50 hours ago reports it.
    const list = Object.assign(Object.create(real.list), { freshness: () => served });
    const key = await generateSigningKey();
    const deps = { ...real, list, attestationKeys: publicJwks([key]) };
    const attest = attesterFor({
      key,
      baseUrl: "https://screening.example.com",
      payment: { transactionHash: `0x${"ab".repeat(32)}` },
      now: () => screenedAt,
    });
    const answer = await walletSanctionsReport.run(
      v.parse(walletSanctionsReport.input, { address: LISTED.ETH_LAZARUS }),
      deps,
      {
        attest,
      },
    );
    return { answer, deps, served };
  }

  it("says the list was stale when the screening came more than the limit after the last check", async () => {
    const { answer, deps, served } = await staleAnswer();
    const { list_warning: _dropped, ...meta } = answer.report.report_meta;
    const report = parseReport({ ...answer.report, report_meta: meta }, { accept: ["A"] });
    expect(report.meta.listWarning).toBeNull();
    const marked = await withCallerProvenance(report, provenanceInputsOf(deps));
    expect(marked.meta.provenance?.kind).toBe("verified");
    expect(marked.meta.listWarning).toBe(
      "STALE LIST: edition of 2025-11-19, not confirmed current for 50 hours; recent designations may be missing.",
    );
    // Within the limit, or confirmed since the screening, there is nothing to say.
    const claims = JSON.parse(
      Buffer.from((answer.attestation ?? "").split(".")[1] ?? "", "base64url").toString(),
    );
    expect(attestedListWarning(claims, { ...served, staleAfterHours: 72 })).toBeUndefined();
    expect(
      attestedListWarning(claims, { ...served, lastSuccessfulCheckAt: "2026-11-28T13:00:00Z" }),
    ).toBeUndefined();
  });

  it("keeps a warning the caller adds, after the service's own, as the caller's", async () => {
    const { answer, deps } = await staleAnswer();
    const report = parseReport(
      { ...answer.report, report_meta: { ...answer.report.report_meta, list_warning: "Check" } },
      { accept: ["A"] },
    );
    const marked = await withCallerProvenance(report, provenanceInputsOf(deps));
    expect(marked.meta.listWarning).toMatch(/^STALE LIST: .* Added by the caller: Check$/);
  });
});
