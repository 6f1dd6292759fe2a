import { readFileSync } from "node:fs";
import { gzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { SAMPLE_XML_PATH } from "../sample/sample-edition.js";
import { parseEdition } from "./parse-edition.js";

const SAMPLE = readFileSync(SAMPLE_XML_PATH);
const text = SAMPLE.toString("utf8");
const NEW_NS =
  "https://sanctionslistservice.ofac.treas.gov/api/PublicationPreview/exports/ADVANCED_XML";
const OLD_NS = "http://www.un.org/sanctions/1.0";
const modes = ["fast", "full"] as const;

function* chunked(bytes: Uint8Array, size: number): Generator<Uint8Array> {
  for (let i = 0; i < bytes.length; i += size) yield bytes.subarray(i, i + size);
}

const codeOf = (promise: Promise<unknown>) =>
  promise.then(
    () => "resolved",
    (err: { code?: string }) => err.code ?? String(err),
  );

describe("parseEdition input forms", () => {
  it("reads gzip input, recognized by its magic bytes", async () => {
    const [plain, gz] = await Promise.all([parseEdition(SAMPLE), parseEdition(gzipSync(SAMPLE))]);
    expect(gz).toEqual(plain);
  });

  it.each([13, 997, 65_536])(
    "gives the same edition whatever the chunk boundaries (%i-byte chunks)",
    async (size) => {
      const whole = await parseEdition(SAMPLE);
      expect(await parseEdition(chunked(SAMPLE, size))).toEqual(whole);
    },
  );

  it("reads a web ReadableStream", async () => {
    const stream = new Blob([SAMPLE]).stream();
    expect((await parseEdition(stream)).designations).toHaveLength(91);
  });

  it("skips a UTF-8 byte-order mark", async () => {
    const withBom = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), SAMPLE]);
    expect(await parseEdition(withBom)).toMatchObject({ designations: expect.any(Array) });
  });
});

describe.each(modes)("parseEdition (%s mode) accepts both namespaces OFAC used", (mode) => {
  it("parses the pre-2024 namespace to the same designations", async () => {
    const old = Buffer.from(text.replace(`xmlns="${NEW_NS}"`, `xmlns="${OLD_NS}"`));
    const [a, b] = await Promise.all([parseEdition(SAMPLE, { mode }), parseEdition(old, { mode })]);
    expect(b.meta.namespace).toBe(OLD_NS);
    expect(b.designations).toEqual(a.designations);
  });

  it("parses a document whose elements carry a namespace prefix", async () => {
    const prefixed = Buffer.from(
      text
        .replace(/<(\/?)([A-Za-z])/g, "<$1s:$2")
        .replace(`xmlns="${NEW_NS}"`, `xmlns:s="${NEW_NS}"`),
    );
    const [a, b] = await Promise.all([
      parseEdition(SAMPLE, { mode }),
      parseEdition(prefixed, { mode }),
    ]);
    expect(b.designations).toEqual(a.designations);
    expect(b.sdnParties).toEqual(a.sdnParties);
  });

  it("records every SDN List party, with or without addresses, as both modes read it", async () => {
    const [edition, full] = await Promise.all([
      parseEdition(SAMPLE, { mode }),
      parseEdition(SAMPLE, { mode: "full" }),
    ]);
    expect(edition.sdnParties).toEqual(full.sdnParties);
    const holding = new Set(edition.designations.map((d) => d.party.profileId));
    expect(edition.sdnParties?.some((p) => !holding.has(p.profileId))).toBe(true);
    for (const id of holding) expect(edition.sdnParties?.map((p) => p.profileId)).toContain(id);
    expect(
      edition.sdnParties?.every(
        (p) => p.listedOn === null || /^\d{4}-\d{2}-\d{2}$/.test(p.listedOn),
      ),
    ).toBe(true);
  });
});

describe.each(modes)(
  "parseEdition (%s mode) refuses what is not a whole SDN Advanced XML",
  (mode) => {
    it("refuses an unknown namespace, naming it", async () => {
      const other = Buffer.from(text.replace(`xmlns="${NEW_NS}"`, 'xmlns="urn:example"'));
      await expect(parseEdition(other, { mode })).rejects.toThrow(
        /unknown SDN Advanced XML namespace "urn:example"/,
      );
    });

    it("refuses an HTML page (e.g. an error page served with 200)", async () => {
      const html = Buffer.from("<!DOCTYPE html>\n<html><body>Access denied</body></html>");
      expect(await codeOf(parseEdition(html, { mode }))).toBe("NOT_SDN_ADVANCED");
    });

    it("refuses input that is not XML at all", async () => {
      expect(await codeOf(parseEdition(Buffer.from('{"not":"xml"}'), { mode }))).toMatch(
        /NOT_SDN_ADVANCED|MALFORMED_XML/,
      );
    });

    it("refuses empty input", async () => {
      expect(await codeOf(parseEdition(Buffer.alloc(0), { mode }))).toBe("NOT_SDN_ADVANCED");
    });

    it.each([0.02, 0.3, 0.6, 0.9, 0.999])(
      "refuses a document truncated at %d of its length",
      async (share) => {
        const cut = SAMPLE.subarray(0, Math.floor(SAMPLE.length * share));
        expect(await codeOf(parseEdition(cut, { mode }))).toMatch(
          /TRUNCATED|MALFORMED_XML|NOT_SDN_ADVANCED/,
        );
      },
    );

    it("refuses a DistinctParty holding an address whose XML is broken", async () => {
      const at = text.indexOf("0x098B716B8Aaf21512996dC57EB0615e2383E2f96");
      const broken = `${text.slice(0, at)}${text.slice(at).replace("</VersionDetail>", "</VersionDetai>")}`;
      expect(await codeOf(parseEdition(Buffer.from(broken), { mode }))).toBe("MALFORMED_XML");
    });

    it("refuses a gzip stream cut short", async () => {
      const gz = gzipSync(SAMPLE);
      expect(await codeOf(parseEdition(gz.subarray(0, gz.length >> 1), { mode }))).toBe(
        "TRUNCATED",
      );
    });

    it("refuses a UTF-16 document", async () => {
      const utf16 = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, "utf16le")]);
      expect(await codeOf(parseEdition(utf16, { mode }))).toMatch(
        /UNSUPPORTED_ENCODING|MALFORMED_XML|NOT_SDN_ADVANCED/,
      );
    });

    it("enforces the XML size limit", async () => {
      expect(await codeOf(parseEdition(SAMPLE, { mode, maxXmlBytes: 100_000 }))).toBe("SIZE_LIMIT");
    });
  },
);

describe("parseEdition keeps only SDN List designations", () => {
  it("drops a party whose only entry is on another list", async () => {
    const entry = /<SanctionsEntry ID="(\d+)" ProfileID="27307" ListID="1550">/.exec(text);
    expect(entry).not.toBeNull();
    const moved = Buffer.from(
      text.replace(entry?.[0] ?? "", entry?.[0].replace('ListID="1550"', 'ListID="91507"') ?? ""),
    );
    const parsed = await parseEdition(moved);
    expect(parsed.designations.some((d) => d.party.profileId === "27307")).toBe(false);
    expect(parsed.designations.length).toBeGreaterThan(0);
  });
});

describe("parseEdition releases its source", () => {
  it.each([
    ["plain", (b: Buffer) => b],
    ["gzip", (b: Buffer) => gzipSync(b)],
  ])("stops reading a %s source when the document is refused part-way", async (_label, encode) => {
    const at = text.indexOf("0x098B716B8Aaf21512996dC57EB0615e2383E2f96");
    const broken = encode(
      Buffer.from(`${text.slice(0, at)}${text.slice(at).replace("</VersionDetail>", "</Bad>")}`),
    );
    let released = false;
    let pulled = 0;
    async function* source(): AsyncGenerator<Uint8Array> {
      try {
        for (const chunk of chunked(broken, 4096)) {
          pulled++;
          yield chunk;
        }
        for (;;) {
          pulled++;
          yield Buffer.from(" "); // a body that would never end
          await new Promise((r) => setTimeout(r, 1));
        }
      } finally {
        released = true;
      }
    }
    await expect(parseEdition(source())).rejects.toMatchObject({ code: "MALFORMED_XML" });
    expect(released).toBe(true);
    expect(pulled).toBeLessThan(1000);
  });
});
