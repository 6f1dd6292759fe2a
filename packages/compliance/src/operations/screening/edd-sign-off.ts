import type { BatchScreenResult } from "@svc/ofac-index";
import type { SignOffInput } from "@svc/report-model";
import type { EddMemo } from "./edd-memo.js";

/**
 * What a reviewer ticks for a matched wallet: short, one line in a row's box; the statement says
 * what each means (`SIGN_OFF_MEANING`).
 */
export const MATCH_DISPOSITIONS = ["Confirmed match", "False positive"] as const;

/** …and for a clear wallet near a listed address (the memo's follow-up asks which it is). */
export const NEAR_MATCH_DISPOSITIONS = ["Distinct address", "Typo or altered copy"] as const;

/** What the rows' options mean, said once after the memo's statement. */
const SIGN_OFF_MEANING = {
  match:
    "A confirmed match is blocked, reported and escalated; a false positive has its reasons recorded.",
  near: "A near match is confirmed with the subject as a distinct address, or is a typo or altered copy of the listed one and treated as a match.",
} as const;

const parties = (names: readonly string[]): string | undefined => {
  const unique = [...new Set(names)];
  return unique.length === 0 ? undefined : unique.join("; ");
};

/**
 * The memo's sign-off form (the model's `sign_off`): the statement, one disposition row per
 * matched wallet and per clear wallet near a listed address, in the order screened (a wallet
 * with no finding needs no row; a memo with none keeps one overall row with the memo's
 * options), then the reviewer's line and the second-level approval, required for a match.
 */
export function eddSignOff(memo: EddMemo, batch: BatchScreenResult): SignOffInput {
  const rows = batch.results.flatMap((r, i): SignOffInput["dispositions"] => {
    const at = { position: i + 1, address: r.query.address };
    if (r.summary.status === "match") {
      const party = parties(r.matches.map((m) => m.entityName));
      return [
        {
          ...at,
          finding: "match",
          ...(party === undefined ? {} : { party }),
          options: [...MATCH_DISPOSITIONS],
        },
      ];
    }
    if (r.nearMatches.length === 0) return [];
    const party = parties(r.nearMatches.flatMap((n) => n.parties.map((p) => p.entityName)));
    return [
      {
        ...at,
        finding: "near_match",
        ...(party === undefined ? {} : { party: `near ${party}` }),
        options: [...NEAR_MATCH_DISPOSITIONS],
      },
    ];
  });
  const hit = batch.summary.matchCount > 0;
  return {
    statement: [
      memo.signOff.statement,
      ...(hit ? [SIGN_OFF_MEANING.match] : []),
      ...(rows.some((r) => r.finding === "near_match") ? [SIGN_OFF_MEANING.near] : []),
    ].join(" "),
    dispositions: rows.length === 0 ? [{ options: [...memo.signOff.dispositionOptions] }] : rows,
    approvals: [
      { role: "Reviewer" },
      hit
        ? { role: "Second-level approval", note: "required for a match" }
        : { role: "Second-level approval" },
    ],
  };
}
