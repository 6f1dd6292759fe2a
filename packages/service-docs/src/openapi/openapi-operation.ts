import { DRY_RUN_MAX_BYTES, DRY_RUN_RATE_LIMIT } from "@svc/compliance";
import { networkNamesOf, v1PaymentRequired } from "@svc/payments";
import { answerSchemaOf } from "../listing/answer-schema.js";
import { type Listing, pathParamsOf } from "../listing/listing.js";
import { requestSchemaOf } from "../listing/request-schema.js";
import { labelsOf } from "../networks/served-networks.js";
import { paidRefusals, rateLimited } from "./error-responses.js";
import { objectBodyOf } from "./object-body.js";
import { PAID_SECURITY } from "./openapi-components.js";
import { headerRef, schemaRef } from "./openapi-refs.js";
import { bodyBound, boundedRequestSchema } from "./request-bounds.js";
import { MAX_BODY_BYTES, MAX_TARGET_LENGTH } from "./request-limits.js";

type JsonSchema = Record<string, unknown>;

/** `/api/ofac-wallet-screen/:address` → `/api/ofac-wallet-screen/{address}`. */
export const openApiPath = (path: string): string =>
  path.replace(/:([A-Za-z0-9_]+)/g, (_whole, name: string) => `{${name}}`);

/**
 * A GET operation's input as OpenAPI parameters: the schema's properties that name a path
 * segment are path parameters (always required), the others query parameters.
 */
function parametersOf(path: string, input: JsonSchema): JsonSchema[] {
  const properties = (input.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set((input.required ?? []) as string[]);
  const inPath = new Set(pathParamsOf(path));
  return Object.entries(properties).map(([name, schema]) => {
    const { description, ...rest } = schema;
    return {
      name,
      in: inPath.has(name) ? "path" : "query",
      required: inPath.has(name) || required.has(name),
      ...(typeof description === "string" ? { description } : {}),
      schema: boundedRequestSchema(rest, { maxLength: MAX_TARGET_LENGTH }),
    };
  });
}

/**
 * The 402 body this route answers when unpaid: x402 v1's terms, one entry per network v1 payers
 * can pay on (`base`, `solana`), made by the function that makes the real body from v2's
 * PaymentRequired, without the bazaar declaration, as the real body: only the header holds it.
 */
const paymentRequiredExampleOf = (l: Listing) =>
  v1PaymentRequired({
    x402Version: 2,
    error: "Payment required",
    resource: { url: l.url, description: l.op.description, mimeType: l.op.mimeType },
    accepts: [...l.accepts],
  });

/**
 * `x-payment-info`, as x402scan reads it to register a paid operation: its price, fixed, in USD
 * (`{ mode: "fixed", currency: "USD", amount }`, decimal dollars) and the payment protocols it
 * takes (`[{ x402: {} }]`), the format of x402scan's integration spec
 * (`apps/scan/src/app/(app)/(home)/integration-spec/_content/markdown.ts`) and of the parser it
 * runs, @agentcash/discovery's `StructuredPaymentInfoSchema` (which keeps other fields); then the
 * default network and payee (`network`, `payTo`) and every network paid on with its asset and
 * payee (`networks`, the default first).
 */
const paymentInfoOf = (l: Listing) => ({
  price: { mode: "fixed", currency: "USD", amount: l.op.price },
  protocols: [{ x402: {} }],
  network: l.requirements.network,
  payTo: l.requirements.payTo,
  networks: l.accepts.map((r) => ({ network: r.network, asset: r.asset, payTo: r.payTo })),
});

/** "USDC on Base, eip155:8453", or each network served: "USDC on Base, eip155:8453; or USDC on Solana, solana:…". */
const networksTextOf = (l: Listing): string =>
  l.accepts.map((r) => `${networkNamesOf(r).label}, ${r.network}`).join("; or ");

/**
 * How a route's docs page is read (its `docsUrl`): HTML to a browser, JSON on asking for it.
 * `/api` says the same of every `docsUrl`.
 */
export const DOCS_URL_FORMATS =
  "Human-readable docs: a GET on this route answers HTML to a browser (and to a client that prefers neither); JSON with `Accept: application/json` or `?format=json`.";

/**
 * `?dry_run=1`: the request checked as the paid call would check it, free, answered with the
 * price (`DryRunValid`) or the paid call's own refusal; bounded like unpaid traffic.
 */
const DRY_RUN_PARAMETER = {
  name: "dry_run",
  in: "query",
  required: false,
  description: `Free validation: \`1\` (or \`true\`) checks this request exactly as the paid call would (path, query and body, the same 400 with field paths and codes, 413, 415) without payment or run, and answers 200 with the price and the 402's \`accepts\` (schema \`DryRunValid\`) or the paid call's own refusal. A payment sent with it is ignored, never charged. Bodies up to ${DRY_RUN_MAX_BYTES} bytes (or the route's own limit); at most ${DRY_RUN_RATE_LIMIT.burst} at once, then ${DRY_RUN_RATE_LIMIT.perSecond} a second per client, across routes and MCP tools (429 beyond).`,
  schema: { type: "string", enum: ["1", "true"] },
};

/** The OpenAPI Operation Object of one paid route. */
export function openApiOperationOf(l: Listing) {
  const { op } = l;
  const input = requestSchemaOf(op);
  const maxBytes = op.maxBodyBytes ?? MAX_BODY_BYTES;
  const request =
    op.method === "GET"
      ? { parameters: [...parametersOf(op.path, input), DRY_RUN_PARAMETER] }
      : {
          parameters: [DRY_RUN_PARAMETER],
          requestBody: {
            required: true,
            description: `A JSON object of at most ${maxBytes} bytes (a larger one is refused 413 before payment, unread).`,
            content: {
              "application/json": {
                schema: boundedRequestSchema(objectBodyOf(input), bodyBound(maxBytes)),
                example: op.inputExample,
              },
            },
          },
        };
  return {
    operationId: op.name,
    summary: op.title,
    description: `${op.description}\n\nPrice: ${l.price} per call, paid with x402 (exact scheme, ${networksTextOf(l)}). An unpaid call answers 402 with the terms; pay and repeat it with the PAYMENT-SIGNATURE header (x402 v2) or the X-PAYMENT header (x402 v1).`,
    tags: [op.category],
    security: PAID_SECURITY,
    ...(l.docsUrl === undefined
      ? {}
      : {
          externalDocs: { description: DOCS_URL_FORMATS, url: l.docsUrl },
        }),
    ...request,
    responses: {
      "200": {
        description: `Paid and answered. The answer is JSON${op.mimeType === "application/json" ? "" : ` carrying a ${op.mimeType} document`}; the settlement receipt is in PAYMENT-RESPONSE (paid with x402 v1: X-PAYMENT-RESPONSE).`,
        headers: {
          "PAYMENT-RESPONSE": headerRef("PaymentResponse"),
          "X-PAYMENT-RESPONSE": headerRef("PaymentResponse"),
        },
        content: {
          "application/json": { schema: answerSchemaOf(op), example: op.outputExample },
        },
      },
      "402": {
        description: `Payment required: ${l.price} (${l.requirements.amount} atomic USDC). The terms (one \`accepts\` entry per network: ${labelsOf(l.accepts)}) are in x402 v2's PaymentRequired, base64, in the PAYMENT-REQUIRED header (with the bazaar declaration of the input and output), and for x402 v1 clients in v1's words in the body, which does not repeat the declaration (a service taking x402 v2 only answers \`{success: false, error, code: "PAYMENT_REQUIRED"}\` there instead).`,
        headers: { "PAYMENT-REQUIRED": headerRef("PaymentRequired") },
        content: {
          "application/json": {
            schema: schemaRef("PaymentRequiredV1"),
            example: paymentRequiredExampleOf(l),
          },
        },
      },
      ...paidRefusals(op.method, maxBytes),
      // Only a dry run is rate-limited (a paid call is bounded by its payment).
      ...rateLimited(DRY_RUN_RATE_LIMIT.burst, DRY_RUN_RATE_LIMIT.perSecond),
    },
    // What `?dry_run=1` answers when the request is valid (200 is the paid answer's schema, so a
    // generated client reads it typed; the dry run's is here).
    "x-dry-run": { parameter: "dry_run", answer: schemaRef("DryRunValid") },
    "x-payment-info": paymentInfoOf(l),
  };
}
