import type { SourceFreshness } from "@svc/ofac-index";
import { parseReport } from "@svc/report-model";
import * as v from "valibot";
import { beforeAll, describe, expect, it } from "vitest";
import type { ComplianceDeps } from "../../catalog/deps.js";
import { sampleDeps } from "../../test-support/sample-deps.js";
import { BatchWalletScreenInputSchema, batchWalletScreen } from "./batch-wallet-screen.js";
import { listWarningOf } from "./list-warning.js";
import { CLEAR_ETH, LAZARUS_ETH } from "./sample-addresses.js";

let real: ComplianceDeps;
let fresh: SourceFreshness;
beforeAll(async () => {
  real = await sampleDeps();
  fresh = real.list.freshness();
});

/** The real sample freshness, as if it were an OFAC edition unconfirmed for 73 hours. */
const staleOf = (f: SourceFreshness): SourceFreshness => ({
  ...f,
  sample: false,
  stale: true,
  ageHours: 73.4,
});

describe("listWarningOf", () => {
  it("words a stale list's warning, with the edition and the rounded age", () => {
    const warning = listWarningOf(staleOf(fresh));
    expect(warning).toBe(
      `STALE LIST: edition of ${fresh.datasetDate}, not confirmed current for 73 hours; recent designations may be missing.`,
    );
    expect(warning).toContain("2025-11-19");
    expect((warning as string).length).toBeLessThanOrEqual(300);
    expect(listWarningOf({ ...fresh, stale: true, ageHours: 1.2 })).toContain("for 1 hour;");
    expect(listWarningOf({ ...fresh, stale: true, ageHours: undefined })).toContain(
      "for longer than the service allows",
    );
  });

  it("is undefined when the list is not stale", () => {
    expect(listWarningOf(fresh)).toBeUndefined();
    expect(listWarningOf({ ...fresh, stale: false, ageHours: 2 })).toBeUndefined();
  });
});

describe("a batch screening on a stale list", () => {
  it("carries report_meta.list_warning, and a fresh one does not", async () => {
    const stale = staleOf(fresh);
    const deps: ComplianceDeps = {
      ...real,
      list: {
        screen: (a, o) => ({ ...real.list.screen(a, o), sourceFreshness: stale }),
        screenMany: (a, o) => ({ ...real.list.screenMany(a, o), sourceFreshness: stale }),
        freshness: () => stale,
      },
    };
    const input = v.parse(BatchWalletScreenInputSchema, { addresses: [LAZARUS_ETH, CLEAR_ETH] });
    const answer = await batchWalletScreen.run(input, deps);
    expect(answer.data.sourceFreshness.stale).toBe(true);
    expect(answer.report.report_meta.list_warning).toBe(listWarningOf(stale));
    expect(parseReport(answer.report).meta.listWarning).toMatch(/^STALE LIST: edition of /);

    const plain = await batchWalletScreen.run(input, real);
    expect(plain.report.report_meta).not.toHaveProperty("list_warning");
  });
});
