import { describe, expect, it } from "vitest";
import { SAMPLE_SOURCE_WORDS, sourceDescription } from "./source-description.js";

describe("a list's source as a reader is shown it", () => {
  it("OFAC's URL as it is", () => {
    const url = "https://sanctionslistservice.ofac.treas.gov/api/download/sdn_advanced.xml";
    expect(sourceDescription({ sourceUrl: url, sample: false })).toBe(url);
  });

  it("a local file by its name alone, never the server's path", () => {
    const local = "file:///srv/data/ofac/xml/sdn_advanced_2025-11-19_3ed6690688.xml.gz";
    expect(sourceDescription({ sourceUrl: local, sample: false })).toBe(
      "Local file sdn_advanced_2025-11-19_3ed6690688.xml.gz",
    );
    expect(sourceDescription({ sourceUrl: "/srv/data/edition%201.xml", sample: false })).toBe(
      "Local file edition 1.xml",
    );
  });

  it("the embedded sample as the sample, whatever its location says", () => {
    expect(sourceDescription({ sourceUrl: "embedded:sample", sample: true })).toBe(
      SAMPLE_SOURCE_WORDS,
    );
    expect(sourceDescription({ sourceUrl: "file:///app/sample.xml", sample: true })).toBe(
      SAMPLE_SOURCE_WORDS,
    );
  });

  it("standard input in words; anything else as it is", () => {
    expect(sourceDescription({ sourceUrl: "stdin:", sample: false })).toBe("Standard input");
    expect(sourceDescription({ sourceUrl: "s3://bucket/sdn.xml", sample: false })).toBe(
      "s3://bucket/sdn.xml",
    );
  });
});
