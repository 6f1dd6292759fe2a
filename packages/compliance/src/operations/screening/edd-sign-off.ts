import type { BatchScreenResult } from "@svc/ofac-index";
import type { SignOffInput } from "@svc/report-model";

/**
 * What a reviewer ticks for a matched wallet: short, one line in a row's box; the statement says
 * what each means (`SIGN_OFF_MEANING`).
 */
export const MATCH_DISPOSITIONS = ["Confirmed match", "False positive"] as const;

/** …and for a clear wallet near a listed address (the memo's follow-up asks which it is). */
const NEAR_MATCH_DISPOSITIONS = ["Distinct address", "Typo or altered copy"] as const;

/** …and on the one overall row of a memo with neither. */
export const CLEAR_DISPOSITIONS = [
  "No match: proceed under standard controls",
  "Escalated for further review",
] as const;

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

export type SignOffRows = SignOffInput["dispositions"];

/**
 * One disposition row per matched wallet and per clear wallet near a listed address, in the
 * order screened (a wallet with no finding needs no row); a memo with neither keeps one overall
 * row.
 */
export function signOffRows(batch: BatchScreenResult): SignOffRows {
  const rows = batch.results.flatMap((r, i): SignOffRows => {
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
        ...(party === undefined ? {} : { party }),
        options: [...NEAR_MATCH_DISPOSITIONS],
      },
    ];
  });
  return rows.length === 0 ? [{ options: [...CLEAR_DISPOSITIONS] }] : rows;
}

/** The statement a reviewer signs: `base`, then what the options of `rows` mean. */
export function signOffStatement(base: string, rows: SignOffRows): string {
  return [
    base,
    ...(rows.some((r) => r.finding === "match") ? [SIGN_OFF_MEANING.match] : []),
    ...(rows.some((r) => r.finding === "near_match") ? [SIGN_OFF_MEANING.near] : []),
  ].join(" ");
}

/** The approval lines: the reviewer's, then a second-level approval, required for a match. */
export function signOffApprovals(hit: boolean): SignOffInput["approvals"] {
  return [
    { role: "Reviewer" },
    hit
      ? { role: "Second-level approval", note: "required for a match" }
      : { role: "Second-level approval" },
  ];
}

/**
 * The memo's sign-off form as the report model's `sign_off`: the memo's own (`EddMemo.signOff`),
 * so the JSON answer's `reviewerSignOff` and the documents ask for the same dispositions.
 */
export function eddSignOff(memo: { readonly signOff: EddSignOff }): SignOffInput {
  const { statement, dispositions, approvals } = memo.signOff;
  return { statement, dispositions: [...dispositions], approvals: [...approvals] };
}

/** The memo's sign-off form: what the reviewer attests, the options, the rows and approvals. */
export interface EddSignOff {
  readonly status: "pending";
  /** What the reviewer attests by signing, and what the options mean. */
  readonly statement: string;
  /**
   * The options of the memo's overall disposition: those of a match when there is one, else of a
   * clear memo (each row has its own, `dispositions`).
   */
  readonly dispositionOptions: readonly string[];
  /**
   * One row per matched wallet and per clear wallet near a listed address (position, address,
   * finding, party, options), or one overall row when there is neither: what the documents'
   * sign-off form prints, the report model's `sign_off.dispositions`.
   */
  readonly dispositions: SignOffRows;
  /** The approval lines: the reviewer's, then the second-level approval. */
  readonly approvals: SignOffInput["approvals"];
}
