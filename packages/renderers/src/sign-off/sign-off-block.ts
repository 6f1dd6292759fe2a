import type { ReportSignOff, SignOffFinding } from "@svc/report-model";

/**
 * What every document prints of a report's sign-off form (`Report.signOff`), in words defined
 * here once; the PDF, DOCX and XLSX renderers each lay it out as one block kept on one page
 * with the attestation's evidence. Every box is printed empty and every line blank: the form
 * records no decision.
 */
export const SIGN_OFF_HEADING = "Reviewer sign-off";

export const SIGN_OFF_WORDS = Object.freeze({
  position: "#",
  wallet: "Wallet",
  finding: "Finding",
  disposition: "Disposition (tick one)",
  reasons: "Reasons",
  approval: "Approval",
  nameAndRole: "Name and role",
  signature: "Signature",
  date: "Date",
  /** The wallet cell of the one overall row of a report with nothing to decide. */
  everyWallet: "Every wallet screened",
  /** …and its finding cell. */
  noFinding: "No match, no near match",
});

const FINDING_LABELS: Readonly<Record<SignOffFinding, string>> = Object.freeze({
  match: "Match",
  near_match: "Near match",
});

/** One disposition row as printed. */
export interface SignOffRowText {
  /** "#3", or "" when the wallet's position is not given (and for the overall row). */
  readonly position: string;
  /** The address (monospace), or null for the overall row. */
  readonly address: string | null;
  /** "Match", "Near match", or the overall row's words. */
  readonly finding: string;
  /** The listed party it matches or is near, or null. */
  readonly party: string | null;
  readonly options: readonly string[];
}

/** One approval line: its title ("Second-level approval (required for a match)"). */
export interface SignOffApprovalText {
  readonly role: string;
  readonly note: string | null;
}

export interface SignOffBlock {
  readonly heading: string;
  readonly statement: string;
  readonly rows: readonly SignOffRowText[];
  readonly approvals: readonly SignOffApprovalText[];
}

export function signOffBlock(signOff: ReportSignOff): SignOffBlock {
  return {
    heading: SIGN_OFF_HEADING,
    statement: signOff.statement,
    rows: signOff.dispositions.map(({ wallet, options }) =>
      wallet === null
        ? {
            position: "",
            address: null,
            finding: SIGN_OFF_WORDS.noFinding,
            party: null,
            options,
          }
        : {
            position: wallet.position === null ? "" : `#${wallet.position}`,
            address: wallet.address,
            finding: FINDING_LABELS[wallet.finding],
            party: wallet.party,
            options,
          },
    ),
    approvals: signOff.approvals.map((a) => ({ role: a.role, note: a.note })),
  };
}

/** The approval's title on one line: "Second-level approval (required for a match)". */
export const approvalTitle = (a: SignOffApprovalText): string =>
  a.note === null ? a.role : `${a.role} (${a.note})`;

/** Every text the block prints, with a path into the report (for fonts and degradations). */
export function* signOffTexts(signOff: ReportSignOff): Iterable<readonly [string, string]> {
  const block = signOffBlock(signOff);
  yield ["signOff", block.heading];
  yield ["signOff.statement", block.statement];
  for (const word of Object.values(SIGN_OFF_WORDS)) yield ["signOff", word];
  for (const [i, row] of block.rows.entries()) {
    const path = `signOff.dispositions[${i}]`;
    yield [path, row.finding];
    if (row.position !== "") yield [path, row.position];
    if (row.address !== null) yield [`${path}.address`, row.address];
    if (row.party !== null) yield [`${path}.party`, row.party];
    for (const [k, option] of row.options.entries()) yield [`${path}.options[${k}]`, option];
  }
  for (const [i, a] of block.approvals.entries()) {
    yield [`signOff.approvals[${i}]`, approvalTitle(a)];
  }
}
