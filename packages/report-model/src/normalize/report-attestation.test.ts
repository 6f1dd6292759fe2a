import { createHash } from "node:crypto";
import { attestationClaims, generateSigningKey, signAttestation } from "@svc/attestations";
import { beforeAll, describe, expect, it } from "vitest";
import { ReportModelError } from "../errors/report-model-error.js";
import { parseReport } from "./parse-report.js";

const EDITION = "36c517bd264d8d97eff353eadd8d84427d5eb293505a8ce07271a5bc258c3117";
let jws: string;
let kid: string;

beforeAll(async () => {
  const key = await generateSigningKey();
  kid = key.kid;
  jws = await signAttestation(
    attestationClaims({
      baseUrl: "https://screening.example.com/",
      issuedAt: new Date("2026-11-23T09:00:00.000Z"),
      screening: {
        query: { address: "0xabc", normalizedAddress: "0xabc", asset: null },
        summary: { status: "clear" },
        matches: [],
        sourceFreshness: {
          datasetSha256: EDITION,
          datasetDate: "2025-11-19",
          sourceUrl: "https://sanctionslistservice.ofac.treas.gov/",
          sample: false,
        },
      } as never,
      payment: { transactionHash: `0x${"ab".repeat(32)}` },
    }),
    key,
  );
});

function refusal(input: unknown): ReportModelError {
  try {
    parseReport(input);
  } catch (error) {
    if (error instanceof ReportModelError) return error;
    throw error;
  }
  throw new Error("not refused");
}

describe("a report's attestation", () => {
  it("is read from the JWS: fingerprint, kid, instant, edition and lookup URL", () => {
    const report = parseReport({ report_meta: { title: "Screening" }, attestation: jws });
    const fingerprint = createHash("sha256").update(jws).digest("hex");
    expect(report.attestation).toEqual({
      jws,
      fingerprint,
      kid,
      issuedAt: "2026-11-23T09:00:00.000Z",
      edition: { date: "2025-11-19", sha256: EDITION, sample: false },
      baseUrl: "https://screening.example.com/",
      lookupUrl: `https://screening.example.com/api/attestations/${fingerprint}`,
    });
  });

  it("is null without one, and for the legacy payload", () => {
    expect(parseReport({ report_meta: { title: "Screening" } }).attestation).toBeNull();
    expect(parseReport({ title: "Legacy" }).attestation).toBeNull();
  });

  it("refuses what is no screening attestation, naming the member", () => {
    const notJws = refusal({ report_meta: { title: "S" }, attestation: "not a jws" });
    expect(notJws.code).toBe("INVALID_REPORT");
    expect(notJws.issues[0]?.path).toBe("attestation");
    expect(notJws.issues[0]?.message).toMatch(/compact JWS/);
    const [header] = jws.split(".");
    const claims = Buffer.from(JSON.stringify({ version: 1 })).toString("base64url");
    const badClaims = refusal({
      report_meta: { title: "S" },
      attestation: `${header}.${claims}.AAAA`,
    });
    expect(badClaims.issues[0]?.path).toBe("attestation");
    expect(badClaims.issues[0]?.message).toMatch(
      /^attestation must be a screening attestation; bad_claims/,
    );
  });
});
