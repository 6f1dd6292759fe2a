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
  it("prints the API's result for a listed address on the embedded sample, flagged as sample", () => {
    const r = run("screen", LAZARUS);
    expect(r.code).toBe(0);
    const out = JSON.parse(r.stdout);
    expect(Object.keys(out)).toEqual([
      "query",
      "summary",
      "matches",
      "sourceFreshness",
      "screeningOnly",
    ]);
    expect(out.summary.status).toBe("match");
    expect(out.matches[0].entityName).toBe("Lazarus Group");
    expect(out.sourceFreshness.sample).toBe(true);
    expect(out.sourceFreshness.sourceUrl).toBe("embedded:sample");
  });

  it("prints the batch form, in order, for several addresses", () => {
    const out = JSON.parse(run("screen", "TNotListed", LAZARUS).stdout);
    expect(out.results.map((x: { summary: { status: string } }) => x.summary.status)).toEqual([
      "clear",
      "match",
    ]);
    expect(out.summary.workflowStatus).toBe("manual_review_required");
  });

  it("screens against a real edition with --list, not flagged as sample", () => {
    const out = JSON.parse(run("screen", LAZARUS, "--list", XML["2025-11-19b"]).stdout);
    expect(out.sourceFreshness.sample).toBe(false);
    expect(out.sourceFreshness.datasetSha256).toBe(
      "36c517bd264d8d97eff353eadd8d84427d5eb293505a8ce07271a5bc258c3117",
    );
  });

  it("--asset of another ticker still answers match, with the tickers it is listed under", () => {
    const out = JSON.parse(run("screen", LAZARUS, "--asset", "USDT", "--fail-on-match").stdout);
    expect(out.summary.status).toBe("match");
    expect(out.query).toMatchObject({ assetListed: false, listedAssets: ["ETH"] });
    expect(out.query.note).toMatch(/listed under ETH, not under USDT/);
    expect(run("screen", LAZARUS, "--asset", "USDT", "--fail-on-match").code).toBe(3);
  });

  it("refuses a mixed-case bech32 address (exit 1), never prints clear", () => {
    const r = run("screen", "BC1Q3y5v2khlyvemcz042wl98dzflywr8ghglqws6s");
    expect(r.code).toBe(1);
    expect(r.stdout).toBe("");
    expect(r.stderr).toMatch(/mixed-case bech32/);
  });

  it("exits 3 on a match with --fail-on-match, 0 when clear", () => {
    expect(run("screen", LAZARUS, "--fail-on-match").code).toBe(3);
    expect(run("screen", "TNotListed", "--fail-on-match").code).toBe(0);
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

describe("ofac-index bad input: one clear line, non-zero exit, no stack trace", () => {
  const cases: Array<[string, () => Promise<string[]>, RegExp]> = [
    [
      "a missing file",
      async () => ["info", join(dir, "nope.xml")],
      /cannot read .*nope\.xml: no such file/,
    ],
    [
      "a file that is not XML",
      async () => {
        const f = join(dir, "notes.txt");
        await writeFile(f, "hello");
        return ["info", f];
      },
      /not an XML document/,
    ],
    [
      "XML of another schema",
      async () => {
        const f = join(dir, "other.xml");
        await writeFile(f, '<?xml version="1.0"?><catalog><book/></catalog>');
        return ["pairs", f];
      },
      /root element is <catalog>, expected <Sanctions>/,
    ],
    [
      "an unsupported asset",
      async () => ["screen", LAZARUS, "--asset", "DOGE"],
      /asset "DOGE" is not covered/,
    ],
    ["an unknown command", async () => ["frobnicate"], /unknown command "frobnicate"/],
    ["an unknown option", async () => ["screen", LAZARUS, "--bogus"], /Unknown option '--bogus'/],
    ["a missing argument", async () => ["diff", XML["2025-03-04"]], /diff needs OLD and NEW/],
  ];
  it.each(cases)("%s", async (_label, args, message) => {
    const r = run(...(await args()));
    expect(r.code).not.toBe(0);
    expect(r.stdout).toBe("");
    expect(r.stderr.split("\n")[0]).toMatch(/^ofac-index: /);
    expect(r.stderr).toMatch(message);
    expect(r.stderr).not.toMatch(/\n\s+at /);
  });
});
