import type { PaymentRequired } from "@x402/core/types";
import { declareSIWxExtension, SIGN_IN_WITH_X } from "@x402/extensions/sign-in-with-x";

/** How long a challenge's message may be signed and sent (x402's `expirationSeconds`). */
const CHALLENGE_SECONDS = 300;

/** What the owner signs: said in every challenge, and shown by wallets. */
const SIGN_IN_STATEMENT = "Sign in to manage the monitors this wallet paid for.";

/**
 * The challenge of a request without a proof, as x402's `sign-in-with-x` extension states it on
 * an auth-only resource: a PAYMENT-REQUIRED (x402 v2) with no payment option (`accepts: []`,
 * which x402's own server hooks read as "authentication only") and `extensions["sign-in-with-x"]`
 * declared by `declareSIWxExtension` and filled as x402's resource-server extension fills it
 * per request: the service's host as `domain`, the resource on the public base URL as `uri`, a
 * fresh random nonce, `issuedAt` now and `expirationTime` five minutes on; every network the
 * service is paid on as a supported chain (EIP-191 on `eip155`, Ed25519 on `solana`).
 *
 * x402's clients sign it unaided: `createSIWxClientHook(signer)` on an `x402HTTPClient` (or
 * `createSIWxClientExtension`) under `wrapFetchWithPayment` reads `extensions["sign-in-with-x"]`
 * of any 402 and retries with the `SIGN-IN-WITH-X` header. (`wrapFetchWithSIWx` does not: it
 * signs only on the chain of `accepts[0]`, which an auth-only resource has none of.) Over MCP
 * the same challenge is an owner tool's `isError` result's structured content, as a paid tool's
 * PaymentRequired is.
 */
export function signInChallengeOf(
  resourceUrl: string,
  networks: readonly string[],
  now: Date,
): PaymentRequired {
  const declared = declareSIWxExtension({
    network: [...networks],
    statement: SIGN_IN_STATEMENT,
    expirationSeconds: CHALLENGE_SECONDS,
  })[SIGN_IN_WITH_X];
  const url = new URL(resourceUrl);
  const nonce = Buffer.from(globalThis.crypto.getRandomValues(new Uint8Array(16))).toString("hex");
  return {
    x402Version: 2,
    error: "Sign in with the wallet that paid for the monitor (sign-in-with-x).",
    resource: {
      url: resourceUrl,
      description: "The monitors of the wallet that signs in.",
      mimeType: "application/json",
    },
    accepts: [],
    extensions: {
      [SIGN_IN_WITH_X]: {
        info: {
          ...declared?.info,
          domain: url.host,
          uri: resourceUrl,
          nonce,
          issuedAt: now.toISOString(),
          expirationTime: new Date(now.getTime() + CHALLENGE_SECONDS * 1000).toISOString(),
          resources: [resourceUrl],
        },
        supportedChains: declared?.supportedChains ?? [],
        schema: declared?.schema,
      },
    },
  };
}
