import type { x402ResourceServer } from "@x402/core/server";
import {
  type Network,
  type PaymentPayload,
  type PaymentPayloadV1,
  type PaymentRequired,
  type PaymentRequiredV1,
  type PaymentRequirements,
  type PaymentRequirementsV1,
  type ResourceInfo,
  SettleError,
  type SettleResponse,
  VerifyError,
} from "@x402/core/types";
import { declareDiscoveryExtension } from "@x402/extensions/bazaar";
import { OFFER_RECEIPT } from "@x402/extensions/offer-receipt";
import { LRUCache } from "lru-cache";
import { REFUSALS } from "../authorization/refusal-reasons.js";
import { routeMatches } from "../authorization/resource-binding.js";
import {
  CLOCK_SKEW_SECONDS,
  checkValidityWindow,
  SETTLEMENT_MARGIN_SECONDS,
} from "../authorization/validity-window.js";
import type {
  DeferredSettlement,
  PendingPayment,
  SettlementPlan,
} from "../deferred/deferred-settlement.js";
import type { ListingDeclaration } from "../listing/listing-check.js";
import { listingFieldsOf } from "../listing/resource-listing.js";
import {
  isOffers,
  lruExpiry,
  type OfferReceiptOffers,
  offerReceiptDeclaration,
  offerReuseMs,
  receiptContext,
  signsOffers,
} from "../offer-receipt/offer-receipt-terms.js";
import { MemoryReservationStore } from "../reservation/memory-reservation-store.js";
import {
  type AuthorizationKey,
  keyOf,
  type ReservationStore,
  type ServedRecord,
} from "../reservation/reservation-store.js";
import type { PaymentScheme, SchemeAuthorization } from "../scheme/payment-scheme.js";
import { schemeSpelling } from "../schemes/known-schemes.js";
import { atomicUsdc } from "../terms/atomic-amount.js";
import {
  DEFAULT_DEADLINE_MS,
  extraOf,
  type PaidResource,
  type PaymentTerms,
  schemeOfTerms,
} from "../terms/paid-resource.js";
import { isPaymentPayload, isPaymentPayloadV1 } from "../versions/payload-shapes.js";
import {
  type AnyPaymentPayload,
  acceptedByV1,
  v1NetworkOf,
  v1PaymentRequired,
  v1Requirements,
  X402_VERSIONS,
  type X402Version,
} from "../versions/x402-v1.js";
import { refusedByFacilitator } from "./facilitator-refusal.js";

/** What a gate builds once and shares with the views `at()` makes. */
interface GateCache {
  built: Promise<PaymentRequirements[]> | undefined;
  /**
   * The networks of these terms whose x402 v1 kind the facilitator lists (their scheme on the
   * v1 name of the network), read when `built` is: empty until then.
   */
  v1Networks: ReadonlySet<string>;
  /**
   * Who a payment must name as its recipient, by network (the payee, or the payee's token
   * account where the scheme pays into one), read when `built` is.
   */
  recipients: ReadonlyMap<string, string>;
  extensions: { value: Record<string, unknown> | undefined } | undefined;
  /** The refusals without a payload, by error text (a bounded set of reasons), unsigned. */
  readonly challenges: LRUCache<string, Promise<PaymentRequired>>;
  /**
   * When the server signs: the signed offers by resource URL (an offer names its URL and
   * expires), each reused for a fraction of its validity; undefined when it does not sign.
   */
  offers: LRUCache<string, Promise<OfferReceiptOffers | undefined>> | undefined;
  readonly reservations: ReservationStore;
  readonly deferred: DeferredSettlement | undefined;
  readonly now: () => number;
  readonly versions: readonly X402Version[];
  readonly onExtensionResponses: ((event: ExtensionResponses) => void) | undefined;
}

/**
 * What a facilitator said about the extensions of a payment it verified or settled (its
 * `EXTENSION-RESPONSES` header, decoded, keyed by extension: `bazaar` says whether the resource
 * was catalogued), with the route or tool it was paid for.
 */
export interface ExtensionResponses {
  readonly stage: "verify" | "settle";
  readonly route: string;
  readonly responses: Record<string, unknown>;
}

/** How many distinct refusal texts a gate keeps built (facilitators give a handful). */
const CHALLENGE_TEXTS = 64;

/** How many resource URLs a gate keeps signed offers for (one per URL clients used). */
const OFFER_URLS = 64;

/**
 * The store every gate of one resource server shares when none is given: an authorization is
 * one payment across every route and tool that server takes payments for.
 */
const defaultStores = new WeakMap<x402ResourceServer, ReservationStore>();
const defaultStoreOf = (server: x402ResourceServer): ReservationStore => {
  let store = defaultStores.get(server);
  if (store === undefined) {
    store = new MemoryReservationStore();
    defaultStores.set(server, store);
  }
  return store;
};

export interface PaymentGateOptions {
  /** The transport context the extensions are enriched with (e.g. the HTTP method). */
  readonly transport?: unknown;
  /**
   * Where authorizations are reserved while their request runs and remembered once used.
   * Default: one in-memory store per resource server, shared by all its gates.
   */
  readonly reservations?: ReservationStore | undefined;
  /** The clock (ms since the epoch), for the validity window and how long offers are reused. */
  readonly now?: (() => number) | undefined;
  /**
   * Settlement after the answer (the operator's choice), within its limits. Default: none, every
   * payment is settled before its answer is sent.
   */
  readonly deferred?: DeferredSettlement | undefined;
  /**
   * The x402 versions payments are taken in (default both, `X402_VERSIONS`): a payment of
   * another version is refused as malformed, and a 402 states the terms only in these.
   */
  readonly versions?: readonly X402Version[] | undefined;
  /**
   * Told what the facilitator answered about a payment's extensions (`EXTENSION-RESPONSES`),
   * whenever it answered something: whether the Bazaar catalogued the resource, or why not.
   */
  readonly onExtensionResponses?: ((event: ExtensionResponses) => void) | undefined;
}

/**
 * A payment and its terms as the facilitator is given them: in the payment's own x402 version
 * (a v1 payment is verified and settled by the facilitator's v1 kind, with v1 requirements).
 */
export type FacilitatorRequest =
  | { readonly payload: PaymentPayload; readonly requirements: PaymentRequirements }
  | { readonly payload: PaymentPayloadV1; readonly requirements: PaymentRequirementsV1 };

/** A payment that verified and is reserved for this request: what settling it needs. */
export interface VerifiedPayment {
  /** The x402 version it came in: its receipt goes back in the same version's words. */
  readonly version: X402Version;
  /** The payment as presented. */
  readonly payload: AnyPaymentPayload;
  /** The terms it pays: this resource's requirements (v2's, whatever the version it came in). */
  readonly requirements: PaymentRequirements;
  /** What the facilitator verifies and settles (and settlement after the answer records). */
  readonly facilitatorRequest: FacilitatorRequest;
  readonly payer: string | undefined;
  /** The authorization's reservation key: `keyOf(authorization)`. */
  readonly reservation: string;
  /** The authorization it was made of (network, asset, payer, nonce). */
  readonly authorization: AuthorizationKey;
}

/** Refused: the PaymentRequired to send back (its `error` says why). */
export interface Refusal {
  readonly ok: false;
  readonly paymentRequired: PaymentRequired;
}

export type VerifyOutcome = ({ readonly ok: true } & VerifiedPayment) | Refusal;
export type SettleOutcome = { readonly ok: true; readonly receipt: SettleResponse } | Refusal;
export type PlanOutcome =
  | { readonly ok: true; readonly kind: "before-response" | "after-response" }
  | Refusal;

/** Where a payment could not go on: the facilitator's steps, then the ledger's. */
export type UnavailableStage =
  | "requirements"
  | "verify"
  | "settle"
  | "reserve"
  | "plan"
  | "record"
  | "release";

/** What each stage could not do, as the caller is told. */
const UNAVAILABLE_MESSAGES: Record<UnavailableStage, string> = {
  requirements: "the payment facilitator could not be reached",
  verify: "the payment facilitator could not verify the payment",
  settle: "the payment facilitator could not settle the payment",
  reserve: "the payment ledger could not be reached to reserve the payment",
  plan: "the payment could not be checked against its limits",
  record: "the payment could not be recorded",
  release: "the payment ledger could not be reached to release the payment",
};

/** The stages that are the ledger's (the reservation store's, or settlement after the answer). */
const LEDGER_STAGES: ReadonlySet<UnavailableStage> = new Set([
  "reserve",
  "plan",
  "record",
  "release",
]);

/**
 * Thrown when the facilitator or the payment ledger cannot be reached or answers with an error:
 * the caller answers a clear 503 and runs nothing (a paid handler never runs because either was
 * down), with `PAYMENT_FACILITATOR_UNAVAILABLE` or `PAYMENT_LEDGER_UNAVAILABLE`.
 */
export class PaymentUnavailableError extends Error {
  readonly code: "PAYMENT_FACILITATOR_UNAVAILABLE" | "PAYMENT_LEDGER_UNAVAILABLE";
  constructor(
    readonly stage: UnavailableStage,
    cause: unknown,
  ) {
    super(UNAVAILABLE_MESSAGES[stage], { cause });
    this.name = "PaymentUnavailableError";
    this.code = LEDGER_STAGES.has(stage)
      ? "PAYMENT_LEDGER_UNAVAILABLE"
      : "PAYMENT_FACILITATOR_UNAVAILABLE";
  }

  /**
   * What the caller is told happened: before settlement nothing ran; at settlement the work ran
   * but its answer is withheld; a release follows a refused or failed run, which sent nothing.
   */
  get consequence(): string {
    if (this.stage === "settle" || this.stage === "record") {
      return "the answer is withheld and nothing was charged";
    }
    return this.stage === "release"
      ? "nothing was charged"
      : "nothing was run and nothing was charged";
  }
}

/** Runs a step of the reservation store: a store that fails is the ledger being unavailable. */
async function ledgerStep<T>(stage: UnavailableStage, step: () => Promise<T>): Promise<T> {
  try {
    return await step();
  } catch (error) {
    throw new PaymentUnavailableError(stage, error);
  }
}

/**
 * The payment rules of one paid resource, the same for every transport (HTTP and MCP), paid on
 * each network of its terms (one `accepts` entry each, at the same price):
 * `paymentRequired` builds the 402 object; `verify` checks a payload against this resource's
 * requirements through the facilitator (signature, amount, payTo, asset, network, validity
 * window, balance, nonce) before any work is done; `settle` moves the money, called only after
 * the work succeeded. Built on @x402/core's `x402ResourceServer`.
 */
export class PaymentGate {
  /** Shared by the views `at()` makes: what does not change between requests is built once. */
  private readonly cache: GateCache;
  private readonly transport: unknown;
  /** The route or tool a payment must name to be accepted here. */
  readonly route: string;
  /** The terms of each way of paying, the first the default (each an `accepts` entry). */
  readonly terms: readonly PaymentTerms[];

  constructor(
    private readonly server: x402ResourceServer,
    readonly resource: PaidResource,
    terms: PaymentTerms | readonly PaymentTerms[],
    options: PaymentGateOptions = {},
    cache?: GateCache,
  ) {
    this.transport = options.transport;
    this.terms = isTermsList(terms) ? terms : [terms];
    if (this.terms.length === 0) throw new RangeError("a paid resource needs terms to be paid on");
    this.route = resource.route ?? routeOfUrl(resource.url);
    this.cache = cache ?? {
      built: undefined,
      v1Networks: new Set(),
      recipients: new Map(),
      extensions: undefined,
      challenges: new LRUCache({ max: CHALLENGE_TEXTS }),
      offers: undefined,
      reservations: options.reservations ?? defaultStoreOf(server),
      deferred: options.deferred,
      now: options.now ?? Date.now,
      versions: options.versions ?? X402_VERSIONS,
      onExtensionResponses: options.onExtensionResponses,
    };
    const reuse = cache === undefined ? this.reuse : undefined;
    if (reuse !== undefined)
      this.cache.offers = new LRUCache({ max: OFFER_URLS, ...lruExpiry(reuse) });
  }

  /** The same gate describing the resource at another URL (the URL an HTTP request used). */
  at(url: string): PaymentGate {
    return new PaymentGate(
      this.server,
      { ...this.resource, url, route: this.route },
      this.terms,
      { transport: this.transport },
      this.cache,
    );
  }

  /**
   * How long a PaymentRequired of this gate may be reused, on the gate's clock: without limit
   * (undefined) when nothing in it expires; with signed offers, a fraction of their validity.
   */
  get reuse(): { readonly ms: number; readonly now: () => number } | undefined {
    if (!signsOffers(this.server)) return undefined;
    const shortest = Math.min(...this.terms.map((t) => t.maxTimeoutSeconds));
    return { ms: offerReuseMs(shortest), now: this.cache.now };
  }

  /** The x402 versions this gate takes payments in. */
  get versions(): readonly X402Version[] {
    return this.cache.versions;
  }

  /**
   * Whether a payment of `requirements` (one of `requirements()`) can be taken in x402 v1: the
   * gate takes v1, and the facilitator lists the v1 kind of the terms (`GET /supported`). A
   * facilitator that serves v2 only cannot verify or settle a v1 payment, so its terms are not
   * stated in v1.
   */
  private readonly takesV1 = (requirements: PaymentRequirements): boolean =>
    this.versions.includes(1) && this.cache.v1Networks.has(requirements.network);

  /**
   * The v1 form of one of this gate's PaymentRequired (`v1PaymentRequired`): its entries that
   * can be paid in v1 (`takesV1`); undefined when there are none, then v1 clients are offered
   * nothing.
   */
  v1PaymentRequired(
    paymentRequired: PaymentRequired,
    options: { readonly discovery?: boolean } = {},
  ): PaymentRequiredV1 | undefined {
    const accepts = paymentRequired.accepts.filter(this.takesV1);
    if (accepts.length === 0) return undefined;
    return v1PaymentRequired({ ...paymentRequired, accepts }, options);
  }

  /** The operation's execution budget (ms): the authorization must outlast it. */
  get deadlineMs(): number {
    return this.resource.deadlineMs ?? DEFAULT_DEADLINE_MS;
  }

  /**
   * The terms this resource is offered on: each of the gate's, except those whose payments sign
   * no validity window (Solana's live as long as their blockhash) where the operation's budget
   * and the settlement margin do not fit the advertised timeout.
   */
  private offeredTerms(): readonly PaymentTerms[] {
    const needed = Math.ceil(this.deadlineMs / 1000) + SETTLEMENT_MARGIN_SECONDS;
    const fits = (t: PaymentTerms) =>
      schemeOfTerms(t).lifetimeSeconds === undefined || needed <= t.maxTimeoutSeconds;
    return this.terms.filter(fits);
  }

  /**
   * The `accepts` list, one entry per way of paying (built once; the facilitator's capabilities
   * are fetched the first time).
   */
  requirements(): Promise<PaymentRequirements[]> {
    this.cache.built ??= this.server
      .initialize()
      .then(async () => {
        const offered = this.offeredTerms();
        // Read at once: x402's initialize() empties the supported kinds while it fetches them
        // again (another gate of this server on its first use), and v1 is asked of every payment.
        this.cache.v1Networks = new Set(
          offered
            .filter((t) => {
              const v1Network = v1NetworkOf(t.network);
              const scheme = schemeOfTerms(t).scheme;
              return (
                v1Network !== undefined &&
                this.server.getSupportedKind(1, v1Network as Network, scheme) !== undefined
              );
            })
            .map((t) => t.network),
        );
        const built = await Promise.all(
          offered.map(async (t) => {
            const scheme = schemeOfTerms(t);
            const [requirements, recipient] = await Promise.all([
              this.server.buildPaymentRequirements({
                scheme: scheme.scheme,
                network: t.network,
                payTo: t.payTo,
                maxTimeoutSeconds: t.maxTimeoutSeconds,
                price: {
                  amount: atomicUsdc(this.resource.price),
                  asset: t.asset,
                  extra: extraOf(t),
                },
              }),
              scheme.recipientOf(t.payTo, t.asset),
            ]);
            return { network: t.network, requirements, recipient };
          }),
        );
        this.cache.recipients = new Map(built.map((b) => [b.network, b.recipient]));
        return built.flatMap((b) => b.requirements);
      })
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

  /**
   * What a directory reads of this resource, as its PaymentRequired declares it: the `resource`
   * (with the service's listing) and the `bazaar` extension (built once). `listingProblemsOf`
   * says whether the Bazaar would take it as it is.
   */
  listingDeclaration(): ListingDeclaration {
    return {
      name: this.route,
      resource: this.resourceInfo(this.resource.url),
      bazaar: this.extensions()?.bazaar,
    };
  }

  /** The PaymentRequired's `resource` at `url`: what it is, and the service's listing. */
  private resourceInfo(url: string): ResourceInfo {
    return {
      url,
      description: this.resource.description,
      mimeType: this.resource.mimeType,
      ...listingFieldsOf(this.resource.listing),
    };
  }

  /** Passes on what the facilitator said of the payment's extensions, if anything. */
  private observeExtensions(
    stage: ExtensionResponses["stage"],
    result: { readonly extensionResponses?: Record<string, unknown> | undefined },
  ): void {
    const responses = result.extensionResponses;
    if (responses === undefined || Object.keys(responses).length === 0) return;
    this.cache.onExtensionResponses?.({ stage, route: this.route, responses });
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
            ...(d.kind === "http-query" && d.pathParams !== undefined
              ? { pathParams: d.pathParams, pathParamsSchema: d.pathParamsSchema }
              : {}),
            ...(d.output === undefined ? {} : { output: d.output }),
          } as Parameters<typeof declareDiscoveryExtension>[0]);
    return this.server.enrichExtensions(raw, this.transport);
  }

  /**
   * The extensions a payment of this resource is verified and settled under: the discovery one
   * and, when the server signs, `offer-receipt` (its settlement hook then signs the receipt).
   * A new object per call: the resource server writes extension data into what it is given.
   */
  private declaredExtensions(): Record<string, unknown> | undefined {
    const discovery = this.extensions();
    if (this.cache.offers === undefined) return discovery;
    return { ...discovery, ...offerReceiptDeclaration() };
  }

  /**
   * The PaymentRequired object for this resource, with `error` when given: built once per error
   * text (the unpaid challenge is the hot path of any paid API, and a refusal echoes nothing of
   * the refused payload), only its resource URL set per request.
   */
  async paymentRequired(error?: string): Promise<PaymentRequired> {
    const key = error ?? "";
    let template = this.cache.challenges.get(key);
    if (template === undefined) {
      template = this.buildPaymentRequired(error);
      template.catch(() => this.cache.challenges.delete(key));
      this.cache.challenges.set(key, template);
    }
    const [built, offers] = await Promise.all([template, this.signedOffers()]);
    const resource = { ...built.resource, url: this.resource.url };
    if (offers === undefined) return { ...built, resource };
    return { ...built, resource, extensions: { ...built.extensions, [OFFER_RECEIPT]: offers } };
  }

  /**
   * The signed offers for this resource's URL, when the server signs: signed once per URL and
   * reused for a fraction of their validity, whatever the error text (a refusal and the unpaid
   * challenge of one URL share them), so a flood of unpaid requests costs at most one signing
   * per cache miss (a new URL, or once per `reuse` time per URL); concurrent misses share one.
   */
  private signedOffers(): Promise<OfferReceiptOffers | undefined> | undefined {
    const offers = this.cache.offers;
    if (offers === undefined) return undefined;
    const url = this.resource.url;
    const cached = offers.get(url);
    if (cached !== undefined) return cached;
    const signed = this.signOffers(url);
    // Offers that could not be signed (the extension logs why) are tried again next time; the
    // 402 goes without them rather than not at all (offers are evidence, not a condition).
    const forget = () => {
      if (offers.peek(url) === signed) offers.delete(url);
    };
    signed.then((value) => value === undefined && forget(), forget);
    offers.set(url, signed);
    return signed;
  }

  /** Signs the offers of `url` through the resource server (the extension's own 402 hook). */
  private async signOffers(url: string): Promise<OfferReceiptOffers | undefined> {
    const response = await this.server.createPaymentRequiredResponse(
      await this.requirements(),
      this.resourceInfo(url),
      undefined,
      offerReceiptDeclaration(),
    );
    const offers = response.extensions?.[OFFER_RECEIPT];
    return isOffers(offers) ? offers : undefined;
  }

  private async buildPaymentRequired(error: string | undefined): Promise<PaymentRequired> {
    const accepts = await this.requirements();
    return this.server.createPaymentRequiredResponse(
      accepts,
      this.resourceInfo(this.resource.url),
      error,
      this.extensions(),
    );
  }

  /**
   * Checks a payload (already decoded, of any shape) before any work, and reserves its
   * authorization for this request; never charges. In order, each refusal cheaper than the next:
   *
   * 1. the shape: an x402 payload of a version this gate takes, carrying an authorization of
   *    the terms' scheme (else `invalid_payload`, never a facilitator call that would throw);
   * 2. it pays this resource's requirements: a v2 payload's `accepted` is one of them and it
   *    names this route or tool; a v1 payload is on the network of one of them (`match`);
   * 3. the signed value and recipient are the requirements', and the validity window is bounded
   *    and leaves the operation's budget plus the settlement margin;
   * 4. it is reserved, atomically: of concurrent requests carrying it, one goes on, and one
   *    reserved by a request still running, or already used, is refused at once;
   * 5. the facilitator verifies it (signature, funds, nonce on chain); if it does not, the
   *    reservation is released.
   *
   * The caller must end every verified payment with `settle` or `release`.
   */
  async verify(payload: unknown): Promise<VerifyOutcome> {
    const presented = await this.match(payload);
    if (!presented.ok) return this.refuse(presented.reason);
    const { authorization, requirements, facilitatorRequest, scheme } = presented;
    const early = this.checkAuthorization(scheme, authorization, requirements);
    if (early !== undefined) return this.refuse(early);

    // Reserved before the facilitator is asked, so of concurrent requests carrying one
    // authorization, one goes on and the rest are refused at once without a facilitator call.
    // Forgotten once the authorization can no longer be settled by anyone. Reserving needs the
    // authorization itself (payer and nonce), which only its holder has.
    const authorizationKey = {
      network: requirements.network,
      asset: requirements.asset,
      payer: authorization.payer,
      nonce: authorization.nonce,
    };
    const reservation = keyOf(authorizationKey);
    // Remembered while it could still be settled: to the end of the window it signs, or, where
    // the network bounds it instead, for the longest it can live from now.
    const expiresAt =
      authorization.window === undefined
        ? this.cache.now() + ((scheme.lifetimeSeconds ?? 0) + CLOCK_SKEW_SECONDS) * 1000
        : (Number(authorization.window.validBefore) + CLOCK_SKEW_SECONDS) * 1000;
    const reserved = await ledgerStep("reserve", () =>
      this.cache.reservations.reserve(reservation, expiresAt, {
        authorization: authorizationKey,
        amount: requirements.amount,
        operation: this.route,
      }),
    );
    if (reserved !== "reserved") return this.refuse(REFUSED_RESERVATION[reserved]);

    let result: Awaited<ReturnType<x402ResourceServer["verifyPayment"]>>;
    try {
      result = await this.server.verifyPayment(
        facilitatorRequest.payload as PaymentPayload,
        facilitatorRequest.requirements as PaymentRequirements,
        this.declaredExtensions(),
      );
    } catch (error) {
      await this.forget(reservation);
      const reason = refusedByFacilitator(error, VerifyError);
      if (reason !== undefined) return this.refuse(reason);
      throw new PaymentUnavailableError("verify", error);
    }
    this.observeExtensions("verify", result);
    if (!result.isValid) {
      await this.forget(reservation);
      return this.refuse(result.invalidReason ?? "invalid_payment");
    }
    return {
      ok: true,
      version: presented.version,
      payload: facilitatorRequest.payload,
      requirements,
      facilitatorRequest,
      // The account whose funds move, as the payment signs it (on Solana the transfer's
      // authority, never the fee payer); in the facilitator's spelling when it names the same.
      payer:
        result.payer !== undefined && scheme.canonical(result.payer) === authorization.payer
          ? result.payer
          : authorization.payer,
      reservation,
      authorization: authorizationKey,
    };
  }

  /**
   * What a presented payload pays here, read in its own x402 version (one this gate takes):
   * its authorization, the entry of this resource's `accepts` it pays, and what the facilitator
   * is to be given; or why it pays nothing here.
   *
   * - v2 names the requirements it accepted (they must be this resource's) and the resource it
   *   pays for (it must name this route or tool);
   * - v1 names only its scheme and network: it pays the entry on that network, in v1's words
   *   for the facilitator; it names no resource, so what binds it here is what it signs (the
   *   amount and the payee, checked next, as for v2).
   */
  private async match(payload: unknown): Promise<
    | {
        readonly ok: true;
        readonly version: X402Version;
        readonly scheme: PaymentScheme;
        readonly authorization: SchemeAuthorization;
        readonly requirements: PaymentRequirements;
        readonly facilitatorRequest: FacilitatorRequest;
      }
    | { readonly ok: false; readonly reason: string }
  > {
    const v1 = isPaymentPayloadV1(payload);
    if (!(v1 || isPaymentPayload(payload)) || !this.versions.includes(v1 ? 1 : 2)) {
      return { ok: false, reason: REFUSALS.invalidPayload };
    }
    // Read by the scheme of the network it claims to pay on (the terms' first where no scheme
    // spells that network: it then matches no entry, once its shape is known to be a payment).
    const scheme = this.schemeClaimedBy(payload);
    const authorization = scheme.readAuthorization(payload.payload);
    if (authorization === undefined) return { ok: false, reason: REFUSALS.invalidPayload };
    const accepts = await this.requirements();
    if (v1) {
      const requirements = acceptedByV1(accepts.filter(this.takesV1), payload);
      const inV1 = requirements && v1Requirements(requirements, this.resource);
      if (requirements === undefined || inV1 === undefined) {
        return { ok: false, reason: REFUSALS.requirementsMismatch };
      }
      if (schemeOfTerms(requirements) !== scheme) {
        return { ok: false, reason: REFUSALS.requirementsMismatch };
      }
      const facilitatorRequest = { payload, requirements: inV1 };
      return { ok: true, version: 1, scheme, authorization, requirements, facilitatorRequest };
    }
    const requirements = this.server.findMatchingRequirements(accepts, payload);
    if (requirements === undefined || schemeOfTerms(requirements) !== scheme) {
      return { ok: false, reason: REFUSALS.requirementsMismatch };
    }
    const resourceUrl = payload.resource?.url;
    if (typeof resourceUrl !== "string" || !routeMatches(this.route, resourceUrl)) {
      return { ok: false, reason: REFUSALS.resourceMismatch };
    }
    const facilitatorRequest = { payload, requirements };
    return { ok: true, version: 2, scheme, authorization, requirements, facilitatorRequest };
  }

  /**
   * The scheme of the network a payment says it pays on (v2: the entry it accepted; v1: the
   * network it names, by its v1 name among the terms'), else the first terms' scheme.
   */
  private schemeClaimedBy(payload: AnyPaymentPayload): PaymentScheme {
    const network = isPaymentPayloadV1(payload)
      ? this.terms.find((t) => v1NetworkOf(t.network) === payload.network)?.network
      : payload.accepted?.network;
    const claimed = typeof network === "string" ? schemeSpelling(network) : undefined;
    return claimed ?? schemeOfTerms(this.terms[0] as PaymentTerms);
  }

  /** The local checks of a well-formed authorization against the requirements it claims. */
  private checkAuthorization(
    scheme: PaymentScheme,
    authorization: SchemeAuthorization,
    requirements: PaymentRequirements,
  ): string | undefined {
    if (authorization.value !== BigInt(requirements.amount)) return scheme.refusals.amountMismatch;
    if (authorization.payTo !== this.cache.recipients.get(requirements.network)) {
      return scheme.refusals.recipientMismatch;
    }
    // A payment that signs no window lives as its network lets it (Solana: its blockhash); the
    // operation's budget was fitted to that when the terms were offered (`offeredTerms`).
    if (authorization.window === undefined) return undefined;
    return checkValidityWindow(authorization.window, {
      nowSeconds: this.cache.now() / 1000,
      maxTimeoutSeconds: requirements.maxTimeoutSeconds,
      executionSeconds: this.deadlineMs / 1000,
    });
  }

  /**
   * How a verified payment is settled, asked before anything runs: before the answer (the x402
   * flow, and always without settlement after the answer), or after it within the operator's
   * limits; or refused (the payer has a failed settlement). A refused payment is released here.
   */
  async plan(payment: VerifiedPayment): Promise<PlanOutcome> {
    const deferred = this.cache.deferred;
    // Only a payment whose window it signs can be answered first: one whose life the network
    // bounds (Solana's blockhash) may end before a later settlement, so it is settled first.
    if (deferred === undefined || this.windowOf(payment) === undefined) {
      return { ok: true, kind: "before-response" };
    }
    let plan: SettlementPlan;
    try {
      plan = await deferred.plan(payment, { settleSeconds: this.settleSecondsOf(payment) });
    } catch (error) {
      // The ledger that could not plan most likely cannot release either: the plan's error says why.
      await this.release(payment).catch(() => undefined);
      throw new PaymentUnavailableError("plan", error);
    }
    if (plan.kind !== "refused") return { ok: true, kind: plan.kind };
    await this.release(payment);
    return this.refuse(plan.reason);
  }

  /**
   * Seconds the payment's authorization leaves for settling once the operation's whole execution
   * budget is spent (0 when it cannot be read: then it is never answered first).
   */
  private settleSecondsOf(payment: VerifiedPayment): number {
    const window = this.windowOf(payment);
    if (window === undefined) return 0;
    const left = Number(window.validBefore) - this.cache.now() / 1000;
    return Math.max(0, left - this.deadlineMs / 1000);
  }

  /** The validity window a verified payment signs, if its scheme's payments sign one. */
  private windowOf(payment: VerifiedPayment): SchemeAuthorization["window"] {
    return schemeOfTerms(payment.requirements).readAuthorization(payment.payload.payload)?.window;
  }

  /**
   * The work succeeded and its payment is to be settled after the answer: records it (committed)
   * and schedules the settlement. Throws `PaymentUnavailableError` ("record") if nothing could
   * be recorded: the answer is then withheld (the caller releases the payment).
   */
  async defer(payment: VerifiedPayment, record: ServedRecord = {}): Promise<PendingPayment> {
    const deferred = this.cache.deferred;
    if (deferred === undefined) {
      throw new PaymentUnavailableError("record", new Error("no settlement after the answer"));
    }
    try {
      return await deferred.defer(payment, record);
    } catch (error) {
      throw new PaymentUnavailableError("record", error);
    }
  }

  /**
   * Settles a verified payment (after the work succeeded); a failure means no content. The
   * authorization is then used for good; if settlement was refused (nothing moved) it is free
   * again. A facilitator that fails mid-settlement may have sent the transfer: the authorization
   * stays used until it expires, so the same work is not run twice for one payment.
   */
  async settle(payment: VerifiedPayment): Promise<SettleOutcome> {
    let receipt: SettleResponse;
    const started = this.cache.now();
    try {
      // The settlement's context names the resource as this request did (the URL its 402
      // named), so the signed receipt, when the server signs, is for that URL.
      receipt = await this.server.settlePayment(
        payment.facilitatorRequest.payload as PaymentPayload,
        payment.facilitatorRequest.requirements as PaymentRequirements,
        this.declaredExtensions(),
        receiptContext(this.resource.url),
      );
    } catch (error) {
      const reason = refusedByFacilitator(error, SettleError);
      if (reason !== undefined) {
        await this.release(payment);
        return this.refuse(reason);
      }
      // The facilitator's failure is the answer, whether or not the ledger notes it.
      await this.cache.reservations.markUsed(payment.reservation).catch(() => undefined);
      this.cache.deferred?.observe?.({
        outcome: "unavailable",
        message: error instanceof Error ? error.message : String(error),
      });
      throw new PaymentUnavailableError("settle", error);
    }
    this.observeExtensions("settle", receipt);
    if (!receipt.success) {
      await this.release(payment);
      return this.refuse(receipt.errorReason ?? "settlement_failed");
    }
    // The money moved, so the answer is owed: a ledger that cannot note it now keeps the row
    // served (the authorization stays used), and the receipt names the transaction.
    await this.cache.reservations
      .markUsed(payment.reservation, { transaction: receipt.transaction })
      .catch(() => undefined);
    this.cache.deferred?.observe?.({ outcome: "settled", ms: this.cache.now() - started });
    return { ok: true, receipt };
  }

  /**
   * The work succeeded and its answer is ready: the reservation notes what it was computed on
   * (stores that record payments), before the settlement is sent.
   */
  async served(payment: VerifiedPayment, record: ServedRecord = {}): Promise<void> {
    await ledgerStep("record", async () => {
      await this.cache.reservations.markServed?.(payment.reservation, record);
    });
  }

  /** Ends a verified payment that will not be settled (the work failed or was refused). */
  async release(payment: VerifiedPayment): Promise<void> {
    await ledgerStep("release", () => this.cache.reservations.release(payment.reservation));
  }

  /** Drops a reservation the facilitator refused before anything ran. */
  private async forget(reservation: string): Promise<void> {
    await ledgerStep("release", () => this.cache.reservations.forget(reservation));
  }

  /**
   * A refusal: the resource's challenge with the reason (built once per reason; nothing of the
   * refused payload is echoed, so a refusal costs the same whatever was sent).
   */
  private async refuse(reason: string): Promise<Refusal> {
    return { ok: false, paymentRequired: await this.paymentRequired(reason) };
  }
}

/** Why a reservation that did not succeed is refused. */
const REFUSED_RESERVATION = {
  in_use: REFUSALS.inUse,
  used: REFUSALS.alreadyUsed,
  exhausted: REFUSALS.attemptsExhausted,
} as const;

/** Whether terms given to a gate are a list of them (or one). */
const isTermsList = (
  terms: PaymentTerms | readonly PaymentTerms[],
): terms is readonly PaymentTerms[] => Array.isArray(terms);

/** The route a resource URL names, when no route is given: its path, or the URL itself. */
const routeOfUrl = (url: string): string => {
  if (url.startsWith("/")) return url;
  try {
    const parsed = new URL(url);
    return parsed.protocol === "http:" || parsed.protocol === "https:" ? parsed.pathname : url;
  } catch {
    return url;
  }
};
