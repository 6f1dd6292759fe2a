import type { MonitorBook } from "@svc/ledger";
import type { PaymentRequired } from "@x402/core/types";
import type { EVMMessageVerifier } from "@x402/extensions/sign-in-with-x";
import type { RateLimit } from "../../app/client-rate-limit.js";
import { failedSignIns } from "./failed-sign-ins.js";
import type { SignedInWallet } from "./signed-in-wallet.js";
import { signInChallengeOf } from "./siwx-challenge.js";
import { checkProof } from "./siwx-proof.js";

export interface OwnerSignInOptions {
  /** Where used nonces are kept (the ledger's `monitorBook()`), once across replicas. */
  readonly book: MonitorBook;
  /** The public base URL proofs must be signed for (`PUBLIC_BASE_URL`). */
  readonly baseUrl?: string | undefined;
  /**
   * Without `baseUrl`, whether proofs may be bound to the request's own Host (development): a
   * Host the caller chooses would let a site that collected a wallet's sign-in for itself relay
   * it here, so without this (production) and without `baseUrl` every sign-in is refused 503.
   */
  readonly hostAudience?: boolean | undefined;
  /** The networks the challenge offers to sign on (the service's payment networks, CAIP-2). */
  readonly networks: readonly string[];
  /** Requests without a valid proof one client may make (default `SIGN_IN_RATE_LIMIT`). */
  readonly rateLimit?: RateLimit | undefined;
  /** Smart-contract wallets' signatures (EIP-1271/6492): a viem public client's `verifyMessage`. */
  readonly evmVerifier?: EVMMessageVerifier | undefined;
  readonly now?: (() => Date) | undefined;
}

/** One request to sign in, whatever its transport (an HTTP header, an MCP call's `_meta`). */
interface SignInAttempt {
  /** The proof (base64 of the SIWX payload, as `SIGN-IN-WITH-X` carries it); none: challenged. */
  readonly proof: string | undefined;
  /** The caller's key for its allowance of refused sign-ins. */
  readonly client: string;
  /** The service's base URL for this request: what the proof must be signed for. */
  readonly baseUrl: string;
  /** The resource the challenge names (the route's URL, or the tool's `…/mcp?tool=name`). */
  readonly resourceUrl: string;
}

/** Why a sign-in was refused, as both transports answer it. */
export interface SignInRefusal {
  readonly status: 400 | 401 | 402 | 429 | 503;
  readonly code: string;
  readonly message: string;
  /** The challenge to sign (`SIWX_REQUIRED`): x402's PaymentRequired with no payment option. */
  readonly challenge?: PaymentRequired | undefined;
  /** How long the client is held back (`RATE_LIMITED`), in seconds. */
  readonly retryAfterSeconds?: number | undefined;
}

type SignInResult =
  | { readonly ok: true; readonly wallet: SignedInWallet }
  | { readonly ok: false; readonly refusal: SignInRefusal };

/** The owners' sign-in: one per app, shared by the HTTP routes and the MCP tools. */
export interface OwnerSignIn {
  /** The whole seconds a client is still held back for its refused sign-ins (0: not held). */
  heldFor(client: string): number;
  /** The wallet that signs in, or the refusal (each refusal counted against the client). */
  signIn(attempt: SignInAttempt): Promise<SignInResult>;
  /** A refusal of a client held back: checked before anything of its request is read. */
  rateLimited(seconds: number): SignInRefusal;
}

/** How often the nonces past their expiry are forgotten. */
const PRUNE_EVERY_MS = 60_000;

/**
 * The one check of an owner's Sign-In-With-X proof, for the owner API's routes and the hosted
 * MCP server's owner tools alike: without a proof, the challenge (`signInChallengeOf`, 402
 * `SIWX_REQUIRED`); without a public base URL in production, 503 `SIGN_IN_UNAVAILABLE`; a proof
 * checked by `checkProof` (its audience, freshness, signature, and its nonce taken once in the
 * ledger, pruned each minute); every refusal but the 503 counted against the client, which past
 * its allowance is refused 429 `RATE_LIMITED`.
 */
export function ownerSignIn(options: OwnerSignInOptions): OwnerSignIn {
  const { book } = options;
  const now = options.now ?? (() => new Date());
  const failures = failedSignIns(options.rateLimit, () => now().getTime());
  let prunedAt = 0;

  const claimNonce = async (wallet: string, nonce: string, expiresAt: Date) => {
    const at = now();
    if (at.getTime() - prunedAt > PRUNE_EVERY_MS) {
      prunedAt = at.getTime();
      await book.pruneSignInNonces(at);
    }
    return book.claimSignInNonce(wallet, nonce, expiresAt, at);
  };

  const rateLimited = (seconds: number): SignInRefusal => ({
    status: 429,
    code: "RATE_LIMITED",
    message: `Too many requests without a valid sign-in from this client: retry in ${seconds} s.`,
    retryAfterSeconds: seconds,
  });

  /** A refusal counted against the client: past its allowance, the client's 429 instead. */
  const refuse = (client: string, refusal: SignInRefusal): SignInResult => {
    const wait = failures.failed(client);
    return { ok: false, refusal: wait > 0 ? rateLimited(wait) : refusal };
  };

  return {
    heldFor: (client) => failures.heldFor(client),
    rateLimited,
    async signIn(attempt) {
      if (attempt.proof === undefined) {
        return refuse(attempt.client, {
          status: 402,
          code: "SIWX_REQUIRED",
          message:
            "Sign in with the wallet that paid for the monitors: PAYMENT-REQUIRED carries the sign-in-with-x challenge (nothing is to be paid).",
          challenge: signInChallengeOf(attempt.resourceUrl, options.networks, now()),
        });
      }
      if (options.baseUrl === undefined && options.hostAudience !== true) {
        return {
          ok: false,
          refusal: {
            status: 503,
            code: "SIGN_IN_UNAVAILABLE",
            message:
              "Signing in needs the service's public base URL (PUBLIC_BASE_URL), which is not set.",
          },
        };
      }
      const checked = await checkProof(attempt.proof, {
        origin: new URL(attempt.baseUrl),
        claimNonce,
        evmVerifier: options.evmVerifier,
      });
      return checked.ok ? checked : refuse(attempt.client, checked.refusal);
    },
  };
}
