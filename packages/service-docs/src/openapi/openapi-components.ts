import { PAYMENT_HEADERS, type PaymentTerms } from "@svc/payments";
import { servedNetworksOf, signingWaysOf } from "../networks/served-networks.js";
import type { SigningWay } from "../networks/signing-ways.js";
import { schemaRef } from "./openapi-refs.js";
import { MAX_HEADER_BYTES } from "./request-limits.js";

const capitalized = (text: string) => `${text.charAt(0).toUpperCase()}${text.slice(1)}`;

/**
 * What the requirements say of the networks served, derived from the terms: their CAIP-2 ids and
 * v1 names as examples, what the asset is and what `extra` holds on each namespace (one
 * namespace: said as it is; several: each named).
 */
function networkPartsOf(terms: readonly PaymentTerms[]) {
  const networks = servedNetworksOf(terms);
  const ways = signingWaysOf(terms);
  // One namespace: "The EIP-712 domain of the token."; several: "eip155: the …; solana: …".
  const statement = (part: (way: SigningWay) => string) =>
    ways.length === 1 && ways[0] !== undefined
      ? `${capitalized(part(ways[0].way))}.`
      : `${ways.map(({ namespace, way }) => `${namespace}: ${part(way)}`).join("; ")}.`;
  const v1Names = networks.flatMap((n) => (n.v1Network === null ? [] : [`\`${n.v1Network}\``]));
  return {
    ids: networks.map((n) => n.network),
    v1: `x402 v1's network name${v1Names.length === 0 ? "" : `, e.g. ${v1Names.join(" or ")}`}.`,
    asset: statement((w) => `the USDC ${w.assetNoun}`),
    extra: {
      type: "object",
      description: statement((w) => w.extra),
      properties: Object.fromEntries(
        ways.flatMap(({ way }) => Object.entries(way.extraProperties)),
      ),
    },
  };
}

/**
 * The parts every paid operation shares, stated once: the error body of the API (`problem`),
 * x402's PaymentRequired and its header, the settlement receipt header and the payment header a
 * paying client sends. The networks' examples are the networks served (`eip155:8453` on Base,
 * and Solana's where it is paid on too).
 */
export const openApiComponentsOf = (terms: readonly PaymentTerms[]) => {
  const parts = networkPartsOf(terms);
  return {
    schemas: {
      DryRunValid: {
        type: "object",
        description:
          "What `?dry_run=1` answers (200) when the request is valid: free, nothing run or charged.",
        required: ["success", "valid", "operation", "price", "currency", "message"],
        properties: {
          success: { type: "boolean", const: true },
          valid: { type: "boolean", const: true },
          operation: { type: "string", maxLength: 64, description: "The operation's name." },
          price: {
            type: "string",
            pattern: "^\\d{1,4}(\\.\\d{1,6})?$",
            maxLength: 11,
            description: "USD per call, as a decimal.",
          },
          currency: { type: "string", const: "USD" },
          accepts: {
            type: "array",
            maxItems: 8,
            description:
              "The 402's terms, one entry per network (absent until the facilitator has answered once).",
            items: {
              type: "object",
              properties: {
                scheme: { type: "string", maxLength: 32 },
                network: { type: "string", maxLength: 64 },
                amount: { type: "string", maxLength: 78 },
                asset: { type: "string", maxLength: 64 },
                payTo: { type: "string", maxLength: 64 },
              },
            },
          },
          message: { type: "string", maxLength: 300 },
        },
      },
      Error: {
        type: "object",
        description:
          "Every error of the API: a sentence in `error`, a stable machine `code`, and for validation the issues with their field paths. Never a stack trace.",
        required: ["success", "error", "code"],
        properties: {
          success: { const: false },
          error: { type: "string" },
          code: {
            type: "string",
            description:
              "The stable machine code; each response lists the codes it can carry as an `enum`.",
          },
          issues: {
            type: "array",
            items: {
              type: "object",
              required: ["path", "message"],
              properties: {
                path: { type: "string", description: "The offending field, e.g. `addresses[3]`." },
                message: { type: "string" },
              },
            },
          },
          moreIssues: {
            type: "integer",
            minimum: 1,
            description: "How many issues were left out of `issues` (present only when some were).",
          },
        },
      },
      PaymentRequirements: {
        type: "object",
        description: "One way to pay for the resource (x402 v2 `accepts` entry).",
        required: ["scheme", "network", "amount", "asset", "payTo", "maxTimeoutSeconds"],
        properties: {
          scheme: { type: "string", const: "exact" },
          network: { type: "string", description: "CAIP-2 network id.", examples: parts.ids },
          amount: {
            type: "string",
            pattern: "^[0-9]+$",
            description: "Atomic USDC units (price × 10^6).",
          },
          asset: { type: "string", description: parts.asset },
          payTo: {
            type: "string",
            description: "The address every payment on this network goes to.",
          },
          maxTimeoutSeconds: { type: "integer" },
          extra: parts.extra,
        },
      },
      PaymentRequirementsV1: {
        type: "object",
        description:
          "One way to pay for the resource, in x402 v1's words (v1 `accepts` entry): the v2 entry's terms, the network by v1's name, the resource in every entry.",
        required: [
          "scheme",
          "network",
          "maxAmountRequired",
          "resource",
          "description",
          "mimeType",
          "payTo",
          "maxTimeoutSeconds",
          "asset",
        ],
        properties: {
          scheme: { type: "string", const: "exact" },
          network: { type: "string", description: parts.v1 },
          maxAmountRequired: {
            type: "string",
            pattern: "^[0-9]+$",
            description: "Atomic USDC units (price × 10^6).",
          },
          resource: { type: "string", description: "The URL paid for." },
          description: { type: "string" },
          mimeType: { type: "string" },
          outputSchema: {
            type: "object",
            description: "The resource's input and output (v1's discovery declaration).",
          },
          payTo: {
            type: "string",
            description: "The address every payment on this network goes to.",
          },
          maxTimeoutSeconds: { type: "integer" },
          asset: { type: "string", description: parts.asset },
          extra: parts.extra,
        },
      },
      PaymentRequiredV1: {
        type: "object",
        description:
          "x402 v1's PaymentRequired: the 402 body, for v1 clients (x402-fetch, x402-axios), without the bazaar declaration (`outputSchema` is `{}`; the PAYMENT-REQUIRED header holds it). v2 clients read the PAYMENT-REQUIRED header.",
        required: ["x402Version", "accepts"],
        properties: {
          x402Version: { const: 1 },
          error: { type: "string", description: "Why payment is required, or why it was refused." },
          accepts: { type: "array", minItems: 1, items: schemaRef("PaymentRequirementsV1") },
        },
      },
      PaymentRequired: {
        type: "object",
        description:
          "x402 v2 PaymentRequired: sent base64-encoded in the PAYMENT-REQUIRED header, with the bazaar declaration (the body states the terms in v1's words for v1 clients, without it).",
        required: ["x402Version", "resource", "accepts"],
        properties: {
          x402Version: { const: 2 },
          error: { type: "string", description: "Why payment is required, or why it was refused." },
          resource: {
            type: "object",
            required: ["url"],
            properties: {
              url: { type: "string" },
              description: { type: "string" },
              mimeType: { type: "string" },
            },
          },
          accepts: { type: "array", minItems: 1, items: schemaRef("PaymentRequirements") },
          extensions: {
            type: "object",
            description: "Protocol extensions, e.g. `bazaar` (input and output of the resource).",
          },
        },
      },
    },
    headers: {
      AccessControlAllowOrigin: {
        description:
          "CORS: every answer may be read by any origin (a public, credential-less API; payment travels in its own headers).",
        schema: { type: "string", const: "*" },
      },
      RetryAfter: {
        description: "Seconds after which the request may be repeated.",
        schema: { type: "string", pattern: "^[0-9]{1,6}$", maxLength: 6 },
      },
      PaymentRequired: {
        description:
          "Base64 of the x402 v2 PaymentRequired JSON object, with the bazaar declaration (the body states the terms in x402 v1's words for v1 clients, without it).",
        schema: {
          type: "string",
          contentEncoding: "base64",
          contentMediaType: "application/json",
          contentSchema: schemaRef("PaymentRequired"),
        },
      },
      PaymentResponse: {
        description: "Base64 of the x402 settlement receipt (transaction, network, payer).",
        schema: { type: "string", contentEncoding: "base64" },
      },
    },
    securitySchemes: { ...X402_SECURITY_SCHEMES, siwx: SIGN_IN_SECURITY_SCHEME },
  };
};

/**
 * How an x402 payment is presented: no account and no key, but a signed payment per call, in a
 * header. OpenAPI has no payment scheme, so each is an `apiKey` in its header; the description
 * says what goes in it and how to get it (the 402's terms). A paid operation takes either.
 */
const X402_SECURITY_SCHEMES = {
  x402: {
    type: "apiKey",
    in: "header",
    name: PAYMENT_HEADERS.signature,
    description: `x402 v2: the payment for this one call, base64 of an x402 PaymentPayload signed by the payer (no account, no key). Call without it to get 402 with the terms (x402 v2's PaymentRequired, base64, in the ${PAYMENT_HEADERS.required} header); sign one of its \`accepts\` and repeat the call with it. An x402 client (e.g. \`@x402/fetch\`'s \`wrapFetchWithPayment\`) does both. At most ${MAX_HEADER_BYTES} bytes (the service's header limit). The settlement receipt comes back in ${PAYMENT_HEADERS.response}.`,
  },
  x402v1: {
    type: "apiKey",
    in: "header",
    name: PAYMENT_HEADERS.legacySignature,
    description: `x402 v1: the payment payload of a v1 client (x402-fetch, x402-axios), base64, signed against the 402 body's \`accepts\` (v1's words). The payload says its version, whichever header carries it. The receipt comes back in ${PAYMENT_HEADERS.legacyResponse}.`,
  },
} as const;

/**
 * How the owner of a monitor signs in, without an account: a Sign-In-With-X proof (x402's
 * `sign-in-with-x` extension, CAIP-122) of the wallet that paid for it, one per request.
 */
const SIGN_IN_SECURITY_SCHEME = {
  type: "apiKey",
  in: "header",
  name: "SIGN-IN-WITH-X",
  description:
    "Sign-In-With-X (x402's `sign-in-with-x` extension): base64 of the JSON proof, a SIWE (EIP-4361, EIP-191 signature) or SIWS (Ed25519) message signed by the wallet that paid for the monitor, on any chain of its namespace. Call without it to get 402 whose PAYMENT-REQUIRED (x402 v2, `accepts: []`: nothing to pay) carries `extensions[\"sign-in-with-x\"]`: the domain and uri to sign (this service's), a nonce, issuedAt and expirationTime, and the supported chains. Sign it and repeat the call with the proof; x402's `createSIWxClientHook(signer)` on an `x402HTTPClient` under `wrapFetchWithPayment` does both. A proof is taken once (its nonce is remembered across replicas) and at most five minutes after its issuedAt.",
} as const;

/** The security of an operation that answers only the wallet that signs in. */
export const SIGN_IN_SECURITY = [{ siwx: [] }];

/** The security of a paid operation: either x402 header. A free one has none (`[]`). */
export const PAID_SECURITY = Object.keys(X402_SECURITY_SCHEMES).map((name) => ({ [name]: [] }));
