import type { LogSink } from "../app/request-log.js";

/**
 * Where the service keeps the attestations it issues (the ledger's `AttestationArchive`):
 * written as each is signed, read by the free lookup `GET /api/attestations/{fingerprint}`.
 */
export interface AttestationStore {
  /** Keeps an attestation; resolves to its fingerprint. */
  archive(jws: string): Promise<string>;
  /** The attestation with this fingerprint (lower-case hex), while it is kept. */
  find(fingerprint: string): Promise<{ readonly jws: string } | undefined>;
}

/**
 * What the signer calls with each attestation it signs, for a paid answer whose payment is
 * already reserved (or settled): archived before the answer goes out, so its lookup URL answers
 * at once. A failure to archive is logged and the answer goes out all the same: the payer paid
 * for the screening, whose JWS the answer and its documents carry whole (and which the POST
 * verification checks without the archive); refusing would cost them a paid answer for a
 * convenience, and the log tells the operator which fingerprints the lookup will not find.
 */
export function keepAttestation(
  store: AttestationStore,
  log: LogSink | undefined,
): (jws: string) => Promise<void> {
  return async (jws) => {
    try {
      await store.archive(jws);
    } catch (error) {
      log?.error(
        {
          event: "attestation_archive_failed",
          error: error instanceof Error ? error.message : String(error),
        },
        "an issued attestation could not be archived: the answer carries it, its lookup will not find it",
      );
    }
  };
}
