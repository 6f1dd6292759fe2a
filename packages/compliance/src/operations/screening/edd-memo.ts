import type { BatchScreenResult, WorkflowStatus } from "@svc/ofac-index";
import { formatValue } from "@svc/report-model";
import { repeatedEntries } from "./batch-screening-report.js";
import type { EddCase } from "./edd-case.js";
import {
  CLEAR_DISPOSITIONS,
  type EddSignOff,
  MATCH_DISPOSITIONS,
  signOffApprovals,
  signOffRows,
  signOffStatement,
} from "./edd-sign-off.js";
import {
  ASSET_RULE,
  describeNearMatch,
  listedElsewhere,
  listForProse,
  type MatchedParty,
  matchedParties,
  noneMatch,
  plural,
  someMatch,
} from "./match-text.js";
import { reportDate } from "./report-date.js";

/**
 * The text of an EDD memo, written the way a compliance file is judged: what was screened and
 * how, what was found, what to do, what the screening cannot say, and who signs it. The JSON
 * answer and the documents both come from this one object, so the PDF a reviewer files says
 * exactly what the API returned.
 *
 * Regulatory references are stated as OFAC's rules (31 CFR Part 501) and worded as such, with
 * the limits a screening tool has: the memo orients the reviewer, it does not advise.
 */

const EXACT_MATCH_RULE =
  "Exact match on the canonical address form: surrounding spaces trimmed; hex addresses (0x, 64-hex) compared case-insensitively; bech32 and Bitcoin Cash addresses in lower case without the bitcoincash: prefix; TON in its raw form; Base58 and other case-sensitive formats exactly as written. A wallet matches under every ticker its address is listed under, whatever asset was requested. Only a well-formed address is screened: a string that fits no address format, or breaks its format's length, checksum or letter-case rules, is refused and never answered clear, unless OFAC published that very string. A clear wallet within two characters of a listed address, equal to one but for letter case, or sharing its first 6 and last 4 characters (a look-alike) is named as a near match for review; it stays clear. No fuzzy name, partial or transaction-graph matching.";

const SDN_LIST_NAME =
  "OFAC Specially Designated Nationals and Blocked Persons (SDN) list: digital-currency address designations";

export interface EddScope {
  readonly list: string;
  readonly sourceFormat: "SDN Advanced XML";
  readonly sourceUrl: string;
  readonly editionDate: string;
  readonly datasetSha256: string;
  readonly refreshedAt: string;
  readonly matchRule: string;
  /**
   * The ticker the requested asset resolved to, or null. It never narrows the screening (a
   * listed address matches whatever the asset); it only orders each wallet's matches.
   */
  readonly assetFilter: string | null;
  readonly walletsSubmitted: number;
  readonly distinctWallets: number;
  /** True when the embedded sample was screened: the memo cannot support a disposition. */
  readonly sampleEdition: boolean;
}

export interface EddMemo {
  readonly memoDate: string;
  readonly workflowStatus: WorkflowStatus;
  /** A short label of the recommendation, for the document's recommendation table. */
  readonly decision: string;
  readonly recommendation: string;
  readonly scope: EddScope;
  readonly matchedParties: readonly MatchedParty[];
  readonly evidenceSummary: readonly string[];
  readonly requiredFollowUp: readonly string[];
  readonly limitations: readonly string[];
  readonly signOff: EddSignOff;
}

const walletRef = (p: { position: number; address: string }): string =>
  `#${p.position} ${p.address}`;

/** `Lazarus Group (Entity; SDN List; programs DPRK3; listed 2019-09-13; measures Block; …)`. */
function partyEvidence(p: MatchedParty): string {
  const aliases =
    p.aliases.length === 0
      ? ""
      : `; also known as ${p.aliases.slice(0, 3).join(", ")}${p.aliases.length > 3 ? ", …" : ""}`;
  const wallets = p.wallets.map((w) => `${walletRef(w)} (${w.asset})`);
  return `Matched entity: ${p.entityName} (${p.partyType}; ${p.listName}; programs ${p.programs.join(", ") || "not given"}; listed ${p.listedOn ?? "date not given"}; measures ${p.measures.join(", ") || "not given"}${aliases}; SDN entry ${p.profileId}). ${p.wallets.length === 1 ? "Submitted wallet matching its designated address" : "Submitted wallets matching its designated addresses"}: ${listForProse(wallets, 10)}.`;
}

/** A line naming matched strings OFAC published in no address format (matched as published). */
function unrecognizedEvidence(batch: BatchScreenResult): string[] {
  const refs = batch.results.flatMap((r, i) =>
    r.query.addressFormat === "unrecognized"
      ? [walletRef({ position: i + 1, address: r.query.address })]
      : [],
  );
  return refs.length === 0
    ? []
    : [
        `OFAC published ${listForProse(refs, 10)} in no address format; ${refs.length === 1 ? "it matches" : "they match"} as published.`,
      ];
}

/** The clear wallets near a listed address, each with the listed addresses it is near. */
const nearWallets = (batch: BatchScreenResult) =>
  batch.results.flatMap((r, i) =>
    r.nearMatches.length === 0
      ? []
      : [{ ref: walletRef({ position: i + 1, address: r.query.address }), near: r.nearMatches }],
  );

/** One evidence line per clear wallet near a listed address. */
function nearEvidence(batch: BatchScreenResult): string[] {
  return nearWallets(batch).map(
    ({ ref, near }) =>
      `Near match: ${ref} is clear, but near ${near.length === 1 ? "the listed address" : "the listed addresses"} ${listForProse(near.map(describeNearMatch), 5)}. Exact match is the rule, so it is not a match; a reviewer compares the two.`,
  );
}

/** One follow-up per clear wallet near a listed address: confirm it is the address meant. */
function nearFollowUp(c: EddCase, batch: BatchScreenResult): string[] {
  return nearWallets(batch).map(
    ({ ref, near }) =>
      `Confirm with ${c.subjectName} that ${ref} is the address meant: it is near ${listForProse(near.map(describeNearMatch), 5)}. Compare them character for character and record the outcome (a distinct address, or a typo or altered copy of the listed one, then treated as a match).`,
  );
}

function evidence(c: EddCase, batch: BatchScreenResult, parties: readonly MatchedParty[]) {
  const { summary: s, sourceFreshness: f, query } = batch;
  const matched = batch.results
    .map((r, i) => ({ position: i + 1, address: r.query.address, hit: r.summary.status }))
    .filter((r) => r.hit === "match");
  const repeats = repeatedEntries(batch);
  return [
    s.matchCount > 0
      ? `${someMatch(s.matchCount, s.totalScreened, "submitted wallet")} the OFAC SDN list exactly (${listForProse(matched.map(walletRef), 10)})${s.clearCount === 0 ? "" : `; ${s.clearCount} ${s.clearCount === 1 ? "is" : "are"} clear`}.`
      : `${noneMatch(s.totalScreened, "submitted wallet")} an OFAC SDN digital-currency address exactly.`,
    ...(parties.length === 0
      ? [
          `No SDN entity or individual is associated with any submitted wallet of ${c.subjectName}: the list names no designated party for these addresses.`,
        ]
      : parties.map(partyEvidence)),
    ...(query.assetTicker === null
      ? []
      : [
          `Asset ${query.assetTicker} requested: it does not narrow the screening, because ${ASSET_RULE}; every designation of a submitted wallet counts, under any ticker.`,
        ]),
    ...batch.results.flatMap((r, i) => {
      const elsewhere = listedElsewhere(r);
      return elsewhere === null
        ? []
        : [
            `${walletRef({ position: i + 1, address: r.query.address })} is ${elsewhere}: it is a match all the same.`,
          ];
    }),
    ...nearEvidence(batch),
    ...unrecognizedEvidence(batch),
    `Dataset coverage: ${f.addressCount} distinct digital-currency addresses (${f.assetAddressPairs} ticker-address pairs) across ${f.coveredAssets.length} tickers: ${f.coveredAssets.join(", ")}.`,
    // The edition's source and SHA-256 are stated once, in the scope: the evidence refers to it.
    `Dataset publication: OFAC issued the screened edition on ${f.datasetDate} (its source and SHA-256 under Scope and method); the service last refreshed it at ${formatValue(f.refreshedAt, "datetime")}.`,
    ...(repeats === 0
      ? []
      : [
          `${plural(repeats, "submitted entry", "submitted entries")} ${repeats === 1 ? "repeats" : "repeat"} an earlier address (same canonical form); each entry is reported at its position and counted in the totals.`,
        ]),
    ...(f.notice === undefined ? [] : [`List notice: ${f.notice}`]),
  ];
}

function followUp(c: EddCase, batch: BatchScreenResult, parties: readonly MatchedParty[]) {
  const f = batch.sourceFreshness;
  const sample = f.sample
    ? [
        "Rerun this screening against OFAC's official SDN list before relying on it: it ran on the embedded sample edition, which is not the current list.",
      ]
    : [];
  const nameScreening = `Screen the subject's name (${c.subjectName}) and its owners under the firm's name-screening procedure: this memo covers wallet addresses only.`;
  if (parties.length === 0) {
    return [
      ...sample,
      ...nearFollowUp(c, batch),
      `Record and retain this memo in the case file${c.referenceId === null ? "" : ` ${c.referenceId}`} with its source-freshness evidence: edition ${f.datasetDate}, as identified under Scope and method, refreshed ${formatValue(f.refreshedAt, "datetime")}.`,
      "Rescreen the wallets when the relationship context changes (new products, counterparties or jurisdictions), when wallets are added, and whenever OFAC publishes a new SDN edition.",
      nameScreening,
    ];
  }
  const wallets = listForProse(
    batch.results
      .map((r, i) => ({ position: i + 1, address: r.query.address, hit: r.summary.status }))
      .filter((r) => r.hit === "match")
      .map(walletRef),
    10,
  );
  const entries = listForProse(
    parties.map((p) => `${p.entityName}: SDN entry ${p.profileId}`),
    10,
  );
  return [
    ...sample,
    `Escalate to a human sanctions reviewer before onboarding ${c.subjectName}, before any payout and before any movement of funds involving the matched wallets (${wallets}); hold pending transactions until the reviewer has recorded a disposition.`,
    ...nearFollowUp(c, batch),
    `Confirm or discount each match against OFAC's own entry (Sanctions List Search; ${entries}): compare the address character for character and record the disposition (true match or false positive) with its reasons.`,
    `Document the purpose of the relationship with ${c.subjectName}, its expected activity (volumes, counterparties, assets) and its beneficial ownership, and how the subject holds or uses each matched wallet.`,
    `If a match is confirmed and the property is subject to U.S. jurisdiction, OFAC's regulations require it to be blocked and reported: a report of blocked property is due to OFAC within 10 business days of the blocking (31 CFR 501.603), and a rejected transaction is likewise reported within 10 business days (31 CFR 501.604).${c.jurisdiction === null ? "" : ` Jurisdiction recorded: ${c.jurisdiction}; confirm any further obligations there with counsel.`}`,
    "Retain this memo, its screening evidence and the reviewer's disposition: OFAC's recordkeeping rule (31 CFR 501.601) requires records of transactions subject to its regulations and of blocked property to be kept for 10 years.",
    nameScreening,
  ];
}

const LIMITATIONS: readonly string[] = [
  "Exact-match screening: a wallet is a match only when its canonical form equals an address OFAC has published. Wallets within two characters of a listed address, re-cased copies and look-alikes sharing its ends are named as near matches for review, but other unlisted wallets of a designated party and exposure through counterparties or transaction history are not detected.",
  "Scope is the SDN list's digital-currency address designations: not the subject's name, not OFAC's non-SDN lists, not other authorities' lists (UN, EU, UK), and not property of entities owned 50 percent or more by blocked persons.",
  "A screening result and a manual-review signal, not a legal determination: a clear result does not mean a wallet or the subject is safe to deal with, and a match is confirmed only by a reviewer.",
  "The result holds for the list edition stated; OFAC adds and removes designations without notice.",
  "References to OFAC's reporting and recordkeeping rules (31 CFR Part 501) orient the reviewer and are not legal advice; confirm obligations with counsel.",
];

const SIGN_OFF_STATEMENT =
  "I have reviewed the screening results, the evidence and the limitations of this memo, and I record the disposition below.";

/** Builds the memo text from the case and the batch screening of its wallets. */
export function eddMemo(c: EddCase, batch: BatchScreenResult, date = reportDate()): EddMemo {
  const { summary: s, sourceFreshness: f, query } = batch;
  const parties = matchedParties(batch.results);
  const hit = s.matchCount > 0;
  const near = s.nearMatchCount > 0;
  const dispositions = signOffRows(batch);
  const sampleCaveat = f.sample
    ? " This memo was produced on the embedded sample edition and cannot support a disposition."
    : "";
  return {
    memoDate: date,
    workflowStatus: s.workflowStatus,
    decision: hit
      ? "Pause: manual review required before proceeding"
      : near
        ? "No exact match, but near matches: confirm each wallet before proceeding"
        : "No exact match: may proceed under standard controls, subject to sign-off",
    recommendation:
      (hit
        ? `Do not proceed yet: pause onboarding, payouts and any movement of funds involving ${c.subjectName} until a human reviewer has confirmed or discounted the exact ${s.matchCount === 1 ? "match" : "matches"} and recorded the disposition.`
        : near
          ? `No exact OFAC SDN address match, but ${plural(s.nearMatchCount, "wallet is", "wallets are")} near a listed address: before proceeding with ${c.subjectName}, a reviewer confirms with the subject that each is the address meant and not a typo or altered copy of the listed one. It is not a clearance of the subject.`
          : `No exact OFAC SDN address match: this screening raises no bar to proceeding with ${c.subjectName} under the firm's standard risk-based controls, subject to the reviewer's sign-off. It is not a clearance of the subject.`) +
      sampleCaveat,
    scope: {
      list: SDN_LIST_NAME,
      sourceFormat: "SDN Advanced XML",
      sourceUrl: f.sourceUrl,
      editionDate: f.datasetDate,
      datasetSha256: f.datasetSha256,
      refreshedAt: f.refreshedAt,
      matchRule: EXACT_MATCH_RULE,
      assetFilter: query.assetTicker,
      walletsSubmitted: s.totalScreened,
      distinctWallets: s.totalScreened - repeatedEntries(batch),
      sampleEdition: f.sample,
    },
    matchedParties: parties,
    evidenceSummary: evidence(c, batch, parties),
    requiredFollowUp: followUp(c, batch, parties),
    limitations: LIMITATIONS,
    signOff: {
      status: "pending",
      statement: signOffStatement(SIGN_OFF_STATEMENT, dispositions),
      dispositionOptions: hit ? [...MATCH_DISPOSITIONS] : [...CLEAR_DISPOSITIONS],
      dispositions,
      approvals: signOffApprovals(hit),
    },
  };
}
