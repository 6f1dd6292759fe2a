/**
 * The reviewer's sign-off of a report (the model's `sign_off`): a form to fill in by hand, with
 * one disposition row per wallet a reviewer must decide (a match, a near match), the options to
 * tick and room to write the reasons, then the approval lines (name and role, signature, date).
 * Nothing in it is filled in or ticked: it records no decision and vouches for nothing; the
 * renderers print every box empty and every line blank, on one page with the attestation's
 * evidence when the report has one.
 */
export interface ReportSignOff {
  /** What the reviewer attests by signing ("I have reviewed … and record the disposition below"). */
  readonly statement: string;
  /**
   * The rows to decide, in order: one per wallet with a finding, or one overall row (`wallet`
   * null) for a report with none (a clear memo).
   */
  readonly dispositions: readonly SignOffDisposition[];
  /** The approval lines, in order: the reviewer's, then a second-level approval. */
  readonly approvals: readonly SignOffApproval[];
}

/** What a wallet is to be decided for: an exact match on the list, or a near match. */
export type SignOffFinding = "match" | "near_match";

export const SIGN_OFF_FINDINGS: readonly SignOffFinding[] = ["match", "near_match"];

interface SignOffWallet {
  /** The wallet's position among those screened (1-based), or null when not given. */
  readonly position: number | null;
  readonly address: string;
  readonly finding: SignOffFinding;
  /** The listed party it matches or is near, or null. */
  readonly party: string | null;
}

interface SignOffDisposition {
  /** The wallet decided, or null for the overall disposition of a report with no finding. */
  readonly wallet: SignOffWallet | null;
  /** The dispositions to tick (printed as empty boxes), e.g. "False positive: reasons recorded". */
  readonly options: readonly string[];
}

interface SignOffApproval {
  /** Whose line it is, e.g. "Reviewer", "Second-level approval". */
  readonly role: string;
  /** A note printed after the role, e.g. "required for a match"; null when none. */
  readonly note: string | null;
}
