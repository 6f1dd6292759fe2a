import type { SigningKey } from "@svc/attestations";
import {
  type DeferredSettlement,
  type ExtensionResponses,
  type ListingDeclaration,
  PaymentGate,
  type PaymentTerms,
  type ReservationStore,
  type ResourceListing,
  type X402Version,
} from "@svc/payments";
import type { x402ResourceServer } from "@x402/core/server";
import type { AnyTool } from "../tools/tool.js";
import { inputSchemaOf } from "./tool-listing.js";

/** Where the hosted server's tools are paid: the resource server and the terms of the API. */
export interface ToolPayments {
  readonly server: x402ResourceServer;
  /** Each way of paying (the API's: Base, then Solana when configured), the default first. */
  readonly terms: readonly PaymentTerms[];
  /**
   * Where authorizations are reserved (the service's ledger, shared by its replicas). Default:
   * the resource server's in-memory store, which the API's routes share.
   */
  readonly reservations?: ReservationStore | undefined;
  /**
   * Settlement after the answer, when the operator chose it (the service's ledger): a tool's
   * answer is still returned only once settled, as the x402 MCP transport requires, but its
   * settlements are observed with the routes' (whether settlements go through).
   */
  readonly deferred?: DeferredSettlement | undefined;
  /**
   * The service's signing key: a paid screening tool's answer then carries its `attestation`,
   * signed with it and bound to the payment. Without it nothing is signed.
   */
  readonly signingKey?: SigningKey | undefined;
  /** Keeps each attestation signed with it (the service's archive); see `AttesterOptions.keep`. */
  readonly keepAttestation?: ((jws: string) => Promise<void>) | undefined;
  /** The x402 versions payments are taken in (default: v1 and v2). */
  readonly versions?: readonly X402Version[] | undefined;
  /** How directories list the service (the routes' own): on every tool's PaymentRequired. */
  readonly listing?: ResourceListing | undefined;
  /** Told what the facilitator said of a payment's extensions (e.g. the Bazaar's listing). */
  readonly onExtensionResponses?: ((event: ExtensionResponses) => void) | undefined;
}

/** Finds the payment gate of a tool at a price. */
export type GateFor = (tool: AnyTool, price: string) => PaymentGate;

/**
 * The payment gates of the tools, one per tool and price (resource `mcp://tool/<name>`, the
 * bazaar describing the tool's input), built once and shared by every connection.
 */
export function toolGates(payments: ToolPayments): GateFor {
  const gates = new Map<string, PaymentGate>();
  return (tool, price) => {
    const key = `${tool.name}\u0000${price}`;
    let gate = gates.get(key);
    if (gate === undefined) {
      gate = new PaymentGate(
        payments.server,
        {
          price,
          description: tool.description,
          url: `mcp://tool/${tool.name}`,
          mimeType: "application/json",
          deadlineMs: tool.deadlineMs,
          listing: payments.listing,
          discovery: {
            kind: "mcp",
            toolName: tool.name,
            inputSchema: inputSchemaOf(tool),
            example: tool.inputExample as Record<string, unknown>,
          },
        },
        payments.terms,
        {
          reservations: payments.reservations,
          deferred: payments.deferred,
          versions: payments.versions,
          onExtensionResponses: payments.onExtensionResponses,
        },
      );
      gates.set(key, gate);
    }
    return gate;
  };
}

/**
 * What directories read of each paid tool (its PaymentRequired's `resource` and `bazaar`
 * declaration, at the tool's default price: the declaration does not depend on the price), for
 * the host to check before it serves.
 */
export const toolListings = (gateFor: GateFor, tools: readonly AnyTool[]): ListingDeclaration[] =>
  tools.flatMap((tool) =>
    tool.pricing.kind === "paid" ? [gateFor(tool, tool.pricing.price).listingDeclaration()] : [],
  );
