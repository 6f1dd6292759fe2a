#!/usr/bin/env node
// embed-party-history.mjs: writes src/history/embedded-party-history.ts, the per-party addition
// history a wallet linked to an SDN party takes its hazard from when no edition store holds
// enough editions. It joins the community mirror's first-seen dates
// (../shared/data/ofac/history/address_history.csv, 2022-09 → 2025-11) with the party of each
// address in the 2025-11-19 edition (older editions in ../shared for addresses since removed),
// derives the history with partyHistory, and prints the population evidence the README quotes.
// A test checks that the embedded copy equals what this script makes. Run from
// packages/ofac-index after `pnpm build`:
//   node scripts/embed-party-history.mjs [ofac-data-dir] [--print]
import { createReadStream, readFileSync, writeFileSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { embeddedPartyHistory } from "./party-history-source.mjs";

const HERE = dirname(fileURLToPath(import.meta.url));
const args = process.argv.slice(2);
const dir = resolve(
  args.find((a) => !a.startsWith("--")) ?? resolve(HERE, "../../../../shared/data/ofac"),
);
const { history, module, unmapped } = await embeddedPartyHistory(dir, {
  readFile: (p) => readFileSync(p, "utf8"),
  openStream: (p) => createReadStream(p),
});
const p = history.population;
const pct = (n) => `${((100 * n) / p.addedAddresses).toFixed(1)}%`;
const evidence = [
  `added addresses (unique, not the initial state): ${p.addedAddresses} (${unmapped} without a party in any edition)`,
  `  to parties already holding listed addresses: ${p.addedTo.holding} (${pct(p.addedTo.holding)}) in ${p.eventsOf.holding} events`,
  `  to parties listed without addresses: ${p.addedTo.listed_without_addresses} (${pct(p.addedTo.listed_without_addresses)}) in ${p.eventsOf.listed_without_addresses} events`,
  `  with new designations: ${p.addedTo.new_designation} (${pct(p.addedTo.new_designation)}) in ${p.eventsOf.new_designation} events`,
  `addition days: ${p.additionDays}, of which one party alone: ${p.singlePartyDays}`,
  `party-years holding addresses: ${p.holdingPartyYears.toFixed(1)}; re-additions per party-year: ${p.readditionsPerHoldingPartyYear.toFixed(4)}; addresses per party-year: ${p.addressesPerHoldingPartyYear.toFixed(3)}`,
  `party-years listed without addresses: ${p.listedWithoutPartyYears.toFixed(0)}; first additions per party-year: ${p.additionsPerListedWithoutPartyYear.toExponential(3)}`,
];
if (args.includes("--print")) {
  console.log(evidence.join("\n"));
} else {
  const out = resolve(HERE, "../src/history/embedded-party-history.ts");
  writeFileSync(out, module);
  console.log(`wrote ${out}\n${evidence.join("\n")}`);
}
