import { describe, expect, it } from "vitest";
import { loadListConfig } from "./list-config.js";

describe("loadListConfig", () => {
  it("defaults to the embedded sample, refreshed daily", () => {
    expect(loadListConfig({})).toEqual({
      source: undefined,
      official: false,
      snapshotDir: undefined,
      sampleFallback: true,
      refreshMinutes: 1440,
      staleAfterHours: 48,
      failWhenStale: false,
    });
  });

  it("reads every setting", () => {
    expect(
      loadListConfig({
        OFAC_SOURCE: "/data/sdn_advanced.xml",
        OFAC_OFFICIAL: "1",
        OFAC_SNAPSHOT_DIR: "/data/snapshots",
        OFAC_SAMPLE_FALLBACK: "0",
        OFAC_REFRESH_MINUTES: "60",
        OFAC_STALE_AFTER_HOURS: "72",
        OFAC_FAIL_WHEN_STALE: "1",
      }),
    ).toEqual({
      source: "/data/sdn_advanced.xml",
      official: true,
      snapshotDir: "/data/snapshots",
      sampleFallback: false,
      refreshMinutes: 60,
      staleAfterHours: 72,
      failWhenStale: true,
    });
  });

  it("refuses a refresh interval out of bounds, naming the setting", () => {
    expect(() => loadListConfig({ OFAC_REFRESH_MINUTES: "0" })).toThrow(/OFAC_REFRESH_MINUTES/);
    expect(() => loadListConfig({ OFAC_REFRESH_MINUTES: "1.5" })).toThrow(RangeError);
    expect(() => loadListConfig({ OFAC_STALE_AFTER_HOURS: "0" })).toThrow(/OFAC_STALE_AFTER_HOURS/);
  });
});
