import { parseReport } from "@svc/report-model";
import { describe, expect, it } from "vitest";
import { CALLER_AUTHOR_LABEL, CALLER_CONTENT_NOTICE, provenanceText } from "./provenance-text.js";

const meta = parseReport({ report_meta: { title: "T", author: "Desk" } }).meta;
const FINGERPRINT = "36c517bd264d8d97eff353eadd8d84427d5eb293505a8ce07271a5bc258c3117";
const screening = {
  at: "2026-11-28T03:35:23.412Z",
  editionDate: "2025-11-19",
  editionSha256: FINGERPRINT,
};

describe("provenanceText", () => {
  it("says nothing for a library call (no provenance): the content is the caller's own", () => {
    expect(provenanceText(meta)).toEqual({
      everyPage: null,
      alert: null,
      when: null,
      authorLabel: "Prepared by",
    });
  });

  it("names the verified attestation by its grouped fingerprint, and the screening instant in UTC", () => {
    const text = provenanceText({
      ...meta,
      provenance: { kind: "verified", fingerprint: FINGERPRINT, kid: "k1", screening },
    });
    expect(text.everyPage).toBe(
      "Screening results verified against attestation 36c5 17bd 264d 8d97 eff3 53ea dd8d 8442 7d5e b293 505a 8ce0 7271 a5bc 258c 3117",
    );
    expect(text.when).toBe(
      "Screened 2026-11-28 03:35:23 UTC · OFAC SDN list edition of 2025-11-19 (published 2025-11-19; SHA-256 of its XML 36c517bd264d8d97…)",
    );
  });

  it("puts the caller notice on every page and never 'Prepared by' on a caller's content", () => {
    const text = provenanceText({ ...meta, provenance: { kind: "caller" } });
    expect(text.everyPage).toBe(CALLER_CONTENT_NOTICE);
    expect(text.authorLabel).toBe(CALLER_AUTHOR_LABEL);
    expect(text.when).toBeNull();
  });

  it("names a mismatching attestation and what differs, counting what it does not list", () => {
    const differences = Array.from({ length: 8 }, (_, i) => `difference ${i + 1}`);
    const text = provenanceText({
      ...meta,
      provenance: { kind: "mismatch", fingerprint: FINGERPRINT, differences },
    });
    expect(text.everyPage).toBe(CALLER_CONTENT_NOTICE);
    expect(text.alert).toMatch(
      /^The attached attestation 36c5 17bd .* does not match these results: difference 1; .*difference 6; and 2 more\.$/,
    );
  });
});
