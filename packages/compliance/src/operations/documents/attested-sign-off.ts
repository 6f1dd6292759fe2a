import type { AttestationClaims } from "@svc/attestations";
import type { ReportSignOff } from "@svc/report-model";

/** EVM addresses compare without case (checksum case is a display convention). */
const addressKey = (address: string): string => {
  const a = address.trim();
  return /^0x[0-9a-fA-F]{40}$/.test(a) ? a.toLowerCase() : a;
};

/**
 * What a report's sign-off form says that its attestation does not, one line each: a row for
 * a wallet the attestation does not hold, a row calling a wallet a match that the attestation
 * calls clear or a near match (a clear wallet) one it calls a match, and an attested match with
 * no row to decide it. The form is checked like the tables, so a document is vouched for only
 * when its sign-off asks a reviewer to decide exactly the attested matches (and near matches
 * among the clear wallets, which the attestation does not list).
 */
export function signOffDifferences(claims: AttestationClaims, signOff: ReportSignOff): string[] {
  const attested = new Map<string, { address: string; status: string }>();
  claims.request.addresses.forEach((requested, i) => {
    const result = claims.result[i];
    if (result === undefined) return;
    const entry = { address: requested.address, status: result.status };
    attested.set(addressKey(requested.address), entry);
    attested.set(addressKey(requested.normalizedAddress), entry);
  });
  const differences: string[] = [];
  const decided = new Set<string>();
  for (const { wallet } of signOff.dispositions) {
    if (wallet === null) continue;
    const found = attested.get(addressKey(wallet.address));
    if (found === undefined) {
      differences.push(`${wallet.address}: in the sign-off, not in the attestation`);
      continue;
    }
    if (wallet.finding === "match") decided.add(found.address);
    if (wallet.finding === "match" && found.status !== "match") {
      differences.push(
        `${wallet.address}: the sign-off says match, the attestation says ${found.status}`,
      );
    }
    if (wallet.finding === "near_match" && found.status === "match") {
      differences.push(
        `${wallet.address}: the sign-off says near match, the attestation says match`,
      );
    }
  }
  claims.request.addresses.forEach((requested, i) => {
    if (claims.result[i]?.status === "match" && !decided.has(requested.address)) {
      differences.push(`${requested.address}: attested match, no disposition row in the sign-off`);
    }
  });
  return differences;
}
