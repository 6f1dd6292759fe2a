import { describe, expect, it } from "vitest";
import { decodeSnapshot, encodeSnapshot } from "../snapshot/snapshot-codec.js";
import { indexOf } from "../test-support/editions.js";
import { XML } from "../test-support/shared-data.js";

describe("SdnIndex.party: every SDN List party, with or without addresses", () => {
  it("knows CHEIL CREDIT BANK (listed 2017) with its 53 addresses, and parties without any", async () => {
    const index = await indexOf(XML["2025-11-19b"]);
    const cheil = index.designations.find((d) => d.party.entityName === "CHEIL CREDIT BANK");
    const party = index.party(cheil?.party.profileId as string);
    expect(party).toMatchObject({ name: "CHEIL CREDIT BANK", listedOn: "2017-09-26" });
    expect(party?.addressCount).toBe(53);
    expect(index.party(party?.entryId as string)?.profileId).toBe(party?.profileId);
    // Profile 36 (listed 1986) holds no address: known, with none.
    expect(index.party("36")).toEqual({
      profileId: "36",
      entryId: "36",
      name: null,
      listedOn: "1986-12-10",
      addressCount: 0,
    });
    expect(index.party("999999999")).toBeNull();
    expect(index.party("36a")).toBeNull();
    // The list of parties rides with the snapshot; a version 1 snapshot (without it) knows only
    // the parties holding addresses.
    const stored = decodeSnapshot(encodeSnapshot(index.edition, index.provenance, "x"));
    expect(stored.edition.sdnParties).toEqual(index.sdnParties);
    const v1 = JSON.parse(encodeSnapshot(index.edition, index.provenance, "x"));
    v1.version = 1;
    delete v1.sdnParties;
    const old = decodeSnapshot(JSON.stringify(v1));
    expect(old.edition.sdnParties).toBeUndefined();
  }, 120_000);
});
