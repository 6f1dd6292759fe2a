import { parseArgs } from "node:util";
import { isAttestationError, verifyAttestation } from "@svc/attestations";
import { checkAgainstEdition } from "../../attestation/check-against-edition.js";
import { UsageError } from "../cli-error.js";
import { loadList } from "../load-list.js";
import { readAttestation } from "../verify/read-attestation.js";
import { readKeys } from "../verify/read-keys.js";

export const verifyUsage = "verify <JWS|FILE> --keys <JWKS FILE|URL> [--list FILE|-]";

/**
 * Verifies a screening attestation and prints its claims; with `--list`, screens its addresses
 * again on that edition. Exit 0 when all holds, 1 with the reason on stderr otherwise.
 */
export async function verifyCommand(args: string[]): Promise<number> {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: { keys: { type: "string" }, list: { type: "string" } },
  });
  const [argument, ...extra] = positionals;
  if (argument === undefined) throw new UsageError("verify needs an attestation (JWS or FILE)");
  if (extra.length > 0) throw new UsageError("verify takes one attestation");
  if (values.keys === undefined) throw new UsageError("verify needs --keys (a JWKS file or URL)");
  const jws = await readAttestation(argument);
  const keys = await readKeys(values.keys);
  let verified: Awaited<ReturnType<typeof verifyAttestation>>;
  try {
    verified = await verifyAttestation(jws, keys);
  } catch (error) {
    if (!isAttestationError(error)) throw error;
    process.stderr.write(`ofac-index: attestation refused (${error.code}): ${error.reason}\n`);
    return 1;
  }
  const edition =
    values.list === undefined
      ? undefined
      : checkAgainstEdition(verified.claims, await loadList(values.list));
  process.stdout.write(
    `${JSON.stringify({ kid: verified.kid, claims: verified.claims, ...(edition && { edition }) }, null, 2)}\n`,
  );
  if (edition !== undefined && !edition.holds) {
    process.stderr.write(
      `ofac-index: the list does not confirm the attestation: ${edition.reasons.join("; ")}\n`,
    );
    return 1;
  }
  return 0;
}
