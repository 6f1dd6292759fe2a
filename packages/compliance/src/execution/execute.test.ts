import { ListLoader } from "@svc/ofac-index/node";
import * as v from "valibot";
import { beforeAll, describe, expect, it } from "vitest";
import type { ComplianceDeps } from "../catalog/deps.js";
import { defineOperation } from "../catalog/operation.js";
import { EXAMPLE_REPORT_MODEL } from "../operations/documents/example-reports.js";
import { reportPdfGenerate } from "../operations/documents/report-pdf-generate.js";
import { batchWalletScreen } from "../operations/screening/batch-wallet-screen.js";
import { ofacWalletScreen } from "../operations/screening/ofac-wallet-screen.js";
import { LAZARUS_ETH } from "../operations/screening/sample-addresses.js";
import { sampleDeps } from "../test-support/sample-deps.js";
import { execute } from "./execute.js";

let deps: ComplianceDeps;
beforeAll(async () => {
  deps = await sampleDeps();
});

describe("execute", () => {
  it("answers the run's output for a raw input its schema takes, with what it screened", async () => {
    const answer = await execute(ofacWalletScreen, { address: LAZARUS_ETH }, deps);
    expect(answer).toEqual({
      ok: true,
      output: await ofacWalletScreen.run({ address: LAZARUS_ETH }, deps),
      evidence: {
        datasetSha256: deps.list.freshness().datasetSha256,
        addresses: [LAZARUS_ETH],
      },
    });
  });

  it("refuses input its schema does not take as INVALID_INPUT with the field paths, without running", async () => {
    let ran = false;
    const op = defineOperation({
      ...ofacWalletScreen,
      run: () => {
        ran = true;
        return {};
      },
    });
    expect(await execute(op, { address: LAZARUS_ETH, chain: "eth" }, deps)).toMatchObject({
      ok: false,
      failure: { status: 400, code: "INVALID_INPUT", issues: [{ path: "chain" }] },
    });
    expect(ran).toBe(false);
  });

  it("answers what the run refuses as a failure: an address the index refuses, no list loaded", async () => {
    const zeroWidth = `${LAZARUS_ETH}\u200b`;
    expect(await execute(batchWalletScreen, { addresses: [LAZARUS_ETH, zeroWidth] }, deps)).toEqual(
      {
        ok: false,
        failure: expect.objectContaining({
          status: 400,
          code: "INVALID_ADDRESS",
          issues: [expect.objectContaining({ path: "addresses[1]" })],
        }),
      },
    );
    const unloaded = { ...deps, list: new ListLoader() };
    expect(await execute(ofacWalletScreen, { address: LAZARUS_ETH }, unloaded)).toMatchObject({
      ok: false,
      failure: { status: 503, code: "LIST_UNAVAILABLE" },
    });
  });

  it("answers a run past its deadline as EXECUTION_TIMEOUT, and a caller that gave up with its reason", async () => {
    expect(
      await execute(reportPdfGenerate, EXAMPLE_REPORT_MODEL, deps, { deadlineMs: 1 }),
    ).toMatchObject({ ok: false, failure: { status: 503, code: "EXECUTION_TIMEOUT" } });
    const gone = new AbortController();
    gone.abort(new Error("client went away"));
    await expect(
      execute(reportPdfGenerate, EXAMPLE_REPORT_MODEL, deps, { signal: gone.signal }),
    ).rejects.toThrow("client went away");
  });

  it("throws a fault it does not recognize, for the transport to answer without internals", async () => {
    const broken = defineOperation({
      ...ofacWalletScreen,
      run: (): never => {
        throw new TypeError("x is undefined");
      },
    });
    await expect(execute(broken, { address: LAZARUS_ETH }, deps)).rejects.toThrow(TypeError);
  });
});

describe("execute, on anything executable", () => {
  it("handles anything with a schema, a deadline and a run, on deps of its own (an MCP tool's)", async () => {
    const echo = {
      name: "echo",
      deadlineMs: 1_000,
      input: v.object({ n: v.number("n must be a number") }),
      run: (input: { n: number }, own: ComplianceDeps & { factor: number }) => ({
        n: input.n * own.factor,
      }),
    };
    expect(await execute(echo, { n: 2 }, { ...deps, factor: 3 })).toEqual({
      ok: true,
      output: { n: 6 },
    });
    expect(await execute(echo, { n: "2" }, { ...deps, factor: 3 })).toMatchObject({
      ok: false,
      failure: { code: "INVALID_INPUT", issues: [{ path: "n", message: "n must be a number" }] },
    });
  });
});
