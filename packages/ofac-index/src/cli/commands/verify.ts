import {
  type AttestationClaims,
  type AttestationErrorCode,
  isAttestationError,
  verifyAttestation,
} from "@svc/attestations";
import { checkAgainstEdition, type EditionCheck } from "../../attestation/check-against-edition.js";
import { UsageError } from "../cli-error.js";
import { defineCommand } from "../command.js";
import { EXIT } from "../exit-codes.js";
import { loadEditionFile, sampleNotice } from "../load-edition.js";
import { readAttestation } from "../verify/read-attestation.js";
import { readKeys } from "../verify/read-keys.js";

/**
 * Why an attestation does not hold, the codes of `POST /api/attestations/verify`: the library's
 * refusals (`malformed`, `unknown_kid`, `bad_signature`, `not_canonical`, `bad_claims`,
 * `bad_key`), then the edition check's with `--list`: `edition_mismatch` (the list is not the
 * attested edition) and `result_mismatch` (it is, but an address does not get its attested
 * answer).
 */
type VerdictCode = AttestationErrorCode | "result_mismatch" | "edition_mismatch";

/** The verdict, as the HTTP API's: `valid`, else a `code` and its `reason`; then the details. */
export interface CliVerdict {
  readonly valid: boolean;
  readonly code?: VerdictCode;
  readonly reason?: string;
  /** The key that signed it (once the signature verified). */
  readonly kid?: string;
  /** The signed claims (once the signature verified). */
  readonly claims?: AttestationClaims;
  /** With `--list`: the attested addresses screened again on that edition. */
  readonly edition?: EditionCheck;
}

/** One line, whatever a reason holds. */
const oneLine = (text: string): string => text.replace(/\s*[\r\n]+\s*/g, " ").trim();

/** The verdict's first line: `valid`, or `invalid <code>: <reason>`. */
function verdictLine(verdict: CliVerdict): string {
  return verdict.valid
    ? "valid"
    : `invalid ${verdict.code}: ${oneLine(verdict.reason ?? "no reason given")}`;
}

/** Verifies an attestation and prints the verdict line, then the verdict as JSON. */
export const verifyCommand = defineCommand(
  {
    name: "verify",
    summary: "check a screening attestation: prints valid, or invalid CODE",
    synopsis: "ATTESTATION --keys KEYS [--list FILE]",
    description:
      "Checks a screening attestation of the service against its published signing keys: signed by one of them (current or retired), intact and well formed. With --list, it also screens the attested addresses again on that edition and checks that it is the attested edition (its SHA-256) and that every address gets its attested answer (status, SDN entry ids, tickers). Prints the verdict as its first line on stdout, `valid` or `invalid CODE: reason`, with the codes of POST /api/attestations/verify: malformed, unknown_kid, bad_signature, not_canonical, bad_claims, bad_key, and with --list edition_mismatch, result_mismatch. Then the details as JSON (valid, code, reason, kid, claims, edition): `head -n 1` reads the verdict, `tail -n +2` the JSON.",
    arguments: [
      [
        "ATTESTATION",
        "the compact JWS, or a file holding it (alone, in lines, or as the attestation member of a saved JSON answer), or a PDF, DOCX or XLSX of the service carrying it (the PDF's attachment attestation.jws, the DOCX's package part, the XLSX's hidden sheet)",
      ],
    ],
    options: {
      keys: {
        type: "string",
        value: "KEYS",
        help: "the service's published key set (JWKS): a file, or its http(s) URL such as https://<service>/.well-known/jwks.json (read within 10 s and 256 KiB). Required",
      },
      list: {
        type: "string",
        value: "FILE",
        help: "also screen the attested addresses again on this edition: an OFAC SDN Advanced XML (.xml or .xml.gz), a snapshot, or - for standard input. Without it, only the signature is checked",
      },
    },
    exitCodes: [
      [EXIT.OK, "valid (first line of stdout: valid)"],
      [
        EXIT.FAILURE,
        'invalid (first line of stdout: invalid CODE: reason), or no verdict: the key set or the list cannot be read, nothing on stdout, "ofac-index: …" on stderr',
      ],
      [EXIT.USAGE, "usage error: no ATTESTATION, no --keys, or an ATTESTATION that is neither"],
    ],
  },
  async (values, positionals) => {
    const [argument, ...extra] = positionals;
    if (argument === undefined) {
      throw new UsageError("verify needs an ATTESTATION (a JWS or a FILE)", "verify");
    }
    if (extra.length > 0) throw new UsageError("verify takes one ATTESTATION", "verify");
    if (values.keys === undefined) {
      throw new UsageError("verify needs --keys KEYS (a JWKS file or URL)", "verify");
    }
    if (values.list === "") {
      throw new UsageError("--list needs a FILE, not an empty string", "verify");
    }
    const jws = await readAttestation(argument);
    const keys = await readKeys(values.keys);
    const verdict = await cliVerdict(jws, keys, values.list);
    process.stdout.write(`${verdictLine(verdict)}\n${JSON.stringify(verdict, null, 2)}\n`);
    return verdict.valid ? EXIT.OK : EXIT.FAILURE;
  },
);

/**
 * The verdict of `POST /api/attestations/verify`, on the key set given and, with `list`, on that
 * edition: a refusal of the library is a verdict with its code, never a thrown error; a list
 * that does not load is (there is no verdict then).
 */
async function cliVerdict(
  jws: string,
  keys: Parameters<typeof verifyAttestation>[1],
  list: string | undefined,
): Promise<CliVerdict> {
  let verified: Awaited<ReturnType<typeof verifyAttestation>>;
  try {
    verified = await verifyAttestation(jws, keys);
  } catch (error) {
    if (!isAttestationError(error)) throw error;
    return { valid: false, code: error.code, reason: error.reason };
  }
  const { kid, claims } = verified;
  if (list === undefined) return { valid: true, kid, claims };
  const index = await loadEditionFile(list);
  sampleNotice(index);
  const edition = checkAgainstEdition(claims, index);
  if (edition.holds) return { valid: true, kid, claims, edition };
  const [first, ...more] = edition.reasons;
  return {
    valid: false,
    code: edition.sameEdition ? "result_mismatch" : "edition_mismatch",
    reason: more.length === 0 ? `${first}` : `${first} (and ${more.length} more)`,
    kid,
    claims,
    edition,
  };
}
