import { generateSigningKey, publicJwks } from "@svc/attestations";
import { parseReport, type ReportModelInput, type SignOffInput } from "@svc/report-model";
import * as v from "valibot";
import { beforeAll, describe, expect, it } from "vitest";
import { attesterFor } from "../../attestation/attest.js";
import type { ComplianceDeps } from "../../catalog/deps.js";
import { CLEAR, LISTED, NEAR, realEditionDeps } from "../../test-support/document-set.mjs";
import { type EddDocumentAnswer, eddReport } from "../screening/edd-report.js";
import { provenanceInputsOf, withCallerProvenance } from "./caller-provenance.js";

/**
 * A caller's EDD memo sent back to a document route with its attestation: the sign-off form is
 * checked against the attestation like the tables, so a form that leaves out an attested match,
 * calls it a near match, or adds a wallet the attestation does not hold is not vouched for.
 */

const LAZARUS = LISTED.ETH_LAZARUS as string;
const ADDRESSES = [LAZARUS, NEAR.ETH_LAZARUS as string, CLEAR.XBT as string];

let deps: ComplianceDeps;
let model: ReportModelInput;

beforeAll(async () => {
  const key = await generateSigningKey();
  deps = { ...(await realEditionDeps()), attestationKeys: publicJwks([key]) };
  const attest = attesterFor({
    key,
    baseUrl: "https://screening.example.com",
    payment: { transactionHash: `0x${"ab".repeat(32)}` },
  });
  const answer = (await eddReport.run(
    v.parse(eddReport.input, {
      subject_name: "Sign-off Ltd",
      addresses: ADDRESSES,
      output_format: "pdf",
    }),
    deps,
    { attest },
  )) as EddDocumentAnswer;
  model = answer.report;
});

/** What the service vouches for in `model` with its sign-off replaced by `edit` of it. */
async function provenanceWith(edit: (s: SignOffInput) => SignOffInput) {
  const signOff = model.sign_off as SignOffInput;
  const report = parseReport({ ...model, sign_off: edit(signOff) }, { accept: ["A"] });
  return (await withCallerProvenance(report, provenanceInputsOf(deps))).meta.provenance;
}

describe("a caller's sign-off checked against the attestation", () => {
  it("the memo as the service made it is verified: a row for the match and one for the near match", async () => {
    const signOff = model.sign_off as SignOffInput;
    expect(signOff.dispositions.map((d) => [d.position, d.finding])).toEqual([
      [1, "match"],
      [2, "near_match"],
    ]);
    expect((await provenanceWith((s) => s))?.kind).toBe("verified");
  });

  it("a form without the attested match's row is a mismatch that says so", async () => {
    const provenance = await provenanceWith((s) => ({
      ...s,
      dispositions: s.dispositions.filter((d) => d.finding !== "match"),
    }));
    expect(provenance).toMatchObject({
      kind: "mismatch",
      differences: [`${LAZARUS}: attested match, no disposition row in the sign-off`],
    });
  });

  it("a form calling the match a near match, or the near match a match, is a mismatch", async () => {
    const swapped = await provenanceWith((s) => ({
      ...s,
      dispositions: s.dispositions.map((d) => ({
        ...d,
        finding: d.finding === "match" ? ("near_match" as const) : ("match" as const),
      })),
    }));
    expect(swapped?.kind).toBe("mismatch");
    const differences = swapped?.kind === "mismatch" ? swapped.differences : [];
    expect(differences).toContain(
      `${LAZARUS}: the sign-off says near match, the attestation says match`,
    );
    expect(differences).toContain(
      `${NEAR.ETH_LAZARUS}: the sign-off says match, the attestation says clear`,
    );
  });

  it("a form with a wallet the attestation does not hold is a mismatch", async () => {
    const other = CLEAR.ETH as string;
    const provenance = await provenanceWith((s) => ({
      ...s,
      dispositions: [...s.dispositions, { address: other, finding: "near_match", options: ["x"] }],
    }));
    expect(provenance).toMatchObject({
      kind: "mismatch",
      differences: [`${other}: in the sign-off, not in the attestation`],
    });
  });
});
