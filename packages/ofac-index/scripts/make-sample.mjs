#!/usr/bin/env node

// make-sample.mjs: cut the embedded sample edition of OFAC's SDN Advanced XML.
//
// Usage:
//   node packages/ofac-index/scripts/make-sample.mjs [input.xml] [output.xml]
//
// Input (argv[2]): the DCA subset of the real 2025-11-19 2nd-publication edition
//   (full file SHA-256 36c517bd264d8d97eff353eadd8d84427d5eb293505a8ce07271a5bc258c3117), i.e.
//   /work/shared/data/ofac/xml/sdn_advanced_2025-11-19_3ed6690688.dca-subset.xml.
// Output (argv[3]): packages/ofac-index/sample/sdn_advanced_sample.xml.
//
// What the script selects, and why:
//   - The XML declaration, the <Sanctions> start tag (current SLS namespace), <DateOfIssue> and the
//     WHOLE <ReferenceValueSets> are copied verbatim. Parsers must read the ticker set from
//     FeatureTypeValues ("Digital Currency Address - X"), so the lookup tables are not pruned.
//   - A fixed list of parties (PARTIES below). Each one shows a trap of the real data (see
//     ../sample/README.md and /work/shared/docs/ofac-xml.md "Gotchas"): mixed-case EVM, one
//     address under several tickers, Bitcoin addresses under USDT, duplicate (ticker, address)
//     pairs inside one party and across two parties, a Tron address under XBT, a 64-hex XMR
//     value, BCH cashaddr without prefix, BNB and SOL (new in this edition), bc1 of 42 and 62
//     chars, non-Latin names (CJK, Cyrillic, Arabic script, Hangul), and 2 parties without any
//     digital-currency feature as negative cases.
//   - Size cap: a party with more than MAX_DCA (8) digital-currency-address Features keeps at most
//     8 of them: first the feature IDs listed in `keep` (the trap addresses), then the others in
//     document order. Removing whole <Feature> elements (each with its own line, CRLF included)
//     is the only edit made inside a party; Identity/Alias elements and non-DCA Features
//     (birthdates, websites, ...) are untouched.
//   - <Locations>: only Locations whose FeatureVersionReferences all point into kept parties.
//     Shared country-level Locations (one <Location> per country, referenced by up to ~1,900
//     FeatureVersions; Russia alone is 116 KB) are dropped, so some VersionLocation LocationIDs in
//     kept parties do not resolve inside the sample (the summary lists them).
//     <IDRegDocuments>: only documents whose IdentityID is an Identity of a kept party.
//     <ProfileRelationships>: only relationships whose From- AND To-ProfileID are both kept
//     (so every reference in the sample resolves). <SanctionsEntries>: the entries of kept
//     profiles. A section left with no element is written as `  <Name />`.
//   - The tail (`<SanctionsEntryLinks />` and `</Sanctions>`, no final newline) is copied verbatim.
// Every kept element is byte-identical to the source (CRLF line endings included), and elements
// stay in source order. No timestamps are written, so running it twice gives identical bytes.
// The input is machine-generated with a fixed layout (2-space indent per level, CRLF), so plain
// string/regex slicing is used; the script checks its own assumptions and fails loudly.

import { createHash } from "node:crypto";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));
const INPUT =
  process.argv[2] ?? "/work/shared/data/ofac/xml/sdn_advanced_2025-11-19_3ed6690688.dca-subset.xml";
const OUTPUT = process.argv[3] ?? resolve(here, "../sample/sdn_advanced_sample.xml");

const MAX_DCA = 8;
const CRLF = "\r\n";

/**
 * Parties to keep: profile id (= DistinctParty FixedRef = Profile ID = SanctionsEntry ProfileID),
 * DCA Feature IDs that must survive the size cap, and the reason the party is in the sample.
 */
const PARTIES = [
  { id: "36", keep: [], why: "negative case: no digital-currency feature" },
  { id: "173", keep: [], why: "negative case: no digital-currency feature" },
  { id: "25308", keep: [], why: "YAN Xiaobing: CJK names (颜 晓兵 / 顏 曉兵)" },
  {
    id: "27307",
    keep: ["50215"],
    why: "Lazarus Group: mixed-case EVM 0x098B716B…2f96, alias Hidden Cobra",
  },
  {
    id: "29585",
    // 9 DCA features: drop one of the two plain XBT addresses (36451), keep every rare ticker.
    keep: ["36450", "36452", "36453", "36454", "36472", "36473", "36474", "36475"],
    why: "Karasavidi: XMR 64-hex value; ETH+ETC same address 0xd882…344b; Cyrillic name",
  },
  {
    id: "30518",
    keep: ["38238", "38239", "38264", "38269", "38271"],
    why: "Secondeye Solution: LTC LeKvNd… shared with 30520; legacy-format address under BCH",
  },
  { id: "30520", keep: ["38287"], why: "RAZA Mujtaba Ali: LTC LeKvNd… shared with 30518; XVG" },
  {
    id: "31212",
    keep: ["39646", "44779", "44780", "44781", "44782", "44776"],
    why: "SOUTHFRONT: BCH cashaddr without prefix; normal 95-char XMR; bc1 of 42 chars",
  },
  {
    id: "33151",
    keep: ["43008", "43104", "43011", "43100", "43060"],
    why: "SUEX: 1Lrxs… under XBT and USDT; 0x2f389… under ETH and USDT; bc1 of 42 chars",
  },
  {
    id: "37070",
    keep: ["51501", "51507"],
    why: "Blender.io: duplicate XBT 3F6bbv… twice in one party",
  },
  {
    id: "38419",
    keep: ["53723"],
    why: "Khatibi Aghada: XBT 1H939d… shared with 38420; Arabic-script name",
  },
  { id: "38420", keep: ["53731"], why: "Nikaeen Ravari: XBT 1H939d… shared with 38419" },
  {
    id: "42498",
    keep: ["60982", "61088", "61089"],
    why: "Sim Hyon Sop: ETH+ARB+BSC same address 0x4f47…270c",
  },
  {
    id: "43377",
    keep: ["62811", "62812", "62813"],
    why: "Kim Sang Man: ETH+USDT+USDC same address 0xb6f5…1f40; Hangul name",
  },
  { id: "45213", keep: [], why: "Gambashidze: USDT on Tron (T…); Cyrillic name" },
  { id: "45350", keep: ["65811"], why: "Xia Fengbing: bc1 of 62 chars; TRX; CJK name" },
  {
    id: "45404",
    keep: ["65924"],
    why: "Wang Mingming: Tron-format TUCsTq… under XBT; lowercase 0x under USDT",
  },
  {
    id: "56360",
    keep: ["94570", "94577", "94579"],
    why: "Sokolovski Rolan: BNB bnb1… and SOL (first seen in this edition); TRX",
  },
];

/** Addresses the sample must contain (self-check). */
const MUST_CONTAIN = [
  "0x098B716B8Aaf21512996dC57EB0615e2383E2f96",
  "0xb6f5ec1a0a9cd1526536d3f0426c429529471f40",
  "1LrxsRd7zNuxPJcL5rttnoeJFy1y4AffYY",
  "3F6bbvS1krsc1qR8FsbTDfYQyvkMm3QvmR",
  "LeKvNdNEzgQkzVVnRdV3fAu2DSF1nLsNw6",
  "1H939dom7i4WDLCKyGbXUp3fs9CSTNRzgL",
  "TUCsTq7TofTCJRRoHk6RvhMoS2mJLm5Yzq",
  "5be5543ff73456ab9f2d207887e2af87322c651ea1a873c5b25b7ffae456c320",
  "qpf2cphc5dkuclkqur7lhj2yuqq9pk3hmukle77vhq",
  "bnb136ns6lfw4zs5hg4n85vdthaad7hq5m4gtkgf23",
  "42RLPACwZPx3vYYmxSueqsogfynBDqXK298EDsNoyoHi",
  "bc1qv7k70u2zynvem59u88ctdlaw7hc735d8xep9rq",
  "bc1qkfqh5p2qsakseg5gnwen6zh5xf3elmku2xaup29mw3l0wnncy3es880dss",
  "0x4f47bc496083c727c5fbe3ce9cdf2b0f6496270c",
  "0xd882cfc20f52f2599d84b8e8d58c7fb62cfe344b",
  ">颜</NamePartValue>", // YAN Xiaobing: the CJK name is stored as two name parts, 颜 + 晓兵
  ">晓兵</NamePartValue>",
];

function fail(msg) {
  console.error(`make-sample: ${msg}`);
  process.exit(1);
}

const src = readFileSync(INPUT, "utf8");
if (src.charCodeAt(0) === 0xfeff) fail("unexpected BOM in input");
if (/(?<!\r)\n/.test(src)) fail("input has LF without CR; expected CRLF line endings throughout");

// ---- header: declaration, <Sanctions>, <DateOfIssue>, whole <ReferenceValueSets> -------------
const RVS_END = `  </ReferenceValueSets>${CRLF}`;
const rvsEnd = src.indexOf(RVS_END);
if (rvsEnd < 0) fail("</ReferenceValueSets> not found");
const head = src.slice(0, rvsEnd + RVS_END.length);
if (!head.startsWith("<?xml ")) fail("input does not start with an XML declaration");

// Digital-currency FeatureType IDs are read from the reference values, never hard-coded.
const dcaTicker = new Map();
for (const m of head.matchAll(
  /<FeatureType ID="(\d+)"[^>]*>Digital Currency Address - ([^<]+)<\/FeatureType>/g,
)) {
  dcaTicker.set(m[1], m[2]);
}
if (dcaTicker.size === 0) fail('no "Digital Currency Address - X" FeatureTypes found');

// ---- top-level sections ---------------------------------------------------------------------
/** Returns { start, end, elements: string[] } for `  <Section>` … `  </Section>` (CRLF-terminated). */
function section(name, child) {
  const open = `  <${name}>${CRLF}`;
  const close = `  </${name}>${CRLF}`;
  const empty = `  <${name} />${CRLF}`;
  const s = src.indexOf(open, rvsEnd);
  if (s < 0) {
    const e = src.indexOf(empty, rvsEnd);
    if (e < 0) fail(`section <${name}> not found`);
    return { start: e, end: e + empty.length, elements: [] };
  }
  const e = src.indexOf(close, s);
  if (e < 0) fail(`</${name}> not found`);
  const body = src.slice(s + open.length, e);
  const re = new RegExp(`    <${child}\\b[^>]*?(?:/>|>[\\s\\S]*?</${child}>)\\r\\n`, "gy");
  const elements = [];
  for (const m of body.matchAll(re)) elements.push(m[0]);
  if (elements.join("").length !== body.length) {
    fail(`could not split <${name}> into <${child}> elements`);
  }
  return { start: s, end: e + close.length, elements };
}

const secs = {
  Locations: section("Locations", "Location"),
  IDRegDocuments: section("IDRegDocuments", "IDRegDocument"),
  DistinctParties: section("DistinctParties", "DistinctParty"),
  ProfileRelationships: section("ProfileRelationships", "ProfileRelationship"),
  SanctionsEntries: section("SanctionsEntries", "SanctionsEntry"),
};
const order = Object.keys(secs);
for (let i = 1; i < order.length; i++) {
  if (secs[order[i]].start !== secs[order[i - 1]].end)
    fail(`unexpected content between <${order[i - 1]}> and <${order[i]}>`);
}
if (secs.Locations.start !== head.length)
  fail("unexpected content between </ReferenceValueSets> and <Locations>");
const tail = src.slice(secs.SanctionsEntries.end);
if (!/^\s*(<SanctionsEntryLinks\s*\/>\s*)?<\/Sanctions>\s*$/.test(tail))
  fail(`unexpected tail: ${tail.slice(0, 200)}`);

// ---- parties ----------------------------------------------------------------------------------
const attr = (el, name) => el.match(new RegExp(`^\\s*<\\w+\\b[^>]*?\\s${name}="([^"]*)"`))?.[1];

const partyById = new Map();
for (const el of secs.DistinctParties.elements) partyById.set(attr(el, "FixedRef"), el);

// A whole <Feature> element with its own line: from the line start (after the previous CRLF)
// through the CRLF that ends the </Feature> line.
const FEATURE_RE = /(?<=\r\n) *<Feature ID="(\d+)" FeatureTypeID="(\d+)">[\s\S]*?<\/Feature>\r\n/g;
const wanted = new Set(PARTIES.map((p) => p.id));
const keptParties = [];
const summary = [];
for (const el of secs.DistinctParties.elements) {
  const id = attr(el, "FixedRef");
  if (!wanted.has(id)) continue;
  const cfg = PARTIES.find((p) => p.id === id);
  const dca = [...el.matchAll(FEATURE_RE)].filter((m) => dcaTicker.has(m[2]));
  for (const k of cfg.keep) {
    if (!dca.some((m) => m[1] === k)) fail(`party ${id}: must-keep DCA Feature ${k} not found`);
  }
  if (cfg.keep.length > MAX_DCA) fail(`party ${id}: more than ${MAX_DCA} must-keep features`);
  const keepIds = new Set(cfg.keep);
  for (const m of dca) {
    if (keepIds.size >= MAX_DCA) break;
    keepIds.add(m[1]);
  }
  let out = el;
  // Remove dropped DCA Features; each starts at the beginning of its own line.
  for (const m of dca) {
    if (keepIds.has(m[1])) continue;
    if (!m[0].endsWith(`</Feature>${CRLF}`))
      fail(`party ${id}: Feature ${m[1]} not on its own line`);
    out = out.replace(m[0], "");
  }
  keptParties.push(out);
  summary.push({ id, dcaTotal: dca.length, dcaKept: keepIds.size });
}
for (const p of PARTIES) if (!partyById.has(p.id)) fail(`party ${p.id} not found in input`);

const partiesXml = keptParties.join("");
const fvIds = new Set([...partiesXml.matchAll(/<FeatureVersion ID="(\d+)"/g)].map((m) => m[1]));
const identityIds = new Set([...partiesXml.matchAll(/<Identity ID="(\d+)"/g)].map((m) => m[1]));
const locRefs = new Set(
  [...partiesXml.matchAll(/<VersionLocation LocationID="(\d+)"/g)].map((m) => m[1]),
);

// A Location is kept only if every FeatureVersion it refers back to is in a kept party (these are
// the party-specific addresses). Country-level Locations ("Russia", "Iran", …) are shared by up
// to ~1,900 FeatureVersions of other parties (Russia alone is 116 KB); they are dropped to keep
// the sample small, so a kept party's VersionLocation may name a Location absent from the sample
// (listed in the summary). The DCA parse does not use Locations.
const keptLocations = secs.Locations.elements.filter((el) => {
  const refs = [...el.matchAll(/<FeatureVersionReference FeatureVersionID="(\d+)"/g)].map(
    (m) => m[1],
  );
  return refs.length > 0 && refs.every((r) => fvIds.has(r));
});
const keptLocIds = new Set(keptLocations.map((el) => attr(el, "ID")));
const droppedLocRefs = [...locRefs].filter((r) => !keptLocIds.has(r)).sort((a, b) => a - b);
const droppedLocNames = droppedLocRefs.map((r) => {
  const el = secs.Locations.elements.find((e) => attr(e, "ID") === r);
  if (!el) fail(`VersionLocation ${r} has no <Location> in the input`);
  return `${r} ${el.match(/<Value>([^<]*)<\/Value>/)?.[1] ?? "?"}`;
});

const keptDocs = secs.IDRegDocuments.elements.filter((el) =>
  identityIds.has(attr(el, "IdentityID")),
);
const keptRels = secs.ProfileRelationships.elements.filter(
  (el) => wanted.has(attr(el, "From-ProfileID")) && wanted.has(attr(el, "To-ProfileID")),
);
const keptEntries = secs.SanctionsEntries.elements.filter((el) =>
  wanted.has(attr(el, "ProfileID")),
);
for (const id of wanted) {
  if (!keptEntries.some((el) => attr(el, "ProfileID") === id))
    fail(`no SanctionsEntry for profile ${id}`);
}

const wrap = (name, els) =>
  els.length ? `  <${name}>${CRLF}${els.join("")}  </${name}>${CRLF}` : `  <${name} />${CRLF}`;

const output =
  head +
  wrap("Locations", keptLocations) +
  wrap("IDRegDocuments", keptDocs) +
  wrap("DistinctParties", keptParties) +
  wrap("ProfileRelationships", keptRels) +
  wrap("SanctionsEntries", keptEntries) +
  tail;

// ---- self-checks --------------------------------------------------------------------------------
for (const a of MUST_CONTAIN) if (!output.includes(a)) fail(`output lacks ${a}`);
if (/(?<!\r)\n/.test(output)) fail("output has a bare LF");
for (const el of [...keptLocations, ...keptDocs, ...keptRels, ...keptEntries]) {
  if (!src.includes(el)) fail("internal: kept element is not verbatim");
}

mkdirSync(dirname(OUTPUT), { recursive: true });
writeFileSync(OUTPUT, output);

// ---- summary ------------------------------------------------------------------------------------
const perTicker = new Map();
for (const m of partiesXml.matchAll(FEATURE_RE)) {
  const t = dcaTicker.get(m[2]);
  if (t) perTicker.set(t, (perTicker.get(t) ?? 0) + 1);
}
const names = new Map();
for (const el of keptParties) {
  const alias = el.match(/<Alias [^>]*Primary="true"[^>]*>([\s\S]*?)<\/Alias>/)?.[1] ?? "";
  const dn =
    alias.match(/<DocumentedName [^>]*DocNameStatusID="1">([\s\S]*?)<\/DocumentedName>/)?.[1] ??
    alias;
  names.set(
    attr(el, "FixedRef"),
    [...dn.matchAll(/<NamePartValue[^>]*>([^<]*)</g)].map((m) => m[1]).join(" "),
  );
}
console.log(`make-sample: ${INPUT}`);
console.log(`          -> ${OUTPUT}`);
console.log(`parties kept: ${keptParties.length}`);
for (const s of summary) {
  console.log(
    `  ${s.id.padStart(5)}  DCA ${String(s.dcaKept).padStart(2)}/${String(s.dcaTotal).padEnd(3)} ${names.get(s.id)}`,
  );
}
console.log(`DCA features kept: ${[...perTicker.values()].reduce((a, b) => a + b, 0)}`);
for (const [t, n] of [...perTicker].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))) {
  console.log(`  ${t.padEnd(5)} ${n}`);
}
console.log(
  `Locations ${keptLocations.length}, IDRegDocuments ${keptDocs.length}, ProfileRelationships ${keptRels.length}, SanctionsEntries ${keptEntries.length}`,
);
console.log(`shared Locations referenced but not kept: ${droppedLocNames.join(", ") || "none"}`);
console.log(`output bytes: ${Buffer.byteLength(output)}`);
console.log(`sha256: ${createHash("sha256").update(output).digest("hex")}`);
