import {
  attestationClaims,
  attestationFingerprint,
  generateSigningKey,
  type SigningKey,
  signAttestation,
} from "@svc/attestations";
import { beforeAll, expect, it } from "vitest";
import type { Sql } from "../sql/sql.js";
import { AttestationArchive } from "./attestation-archive.js";

const DAY_MS = 86_400_000;

/** A real attestation issued at `issuedAt`, over one clear address. */
async function attestationAt(key: SigningKey, issuedAt: Date, address = "0xabc") {
  return signAttestation(
    attestationClaims({
      baseUrl: "https://screening.example.com",
      issuedAt,
      screening: {
        query: { address, normalizedAddress: address.toLowerCase(), asset: null },
        summary: { status: "clear" },
        matches: [],
        sourceFreshness: {
          datasetSha256: "36c517bd264d8d97eff353eadd8d84427d5eb293505a8ce07271a5bc258c3117",
          datasetDate: "2025-11-19",
          sourceUrl: "https://sanctionslistservice.ofac.treas.gov/",
          sample: false,
        },
      } as never,
      payment: { transactionHash: `0x${"ab".repeat(32)}` },
    }),
    key,
  );
}

/** What the archive does on either database: `sql` is migrated and empty. */
export function attestationArchiveContract(sql: () => Sql): void {
  let key: SigningKey;
  beforeAll(async () => {
    key = await generateSigningKey();
  });

  it("keeps an attestation by its fingerprint, once, and answers nothing else", async () => {
    const archive = new AttestationArchive(sql());
    const issued = new Date();
    const jws = await attestationAt(key, issued);
    const fingerprint = await archive.archive(jws);
    expect(fingerprint).toBe(attestationFingerprint(jws));
    expect(await archive.archive(jws)).toBe(fingerprint);
    const found = await archive.find(fingerprint);
    expect(found?.jws).toBe(jws);
    expect(found?.issuedAt.toISOString()).toBe(issued.toISOString());
    expect(await archive.find("0".repeat(64))).toBeUndefined();
    expect(await archive.find(fingerprint.toUpperCase())).toBeUndefined();
    expect(await archive.find("not a fingerprint")).toBeUndefined();
  });

  it("retention: past it an attestation is not answered, and prune deletes it and no other", async () => {
    let now = new Date();
    const archive = new AttestationArchive(sql(), { retentionDays: 30, now: () => now });
    const old = await attestationAt(key, new Date(now.getTime() - 31 * DAY_MS), "0xold");
    const recent = await attestationAt(key, new Date(now.getTime() - 29 * DAY_MS), "0xrecent");
    const [oldFp, recentFp] = [await archive.archive(old), await archive.archive(recent)];
    expect(await archive.find(oldFp)).toBeUndefined();
    expect((await archive.find(recentFp))?.jws).toBe(recent);
    const before = await archive.size();
    expect(await archive.prune()).toBe(1);
    expect((await archive.size()).count).toBe(before.count - 1);
    expect(await archive.prune()).toBe(0);
    // Two days on, the recent one is past the period too.
    now = new Date(now.getTime() + 2 * DAY_MS);
    expect(await archive.find(recentFp)).toBeUndefined();
    expect(await archive.prune()).toBe(1);
  });

  it("refuses a retention that is no whole number of days, and a JWS that is no attestation", async () => {
    expect(() => new AttestationArchive(sql(), { retentionDays: 0 })).toThrow(RangeError);
    expect(() => new AttestationArchive(sql(), { retentionDays: 1.5 })).toThrow(RangeError);
    await expect(new AttestationArchive(sql()).archive("a.b.c")).rejects.toThrow();
  });
}
