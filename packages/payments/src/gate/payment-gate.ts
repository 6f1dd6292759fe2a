import type { x402ResourceServer } from "@x402/core/server";
import {
  type PaymentPayload,
  type PaymentRequired,
  type PaymentRequirements,
  SettleError,
  type SettleResponse,
  VerifyError,
} from "@x402/core/types";
import { declareDiscoveryExtension } from "@x402/extensions/bazaar";
import { atomicUsdc } from "../terms/atomic-amount.js";
import type { PaidResource, PaymentTerms } from "../terms/paid-resource.js";
import { USDC_EIP712 } from "../terms/usdc.js";

const isObject = (x: unknown): x is Record<string, unknown> =>
  typeof x === "object" && x !== null && !Array.isArray(x);

/** The outline of an x402 v2 PaymentPayload; the facilitator checks the rest. */
export const isPaymentPayload = (x: unknown): x is PaymentPayload =>
  isObject(x) && x.x402Version === 2 && isObject(x.accepted) && isObject(x.payload);

/** What a gate builds once and shares with the views `at()` makes. */
interface GateCache {
  built: Promise<PaymentRequirements[]> | undefined;
  extensions: { value: Record<string, unknown> | undefined } | undefined;
  /** The unpaid challenges by error text (a handful of fixed strings). */
  readonly challenges: Map<string, Promise<PaymentRequired>>;
}

/** A payment that verified: what settling it needs. */
export interface VerifiedPayment {
  readonly payload: PaymentPayload;
  readonly requirements: PaymentRequirements;
  readonly payer: string | undefined;
}

/** Refused: the PaymentRequired to send back (its `error` says why). */
export interface Refusal {
  readonly ok: false;
  readonly paymentRequired: PaymentRequired;
}

export type VerifyOutcome = ({ readonly ok: true } & VerifiedPayment) | Refusal;
export type SettleOutcome = { readonly ok: true; readonly receipt: SettleResponse } | Refusal;

/**
 * Thrown when the facilitator cannot be reached or answers with an error: the caller answers a
 * clear 5xx and runs nothing (a paid handler never runs because a facilitator was down).
 */
export class PaymentUnavailableError extends Error {
  readonly code = "PAYMENT_FACILITATOR_UNAVAILABLE" as const;
  constructor(
    readonly stage: "verify" | "settle" | "requirements",
    cause: unknown,
  ) {
    super(
      `the payment facilitator could not ${stage === "requirements" ? "be reached" : stage} the payment`,
      {
        cause,
      },
    );
    this.name = "PaymentUnavailableError";
  }

  /** What the caller is told happened: before settlement nothing ran; at settlement the work ran but its answer is withheld. */
  get consequence(): string {
    return this.stage === "settle"
      ? "the answer is withheld and nothing was charged"
      : "nothing was run and nothing was charged";
  }
}

/**
 * The payment rules of one paid resource, the same for every transport (HTTP and MCP):
 * `paymentRequired` builds the 402 object; `verify` checks a payload against this resource's
 * requirements through the facilitator (signature, amount, payTo, asset, network, validity
 * window, balance, nonce) before any work is done; `settle` moves the money, called only after
 * the work succeeded. Built on @x402/core's `x402ResourceServer`.
 */
export class PaymentGate {
  /** Shared by the views `at()` makes: what does not change between requests is built once. */
  private readonly cache: GateCache;

  constructor(
    private readonly server: x402ResourceServer,
    readonly resource: PaidResource,
    readonly terms: PaymentTerms,
    /** The transport context the extensions are enriched with (e.g. the HTTP method). */
    private readonly transport: unknown = undefined,
    cache?: GateCache,
  ) {
    this.cache = cache ?? { built: undefined, extensions: undefined, challenges: new Map() };
  }

  /** The same gate describing the resource at another URL (the URL an HTTP request used). */
  at(url: string): PaymentGate {
    return new PaymentGate(
      this.server,
      { ...this.resource, url },
      this.terms,
      this.transport,
      this.cache,
    );
  }

  /** The `accepts` list (built once; the facilitator's capabilities are fetched the first time). */
  requirements(): Promise<PaymentRequirements[]> {
    this.cache.built ??= this.server
      .initialize()
      .then(() =>
        this.server.buildPaymentRequirements({
          scheme: "exact",
          network: this.terms.network,
          payTo: this.terms.payTo,
          maxTimeoutSeconds: this.terms.maxTimeoutSeconds,
          price: {
            amount: atomicUsdc(this.resource.price),
            asset: this.terms.asset,
            extra: { ...USDC_EIP712 },
          },
        }),
      )
      .catch((error: unknown) => {
        this.cache.built = undefined;
        throw new PaymentUnavailableError("requirements", error);
      });
    return this.cache.built;
  }

  /** The bazaar discovery declaration of this resource, if it has one (built once). */
  private extensions(): Record<string, unknown> | undefined {
    if (this.cache.extensions === undefined)
      this.cache.extensions = { value: this.buildExtensions() };
    return this.cache.extensions.value;
  }

  private buildExtensions(): Record<string, unknown> | undefined {
    const d = this.resource.discovery;
    if (d === undefined) return undefined;
    const raw =
      d.kind === "mcp"
        ? declareDiscoveryExtension({
            toolName: d.toolName,
            description: this.resource.description,
            transport: "streamable-http",
            inputSchema: d.inputSchema,
            ...(d.example === undefined ? {} : { example: d.example }),
            ...(d.output === undefined ? {} : { output: d.output }),
          })
        : declareDiscoveryExtension({
            ...(d.kind === "http-body" ? { bodyType: "json" as const } : {}),
            ...(d.input === undefined ? {} : { input: d.input }),
            ...(d.inputSchema === undefined ? {} : { inputSchema: d.inputSchema }),
            ...(d.output === undefined ? {} : { output: d.output }),
          } as Parameters<typeof declareDiscoveryExtension>[0]);
    return this.server.enrichExtensions(raw, this.transport);
  }

  /**
   * The PaymentRequired object for this resource, with `error` when given. Without a payload
   * (the unpaid challenge, the hot path of any paid API) it is built once per error text and only
   * its resource URL is set per request.
   */
  async paymentRequired(error?: string, payload?: PaymentPayload): Promise<PaymentRequired> {
    if (payload !== undefined) return this.buildPaymentRequired(error, payload);
    const key = error ?? "";
    let template = this.cache.challenges.get(key);
    if (template === undefined) {
      template = this.buildPaymentRequired(error, undefined);
      template.catch(() => this.cache.challenges.delete(key));
      this.cache.challenges.set(key, template);
    }
    const built = await template;
    return { ...built, resource: { ...built.resource, url: this.resource.url } };
  }

  private async buildPaymentRequired(
    error: string | undefined,
    payload: PaymentPayload | undefined,
  ): Promise<PaymentRequired> {
    const accepts = await this.requirements();
    return this.server.createPaymentRequiredResponse(
      accepts,
      {
        url: this.resource.url,
        description: this.resource.description,
        mimeType: this.resource.mimeType,
      },
      error,
      this.extensions(),
      undefined,
      payload,
    );
  }

  /** Checks a payload (already decoded, of any shape) before any work; never charges. */
  async verify(payload: unknown): Promise<VerifyOutcome> {
    if (!isPaymentPayload(payload)) {
      return { ok: false, paymentRequired: await this.paymentRequired("invalid_payment_payload") };
    }
    const accepts = await this.requirements();
    const requirements = this.server.findMatchingRequirements(accepts, payload);
    if (requirements === undefined) {
      return this.refuse("payment_does_not_match_requirements", payload);
    }
    let result: Awaited<ReturnType<x402ResourceServer["verifyPayment"]>>;
    try {
      result = await this.server.verifyPayment(payload, requirements, this.extensions());
    } catch (error) {
      // A facilitator that answers "invalid" over HTTP does so with an error status.
      if (error instanceof VerifyError && error.invalidReason) {
        return this.refuse(error.invalidReason, payload);
      }
      throw new PaymentUnavailableError("verify", error);
    }
    if (!result.isValid) return this.refuse(result.invalidReason ?? "invalid_payment", payload);
    return { ok: true, payload, requirements, payer: result.payer };
  }

  /** Settles a verified payment (after the work succeeded); a failure means no content. */
  async settle(payment: VerifiedPayment): Promise<SettleOutcome> {
    let receipt: SettleResponse;
    try {
      receipt = await this.server.settlePayment(
        payment.payload,
        payment.requirements,
        this.extensions(),
      );
    } catch (error) {
      if (error instanceof SettleError && error.errorReason) {
        return this.refuse(error.errorReason, payment.payload);
      }
      throw new PaymentUnavailableError("settle", error);
    }
    if (!receipt.success)
      return this.refuse(receipt.errorReason ?? "settlement_failed", payment.payload);
    return { ok: true, receipt };
  }

  private async refuse(reason: string, payload: PaymentPayload): Promise<Refusal> {
    return { ok: false, paymentRequired: await this.paymentRequired(reason, payload) };
  }
}
