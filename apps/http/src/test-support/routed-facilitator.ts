import type { FacilitatorClient } from "@x402/core/server";
import type {
  PaymentPayload,
  PaymentRequirements,
  SupportedKind,
  SupportedResponse,
} from "@x402/core/types";

/**
 * One facilitator in front of several, as a hosted facilitator serves several chains behind one
 * URL: the service takes one `FACILITATOR_URL`, and its terms always include Base, so the
 * facilitator there must list Base's kinds and Solana's. In tests the local Base facilitator
 * (anvil) and a Solana one (litesvm) are separate clients; this joins them, so that each replica
 * can be given its own Solana facilitator (its own duplicate cache) behind its own URL
 * (`serveFacilitator` from `@svc/x402-devnet` serves it over HTTP).
 *
 * `getSupported` lists every facilitator's kinds, in order, with their extensions and signers;
 * `verify` and `settle` go to the first facilitator that lists the payment's kind (its x402
 * version, the requirements' scheme and network: CAIP-2 for v2, the v1 name such as `solana` for
 * v1). A payment no facilitator lists is an error naming it, never a guess.
 */
export function routedFacilitator(facilitators: readonly FacilitatorClient[]): FacilitatorClient {
  // Asked every time, not cached: the fronted facilitators are in this process, and a kind one
  // of them stops listing is then no longer routed to it.
  const supportedOfEach = () => Promise.all(facilitators.map((f) => f.getSupported()));
  const route = async (payload: PaymentPayload, requirements: PaymentRequirements) => {
    const lists = await supportedOfEach();
    const at = lists.findIndex((list) =>
      list.kinds.some((kind) => serves(kind, payload.x402Version, requirements)),
    );
    const facilitator = facilitators[at];
    if (facilitator === undefined) {
      throw new Error(
        `no facilitator here serves x402 v${payload.x402Version} "${requirements.scheme}" on ${requirements.network}`,
      );
    }
    return facilitator;
  };
  return {
    verify: async (payload, requirements) =>
      (await route(payload, requirements)).verify(payload, requirements),
    settle: async (payload, requirements) =>
      (await route(payload, requirements)).settle(payload, requirements),
    async getSupported(): Promise<SupportedResponse> {
      const lists = await supportedOfEach();
      const signers: Record<string, string[]> = {};
      for (const list of lists) {
        for (const [family, addresses] of Object.entries(list.signers)) {
          signers[family] = [...new Set([...(signers[family] ?? []), ...addresses])];
        }
      }
      return {
        kinds: lists.flatMap((list) => list.kinds),
        extensions: [...new Set(lists.flatMap((list) => list.extensions))],
        signers,
      };
    },
  };
}

const serves = (kind: SupportedKind, version: number, requirements: PaymentRequirements) =>
  kind.x402Version === version &&
  kind.scheme === requirements.scheme &&
  kind.network === requirements.network;
