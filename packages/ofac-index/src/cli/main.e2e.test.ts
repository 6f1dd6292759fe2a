import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PEER_LISTS, XML } from "../test-support/shared-data.js";

const BIN = fileURLToPath(new URL("../../dist/cli/main.js", import.meta.url));
const LAZARUS = "0x098B716B8Aaf21512996dC57EB0615e2383E2f96";
/** Lazarus Group's address with its last digit changed, in lower case (no EIP-55 checksum). */
const NEAR_LAZARUS = "0x098b716b8aaf21512996dc57eb0615e2383e2f97";
/** A well-formed EVM address that is not listed, nor near a listed one. */
const UNLISTED = "0x0000000000000000000000000000000000000001";
/** The newest real edition (2025-11-19, second publication that day). */
const LATEST = XML["2025-11-19b"];
const LATEST_SHA256 = "36c517bd264d8d97eff353eadd8d84427d5eb293505a8ce07271a5bc258c3117";
/** The embedded sample's own file (an excerpt, NOT the OFAC list). */
const SAMPLE_XML = fileURLToPath(new URL("../../sample/sdn_advanced_sample.xml", import.meta.url));

function run(...args: string[]) {
  return runWithInput(undefined, ...args);
}

/** Runs the CLI with `input` on its standard input. */
function runWithInput(input: Buffer | undefined, ...args: string[]) {
  const r = spawnSync(process.execPath, [BIN, ...args], {
    encoding: "utf8",
    ...(input === undefined ? {} : { input }),
  });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "ofac-cli-"));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe("ofac-index screen", () => {
  it("prints the API's result for a listed address on a real edition, not flagged as sample", () => {
    const r = run("screen", LAZARUS, "--list", LATEST);
    expect(r.stderr).toBe("");
    expect(r.code).toBe(0);
    const out = JSON.parse(r.stdout);
    expect(Object.keys(out)).toEqual([
      "query",
      "summary",
      "matches",
      "nearMatches",
      "sourceFreshness",
      "screeningOnly",
    ]);
    expect(out.summary.status).toBe("match");
    expect(out.matches[0].entityName).toBe("Lazarus Group");
    expect(out.sourceFreshness.sample).toBe(false);
    expect(out.sourceFreshness.datasetSha256).toBe(LATEST_SHA256);
  });

  it("prints the batch form, in order, for several addresses", () => {
    const r = run("screen", UNLISTED, LAZARUS, "--list", LATEST);
    expect(r.code).toBe(0);
    const out = JSON.parse(r.stdout);
    expect(out.results.map((x: { summary: { status: string } }) => x.summary.status)).toEqual([
      "clear",
      "match",
    ]);
    expect(out.summary.workflowStatus).toBe("manual_review_required");
  });

  it("--asset of another ticker still answers match, with the tickers it is listed under", () => {
    const r = run("screen", LAZARUS, "--asset", "USDT", "--fail-on-match", "--list", LATEST);
    const out = JSON.parse(r.stdout);
    expect(out.summary.status).toBe("match");
    expect(out.query).toMatchObject({ assetListed: false, listedAssets: ["ETH"] });
    expect(out.query.note).toMatch(/listed under ETH, not under USDT/);
    expect(r.code).toBe(3);
  });

  it("exits 3 on a match with --fail-on-match, 0 when clear", () => {
    expect(run("screen", LAZARUS, "--fail-on-match", "--list", LATEST).code).toBe(3);
    const clear = run("screen", UNLISTED, "--fail-on-match", "--list", LATEST);
    expect(JSON.parse(clear.stdout).summary.status).toBe("clear");
    expect(clear.code).toBe(0);
  });

  it("--fail-on-near-match exits 4 for a clear address one character from a listed one, 0 without it", () => {
    const near = run("screen", NEAR_LAZARUS, "--fail-on-near-match", "--list", LATEST);
    expect(near.code).toBe(4);
    const out = JSON.parse(near.stdout);
    expect(out.summary).toMatchObject({ status: "clear", nearMatchCount: 1 });
    expect(out.nearMatches[0]).toMatchObject({ address: LAZARUS, editDistance: 1 });
    expect(run("screen", NEAR_LAZARUS, "--list", LATEST).code).toBe(0);
    expect(run("screen", NEAR_LAZARUS, "--fail-on-match", "--list", LATEST).code).toBe(0);
  });

  it("--fail-on-near-match exits 0 when nothing is near, and 3 when a batch also holds a match", () => {
    const clear = run("screen", UNLISTED, "--fail-on-near-match", "--list", LATEST);
    expect(JSON.parse(clear.stdout).summary.nearMatchCount).toBe(0);
    expect(clear.code).toBe(0);
    const both = run("screen", NEAR_LAZARUS, LAZARUS, "--fail-on-near-match", "--list", LATEST);
    expect(JSON.parse(both.stdout).summary).toMatchObject({ matchCount: 1, nearMatchCount: 1 });
    expect(both.code).toBe(3);
  });
});

describe("the list is explicit: --list FILE or --sample", () => {
  it("no --list and no --sample is a usage error, exit 2, that names both", () => {
    for (const args of [[LAZARUS], [UNLISTED, LAZARUS, "--fail-on-match"]]) {
      const r = run("screen", ...args);
      expect(r.code).toBe(2);
      expect(r.stdout).toBe("");
      expect(r.stderr.split("\n")[0]).toMatch(/^ofac-index: screen needs the list/);
      expect(r.stderr).toContain("--list FILE");
      expect(r.stderr).toContain("--sample");
      expect(r.stderr).toContain("ofac-index screen --help");
    }
  });

  it("--list and --sample together is a usage error, exit 2", () => {
    const r = run("screen", LAZARUS, "--list", LATEST, "--sample");
    expect(r.code).toBe(2);
    expect(r.stdout).toBe("");
    expect(r.stderr).toMatch(/^ofac-index: --list FILE and --sample exclude each other/);
  });

  it("--sample screens the embedded sample and writes the notice on stderr, one line", () => {
    const r = run("screen", LAZARUS, "--sample");
    expect(r.code).toBe(0);
    const out = JSON.parse(r.stdout);
    expect(out.summary.status).toBe("match");
    expect(out.sourceFreshness).toMatchObject({ sample: true, sourceUrl: "embedded:sample" });
    expect(r.stderr.split("\n")).toEqual([expect.any(String), ""]);
    expect(r.stderr).toMatch(
      /^ofac-index: notice: the embedded sample edition is an excerpt \(81 addresses of the 2025-11-19 edition\) for demos and tests, NOT the OFAC list/,
    );
  });

  it("the sample's file named by --list is flagged and noticed the same way", () => {
    const r = run("screen", LAZARUS, "--list", SAMPLE_XML);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout).sourceFreshness.sample).toBe(true);
    expect(r.stderr).toMatch(
      /^ofac-index: notice: the embedded sample edition .* NOT the OFAC list/,
    );
  });

  it("a refusal on the sample is the refusal alone: its code is the first line of stderr", () => {
    const r = run("screen", LAZARUS, "--asset", "DOGE", "--sample");
    expect(r.code).toBe(1);
    expect(r.stdout).toBe("");
    expect(r.stderr.split("\n")[0]).toMatch(/^ofac-index: UNSUPPORTED_ASSET: asset "DOGE"/);
    expect(r.stderr).not.toContain("notice");
  });
});

/** Each command's options as its --help shows them, and its exit codes. */
const HELP: Record<string, { options: string[]; exitCodes: string[] }> = {
  screen: {
    options: [
      "--list FILE",
      "--sample",
      "--asset TICKER",
      "--fail-on-match",
      "--fail-on-near-match",
      "-h, --help",
    ],
    exitCodes: ["0", "1", "2", "3", "4"],
  },
  pairs: { options: ["-h, --help"], exitCodes: ["0", "1", "2"] },
  diff: { options: ["-h, --help"], exitCodes: ["0", "1", "2"] },
  info: { options: ["-h, --help"], exitCodes: ["0", "1", "2"] },
  build: { options: ["--out DIR", "-h, --help"], exitCodes: ["0", "1", "2"] },
  verify: { options: ["--keys KEYS", "--list FILE", "-h, --help"], exitCodes: ["0", "1", "2"] },
};

/** The lines of a `--help` section (`options:`, `exit codes:`) up to the next blank line. */
function section(help: string, title: string): string[] {
  const start = help.indexOf(`\n${title}:\n`);
  if (start < 0) return [];
  const body = help.slice(start + title.length + 3);
  return body.slice(0, body.indexOf("\n\n") < 0 ? undefined : body.indexOf("\n\n")).split("\n");
}

/** The labels of a section's rows (`--list FILE`, `0`), each with the text beside it. */
const rows = (lines: string[]) =>
  lines
    .map((line) => /^ {2}(\S.*?)(?: {2,}|\n|$)(.*)$/.exec(line))
    .filter((m) => m !== null)
    .map((m) => ({ label: m[1] as string, text: m[2] as string }));

describe("--help", () => {
  it.each(Object.entries(HELP))(
    "%s --help prints its usage, every option explained and its exit codes, exit 0",
    (command, { options, exitCodes }) => {
      const r = run(command, "--help");
      expect(r.stderr).toBe("");
      expect(r.code).toBe(0);
      expect(r.stdout.split("\n")[0]).toMatch(new RegExp(`^usage: ofac-index ${command} \\S`));
      const shown = rows(section(r.stdout, "options"));
      expect(shown.map((o) => o.label)).toEqual(options);
      for (const o of shown) expect(o.text, o.label).toMatch(/\w{3}/);
      expect(rows(section(r.stdout, "exit codes")).map((c) => c.label)).toEqual(exitCodes);
      expect(run(command, "-h").stdout).toBe(r.stdout);
      expect(run("help", command).stdout).toBe(r.stdout);
    },
  );

  it("screen --help wins over a missing list and a bad address: usage, not an error", () => {
    const r = run("screen", "0x12", "--help");
    expect(r.code).toBe(0);
    expect(r.stderr).toBe("");
    expect(r.stdout).toBe(run("screen", "--help").stdout);
    expect(r.stdout).toContain("--fail-on-near-match");
  });

  it("ofac-index --help lists every command and the exit codes 0 to 4, exit 0", () => {
    const r = run("--help");
    expect(r.code).toBe(0);
    expect(r.stderr).toBe("");
    expect(rows(section(r.stdout, "commands")).map((c) => c.label)).toEqual(Object.keys(HELP));
    const codes = rows(section(r.stdout, "exit codes"));
    expect(codes.map((c) => c.label)).toEqual(["0", "1", "2", "3", "4"]);
    expect(codes[2]?.text).toMatch(/^usage error/);
    expect(codes[4]?.text).toMatch(/--fail-on-near-match/);
    expect(run("-h").stdout).toBe(r.stdout);
  });

  it("ofac-index without a command prints the usage on stderr, exit 2", () => {
    const r = run();
    expect(r.code).toBe(2);
    expect(r.stdout).toBe("");
    expect(r.stderr).toBe(run("--help").stdout);
  });
});

describe("refusals carry their stable code: ofac-index: CODE: message, exit 1", () => {
  it("screen 0x12 --list <real edition> exits 1 with INVALID_ADDRESS: on stderr, nothing on stdout", () => {
    const r = run("screen", "0x12", "--list", LATEST);
    expect(r.code).toBe(1);
    expect(r.stdout).toBe("");
    expect(r.stderr).toMatch(/^ofac-index: INVALID_ADDRESS: address "0x12" is not an address: /);
    expect(r.stderr.split("\n")).toHaveLength(2);
  });

  it("refuses a mixed-case bech32 address (exit 1) and names the listed address it re-cases", () => {
    const r = run("screen", "BC1Q3y5v2khlyvemcz042wl98dzflywr8ghglqws6s", "--list", LATEST);
    expect(r.code).toBe(1);
    expect(r.stdout).toBe("");
    expect(r.stderr).toMatch(
      /^ofac-index: INVALID_ADDRESS: .* is not a valid bech32 address: mixed case/,
    );
    expect(r.stderr).toContain("bc1q3y5v2khlyvemcz042wl98dzflywr8ghglqws6s");
  });

  it("a batch with two bad addresses lists both paths, one line each after the first", () => {
    const r = run("screen", LAZARUS, "0x12", UNLISTED, "TNotListed", "--list", LATEST);
    expect(r.code).toBe(1);
    expect(r.stdout).toBe("");
    const lines = r.stderr.trimEnd().split("\n");
    expect(lines).toHaveLength(3);
    expect(lines[0]).toMatch(
      /^ofac-index: INVALID_ADDRESS: addresses\[1\] "0x12" .*\(and 1 more address refused\)$/,
    );
    expect(lines[1]).toMatch(/^ {2}addresses\[1\]: "0x12" is not an address: /);
    expect(lines[2]).toMatch(/^ {2}addresses\[3\]: "TNotListed" is not an address: /);
  });
});

describe("ofac-index pairs, info, diff, build", () => {
  it("pairs prints the peer lists' TICKER<TAB>address lines", async () => {
    const r = run("pairs", XML["2025-11-19b"]);
    const sol = await readFile(`${PEER_LISTS["2025-11-19b"]}sanctioned_addresses_SOL.txt`, "utf8");
    expect(r.code).toBe(0);
    expect(r.stdout).toContain(`SOL\t${sol.trim()}\n`);
    expect(r.stdout.split("\n").filter(Boolean)).toHaveLength(758);
  });

  it("info prints the edition date, SHA-256 and counts by ticker", () => {
    const out = JSON.parse(run("info", XML["2025-11-19b"]).stdout);
    expect(out).toMatchObject({
      datasetDate: "2025-11-19",
      datasetSha256: "36c517bd264d8d97eff353eadd8d84427d5eb293505a8ce07271a5bc258c3117",
      designations: 761,
      assetAddressPairs: 758,
      parties: 79,
    });
    expect(out.byAsset.XBT).toEqual({ features: 519, pairs: 517 });
    expect(out.byAsset.USDT).toEqual({ features: 93, pairs: 93 });
  });

  it("diff shows the Tornado Cash delisting", () => {
    const out = JSON.parse(run("diff", XML["2025-03-04"], XML["2025-03-21"]).stdout);
    expect(out.summary.removed).toBe(90);
  });

  it("build writes a snapshot that screen, info and pairs read back", async () => {
    const out = join(dir, "snaps");
    const r = run("build", XML["2025-11-19b"], "--out", out);
    expect(r.code).toBe(0);
    const [file] = await readdir(out);
    expect(file).toBe(
      "2025-11-19_36c517bd264d8d97eff353eadd8d84427d5eb293505a8ce07271a5bc258c3117.json",
    );
    const snap = join(out, file as string);
    expect(JSON.parse(run("screen", LAZARUS, "--list", snap).stdout).summary.status).toBe("match");
    expect(JSON.parse(run("info", snap).stdout).designations).toBe(761);
    expect(run("pairs", snap).stdout).toBe(run("pairs", XML["2025-11-19b"]).stdout);
    expect(JSON.parse(run("build", XML["2025-11-19b"], "--out", out).stdout).created).toBe(false);
  });
});

describe("FILE - reads the edition from standard input", () => {
  const gz = () => readFileSync(XML["2025-11-19b"]);

  it("pairs - reads a gzip edition from stdin and prints what pairs FILE prints", () => {
    const r = runWithInput(gz(), "pairs", "-");
    expect(r.code).toBe(0);
    expect(r.stdout).toBe(run("pairs", XML["2025-11-19b"]).stdout);
  });

  it("info - and screen --list - read it too, with the source named stdin:", () => {
    const info = JSON.parse(runWithInput(gz(), "info", "-").stdout);
    expect(info).toMatchObject({ designations: 761, sourceUrl: "stdin:", sample: false });
    const out = JSON.parse(runWithInput(gz(), "screen", LAZARUS, "--list", "-").stdout);
    expect(out.summary.status).toBe("match");
    expect(out.sourceFreshness.datasetSha256).toBe(info.datasetSha256);
  });

  it("diff OLD - compares a file with stdin; - - is refused", () => {
    const out = JSON.parse(
      runWithInput(readFileSync(XML["2025-03-21"]), "diff", XML["2025-03-04"], "-").stdout,
    );
    expect(out.summary.removed).toBe(90);
    const twice = runWithInput(gz(), "diff", "-", "-");
    expect(twice.code).toBe(2);
    expect(twice.stderr).toMatch(/standard input \(-\) can be read only once/);
  });

  it("a snapshot on stdin is read as a snapshot", async () => {
    const out = join(dir, "stdin-snaps");
    expect(runWithInput(gz(), "build", "-", "--out", out).code).toBe(0);
    const [file] = await readdir(out);
    const snap = readFileSync(join(out, file as string));
    expect(JSON.parse(runWithInput(snap, "info", "-").stdout).designations).toBe(761);
  });
});

describe("ofac-index bad input: one clear line, its code, non-zero exit, no stack trace", () => {
  const cases: Array<[string, () => Promise<string[]>, number, RegExp]> = [
    [
      "a missing file",
      async () => ["info", join(dir, "nope.xml")],
      1,
      /^ofac-index: SOURCE_NOT_FOUND: cannot read .*nope\.xml: no such file/,
    ],
    [
      "a file that is not XML",
      async () => {
        const f = join(dir, "notes.txt");
        await writeFile(f, "hello");
        return ["info", f];
      },
      1,
      /^ofac-index: NOT_SDN_ADVANCED: not an XML document/,
    ],
    [
      "XML of another schema",
      async () => {
        const f = join(dir, "other.xml");
        await writeFile(f, '<?xml version="1.0"?><catalog><book/></catalog>');
        return ["pairs", f];
      },
      1,
      /^ofac-index: NOT_SDN_ADVANCED: .*root element is <catalog>, expected <Sanctions>/,
    ],
    [
      "an unsupported asset",
      async () => ["screen", LAZARUS, "--asset", "DOGE", "--list", LATEST],
      1,
      /^ofac-index: UNSUPPORTED_ASSET: asset "DOGE" is not covered/,
    ],
    [
      "an unknown command",
      async () => ["frobnicate"],
      2,
      /^ofac-index: unknown command "frobnicate"/,
    ],
    [
      "an unknown option",
      async () => ["screen", LAZARUS, "--bogus", "--sample"],
      2,
      /^ofac-index: Unknown option '--bogus'.*\n\(run ofac-index screen --help for usage\)/,
    ],
    [
      "a missing argument",
      async () => ["diff", XML["2025-03-04"]],
      2,
      /^ofac-index: diff needs OLD and NEW/,
    ],
  ];
  it.each(cases)("%s", async (_label, args, code, message) => {
    const r = run(...(await args()));
    expect(r.code).toBe(code);
    expect(r.stdout).toBe("");
    expect(r.stderr).toMatch(message);
    expect(r.stderr).not.toMatch(/\n\s+at /);
  });
});
