/**
 * The CLI's exit codes, the same for every command (a command uses the ones that apply to it).
 * Stable: scripts and CI jobs branch on them.
 */
export const EXIT = {
  /** Done: the screening answered (clear, or a match without `--fail-on-match`), valid, … */
  OK: 0,
  /** Refused input or a failure: the code and reason are on stderr (verify: `invalid` too). */
  FAILURE: 1,
  /** A wrong invocation: an unknown command or option, a missing argument. */
  USAGE: 2,
  /** `screen --fail-on-match` (or `--fail-on-near-match`): an address is on the list. */
  MATCH: 3,
  /** `screen --fail-on-near-match`: no address is listed, but one is near a listed address. */
  NEAR_MATCH: 4,
} as const;

export type ExitCode = (typeof EXIT)[keyof typeof EXIT];

/** `ofac-index --help`'s table: what each code means across the commands. */
export const EXIT_CODES_HELP: ReadonlyArray<readonly [ExitCode, string]> = [
  [EXIT.OK, "success: the command did its work (screen: no exit 3 or 4 applies; verify: valid)"],
  [
    EXIT.FAILURE,
    'refused input or a failure (an address that is not one, a list that does not load, an unreadable key set): "ofac-index: CODE: message" on stderr, nothing on stdout; or verify: the attestation is invalid (stdout says why)',
  ],
  [EXIT.USAGE, "usage error: unknown command or option, missing or conflicting arguments"],
  [EXIT.MATCH, "screen --fail-on-match or --fail-on-near-match: an address is on the list"],
  [
    EXIT.NEAR_MATCH,
    "screen --fail-on-near-match: no address is on the list, but one is near a listed address",
  ],
];
