import { InputError } from "@svc/montecarlo";
import { isOfacIndexError } from "@svc/ofac-index";
import { ListLoader } from "@svc/ofac-index/node";
import * as v from "valibot";
import { beforeAll, describe, expect, it } from "vitest";
import type { ComplianceDeps } from "../../catalog/deps.js";
import { sampleDeps } from "../../test-support/sample-deps.js";
import { LAZARUS_ETH } from "./example-addresses.js";
import { exposureForecast } from "./exposure-forecast.js";

const CLEAR_A = "0x1111111111111111111111111111111111111111";
const CLEAR_B = "0x2222222222222222222222222222222222222222";

let deps: ComplianceDeps;
beforeAll(async () => {
  deps = await sampleDeps();
});

/** What the app does: the input schema first, then the run. */
const call = async (body: unknown) =>
  exposureForecast.run(v.parse(exposureForecast.input, body), deps);

/** The InputError a body gets from the engine when it reaches the run unvalidated. */
function engineRefusal(body: unknown): InputError {
  try {
    exposureForecast.run(body as never, deps);
  } catch (error) {
    if (error instanceof InputError) return error;
    throw error;
  }
  throw new Error("the body was accepted");
}

describe("exposure forecast", () => {
  it("answers the summary, forecast model, the report and its per-wallet table", async () => {
    const answer = await call({
      addresses: [LAZARUS_ETH, CLEAR_A, CLEAR_B],
      address_metadata: [{ address: CLEAR_A, relationship_tier: "high", exposure_usd: 250_000 }],
      horizon_days: 90,
      iterations: 5_000,
    });
    expect(answer.success).toBe(true);
    expect(answer.source).toBe("OFAC SDN Advanced XML");
    const { summary, forecast_model } = answer.data;
    for (const member of [
      "target_probability",
      "p50_expected_hits",
      "p90_expected_hits",
      "metadata_coverage_percent",
    ] as const) {
      expect(typeof summary[member], member).toBe("number");
    }
    expect(summary.metadata_coverage_percent).toBeCloseTo(100 / 3, 10);
    expect(summary.target_probability).toBe(1); // a current match is a hit: hits >= 1 is certain
    expect(forecast_model.history_basis).toBe("snapshot_diff");
    expect(forecast_model.model_confidence).toBe("standard");
    expect(forecast_model.model_confidence_reason).toBe(
      "fitted to 43 addition events over 1,173 days",
    );
    expect(forecast_model.iterations).toBe(5_000);
    // data is the forecast without its report; the report rides beside it
    expect(answer.data).not.toHaveProperty("report");
    expect(answer.report.report_meta.report_type).toBe("compliance-exposure-forecast");
    expect(Array.isArray(answer.report.headline_metrics)).toBe(true);
    // The wallets not yet listed are forecast; the one listed today is a current match.
    const table = answer.report.tables?.per_wallet_exposure;
    expect(table?.columns).toEqual(["address", "relationship_tier", "future_hit_probability"]);
    expect(table?.rows).toHaveLength(2);
    expect(answer.report.tables?.current_matches?.rows).toHaveLength(1);
    // The byline: the service as author and the day it was made, which names the file too.
    expect(answer.report.report_meta).toMatchObject({
      author: "OFAC screening service (automated)",
      date: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
    });
    expect(answer.artifacts.recommended_local_path).toBe(
      `reports/ofac-exposure-forecast-${answer.report.report_meta.date}`,
    );
  });

  it("gives a wallet that matches the list today probability 1, with its entity", async () => {
    const answer = await call({ addresses: [CLEAR_A, LAZARUS_ETH] });
    const lazarus = answer.data.per_wallet.find((w) => w.address === LAZARUS_ETH);
    expect(lazarus).toMatchObject({
      screening_status: "match",
      future_hit_probability: 1,
      matched_entities: ["Lazarus Group"],
    });
    const clear = answer.data.per_wallet.find((w) => w.address === CLEAR_A);
    expect(clear?.screening_status).toBe("clear");
    expect(clear?.future_hit_probability).toBeGreaterThan(0);
    expect(clear?.future_hit_probability).toBeLessThan(0.05);
    expect(answer.data.summary.current_matches).toBe(1);
    // In the report it is a current match, listed apart, not a forecast of 100%.
    expect(answer.report.tables?.current_matches?.rows).toEqual([
      { address: LAZARUS_ETH, matched_entities: "Lazarus Group" },
    ]);
    // This table's rows are objects (by column name).
    const rows = (answer.report.tables?.per_wallet_exposure?.rows ?? []) as Record<
      string,
      unknown
    >[];
    expect(rows.map((r) => r.address)).toEqual([CLEAR_A]);
  });

  it("is reproducible: the same body gives the same answer", async () => {
    const body = { addresses: [CLEAR_A, CLEAR_B], horizon_days: 30, iterations: 2_000 };
    expect(await call(body)).toEqual(await call(body));
  });

  it("propagates the engine's InputError for metadata about an address not in addresses", () => {
    const body = {
      addresses: [CLEAR_A],
      address_metadata: [{ address: CLEAR_B, relationship_tier: "critical" }],
    };
    // the schema cannot see this cross-field rule, so it reaches the run
    const parsed = v.parse(exposureForecast.input, body);
    expect(() => exposureForecast.run(parsed, deps)).toThrow(InputError);
    expect(engineRefusal(body).issues).toEqual([
      {
        path: "address_metadata[0].address",
        message: `address ${CLEAR_B} is not one of addresses`,
      },
    ]);
  });

  it("refuses iterations 999 and an extra member in the schema and, unvalidated, in the engine", () => {
    const tooFew = { addresses: [CLEAR_A], iterations: 999 };
    const schema = v.safeParse(exposureForecast.input, tooFew);
    expect(schema.success).toBe(false);
    expect(schema.issues?.[0]?.path?.map((p) => p.key)).toEqual(["iterations"]);
    expect(engineRefusal(tooFew).issues.map((i) => i.path)).toEqual(["iterations"]);

    const extra = { addresses: [CLEAR_A], address_metadata: [{ address: CLEAR_A, colour: "red" }] };
    expect(v.safeParse(exposureForecast.input, extra).success).toBe(false);
    expect(engineRefusal(extra).issues).toEqual([
      {
        path: "address_metadata[0].colour",
        message:
          'unknown member "colour": this object accepts address, exposure_usd, relationship_tier, linked_sdn_entry, last_activity_days, transaction_count_30d, policy_priority only',
      },
    ]);
  });

  it("propagates screening's errors: no loaded list, an unknown asset", async () => {
    const unloaded: ComplianceDeps = { ...deps, list: new ListLoader() };
    const body = v.parse(exposureForecast.input, { addresses: [CLEAR_A] });
    expect(() => exposureForecast.run(body, unloaded)).toThrow(
      expect.objectContaining({ code: "LIST_UNAVAILABLE" }),
    );
    let error: unknown;
    try {
      await call({ addresses: [CLEAR_A], asset: "NOPE" });
    } catch (e) {
      error = e;
    }
    expect(isOfacIndexError(error) && error.code).toBe("UNSUPPORTED_ASSET");
  });
});

describe("exposure forecast: wallets linked to an SDN party (linked_sdn_entry, an extension)", () => {
  it("gives a linked wallet a higher probability than the same wallet unlinked, and refuses an unknown id with its path", async () => {
    const lazarus = deps.list.screen(LAZARUS_ETH).matches[0];
    const body = (link?: string) => ({
      addresses: [CLEAR_A],
      address_metadata: [{ address: CLEAR_A, ...(link && { linked_sdn_entry: link }) }],
      horizon_days: 180,
      iterations: 2_000,
    });
    const unlinked = (await call(body())).data.per_wallet[0];
    const linked = (await call(body(lazarus?.entryId))).data.per_wallet[0];
    expect(linked?.hazard_source).toBe("linked_party");
    expect(linked?.linked_party).toMatchObject({
      profile_id: lazarus?.profileId,
      name: "Lazarus Group",
    });
    expect(linked?.future_hit_probability).toBeGreaterThan(
      2 * (unlinked?.future_hit_probability as number),
    );
    const refusal = engineRefusal(body("999999999"));
    expect(refusal.issues[0]?.path).toBe("address_metadata[0].linked_sdn_entry");
    expect(refusal.code).toBe("INVALID_INPUT");
    // The published schema carries the extension, described as one.
    const schema = JSON.stringify(exposureForecast.input);
    expect(schema).toContain("Extension of the specified schema");
  });

  it("a clear wallet near a listed address is named in its row, the summary and a table of its own", async () => {
    const typo = `${LAZARUS_ETH.toLowerCase().slice(0, -1)}7`;
    const answer = await call({ addresses: [CLEAR_A, typo], horizon_days: 90, iterations: 1_000 });
    const row = answer.data.per_wallet.find((w) => w.address === typo);
    expect(row).toMatchObject({
      screening_status: "clear",
      near_listed_addresses: [`${LAZARUS_ETH} (Lazarus Group; 1 character different)`],
    });
    expect(
      answer.data.per_wallet.find((w) => w.address === CLEAR_A)?.near_listed_addresses,
    ).toBeUndefined();
    expect(answer.report.executive_summary?.join(" ")).toMatch(/near a listed address/);
    expect(answer.report.tables?.near_matches?.rows).toEqual([
      {
        address: typo,
        near_listed_addresses: `${LAZARUS_ETH} (Lazarus Group; 1 character different)`,
      },
    ]);
  });

  it("every string that is no address is refused at once, each at its path", async () => {
    await expect(call({ addresses: [CLEAR_A, "G", "0x12"] })).rejects.toMatchObject({
      code: "INVALID_ADDRESS",
      details: expect.objectContaining({
        issues: [
          expect.objectContaining({ path: "addresses[1]" }),
          expect.objectContaining({ path: "addresses[2]" }),
        ],
      }),
    });
  });
});
