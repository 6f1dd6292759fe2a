import {
  type EVMMessageVerifier,
  parseSIWxHeader,
  type SIWxPayload,
  validateSIWxMessage,
  verifySIWxSignature,
} from "@x402/extensions/sign-in-with-x";
import { canonicalAddress, type SignedInWallet, walletKey } from "./signed-in-wallet.js";

/** The longest SIGN-IN-WITH-X header read: a proof is well under 2 KB. */
const MAX_PROOF_BYTES = 8192;

/** How old a proof's `issuedAt` may be (x402's default), and how far clocks may disagree. */
const PROOF_MAX_AGE_MS = 5 * 60_000;
const CLOCK_SKEW_MS = 60_000;

/** Why a proof was refused: a stable code, its status, and a sentence. */
interface ProofRefusal {
  readonly status: 400 | 401;
  readonly code:
    | "SIWX_MALFORMED"
    | "SIWX_UNSUPPORTED_CHAIN"
    | "SIWX_WRONG_AUDIENCE"
    | "SIWX_EXPIRED"
    | "SIWX_BAD_SIGNATURE"
    | "SIWX_REPLAYED";
  readonly message: string;
}

export type ProofCheck =
  | { readonly ok: true; readonly wallet: SignedInWallet }
  | { readonly ok: false; readonly refusal: ProofRefusal };

export interface ProofOptions {
  /** The service's public origin: the proof's `domain` must be its host, its `uri` on it. */
  readonly origin: URL;
  /**
   * Takes the proof's nonce for the wallet, once across replicas (the ledger's
   * `claimSignInNonce`): false when it was taken already.
   */
  readonly claimNonce: (wallet: string, nonce: string, expiresAt: Date) => Promise<boolean>;
  /**
   * Verifies an EVM signature (a viem public client's `verifyMessage` also takes smart-contract
   * wallets, EIP-1271 and EIP-6492); default: an EOA's EIP-191 signature, recovered offline.
   */
  readonly evmVerifier?: EVMMessageVerifier | undefined;
}

const refused = (status: 400 | 401, code: ProofRefusal["code"], message: string): ProofCheck => ({
  ok: false,
  refusal: { status, code, message },
});

/** x402's validation reasons, as the API's codes. */
const VALIDATION_CODES: Record<string, ProofRefusal["code"]> = {
  invalid_siwx_domain_mismatch: "SIWX_WRONG_AUDIENCE",
  invalid_siwx_uri_mismatch: "SIWX_WRONG_AUDIENCE",
  invalid_siwx_nonce: "SIWX_REPLAYED",
};

/**
 * Checks a SIGN-IN-WITH-X header with x402's own functions, cheapest first: its size, its
 * shape (`parseSIWxHeader`), its namespace, its audience and freshness (`validateSIWxMessage`:
 * `domain` the service's host, `uri` on its origin, `issuedAt` at most five minutes old and not
 * in the future, `expirationTime` and `notBefore` honoured), its signature
 * (`verifySIWxSignature`: SIWE / EIP-191 on `eip155`, SIWS / Ed25519 on `solana`), and last its
 * nonce, taken once (a proof replayed, here or on another replica, is refused). Only a valid
 * signature takes a nonce, so no one can spend another wallet's.
 */
export async function checkProof(header: string, options: ProofOptions): Promise<ProofCheck> {
  if (header.length > MAX_PROOF_BYTES) {
    return refused(
      400,
      "SIWX_MALFORMED",
      `The SIGN-IN-WITH-X header is over ${MAX_PROOF_BYTES} bytes.`,
    );
  }
  let payload: SIWxPayload;
  try {
    payload = parseSIWxHeader(header);
  } catch (error) {
    const reason = error instanceof Error ? error.message : "unreadable";
    return refused(
      400,
      "SIWX_MALFORMED",
      `The SIGN-IN-WITH-X header is not a sign-in-with-x proof (base64 of its JSON payload): ${reason.slice(0, 300)}`,
    );
  }
  const namespace = payload.chainId.split(":")[0];
  if (namespace !== "eip155" && namespace !== "solana") {
    return refused(401, "SIWX_UNSUPPORTED_CHAIN", "Sign in on an eip155 (EVM) or solana chain.");
  }
  const validation = await validateSIWxMessage(payload, options.origin, {
    maxAge: PROOF_MAX_AGE_MS,
  });
  if (!validation.isValid) {
    const code = VALIDATION_CODES[validation.invalidReason] ?? "SIWX_EXPIRED";
    return refused(
      401,
      code,
      code === "SIWX_WRONG_AUDIENCE"
        ? `The proof was signed for another service: its domain must be ${options.origin.host} and its uri on ${options.origin.origin}.`
        : `The proof is not fresh (${validation.invalidMessage}): sign a new one.`,
    );
  }
  let verified: Awaited<ReturnType<typeof verifySIWxSignature>>;
  try {
    verified = await verifySIWxSignature(payload, { evmVerifier: options.evmVerifier });
  } catch {
    // The message could not be rebuilt from the payload (an address SIWE does not take).
    verified = { isValid: false, invalidReason: "invalid_siwx_signature", invalidMessage: "" };
  }
  if (!verified.isValid) {
    return refused(401, "SIWX_BAD_SIGNATURE", "The proof's signature is not the address's.");
  }
  const wallet: SignedInWallet = {
    namespace,
    address: canonicalAddress(namespace, payload.address),
  };
  const expiresAt = new Date(
    new Date(payload.issuedAt).getTime() + PROOF_MAX_AGE_MS + CLOCK_SKEW_MS,
  );
  if (!(await options.claimNonce(walletKey(wallet), payload.nonce, expiresAt))) {
    return refused(
      401,
      "SIWX_REPLAYED",
      "This proof was used already: sign a new one for each request.",
    );
  }
  return { ok: true, wallet };
}
