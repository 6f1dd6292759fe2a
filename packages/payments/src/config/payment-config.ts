import type { Network } from "@x402/core/types";
import * as v from "valibot";
import type { FacilitatorChoice } from "../facilitator/facilitator-choice.js";
import type { PaymentScheme } from "../scheme/payment-scheme.js";
import { exactEvm } from "../schemes/exact-evm/exact-evm-scheme.js";
import { exactSvm } from "../schemes/exact-svm/exact-svm-scheme.js";
import { KNOWN_SCHEMES, schemeOn } from "../schemes/known-schemes.js";
import { X402_VERSIONS, type X402Version } from "../versions/x402-v1.js";
import { readFacilitator } from "./facilitator-setting.js";
import { X402Versions } from "./x402-versions.js";

/** `development` pays through the local devnet; `production` through a real facilitator. */
type PaymentMode = "development" | "production";

/**
 * When a paid answer's payment is settled: `before-response` (the x402 flow: the answer waits
 * for the settlement's receipt) or `after-response` (the answer goes out once the payment is
 * verified and recorded; the settlement follows in the background, within risk limits).
 */
type SettlementTiming = "before-response" | "after-response";

/** The highest price settled after the answer, unless `X402_DEFERRED_MAX_USD` says otherwise. */
const DEFAULT_DEFERRED_MAX_USD = 0.25;
/**
 * The most answered first and not yet paid across every payer (and replica), counting what
 * payers failed to pay in the last 24 hours, unless `X402_DEFERRED_OUTSTANDING_USD` says otherwise.
 */
const DEFAULT_DEFERRED_OUTSTANDING_USD = 10;
/**
 * The least time an authorization answered first must leave for settling once the work's budget
 * is spent, unless `X402_DEFERRED_SETTLE_SECONDS` says otherwise: on Base (2-s blocks), 15 blocks
 * and the retries 1, 2, 4 and 8 s apart.
 */
const DEFAULT_DEFERRED_SETTLE_SECONDS = 30;

export interface PaymentConfig {
  readonly mode: PaymentMode;
  /**
   * The one recipient of every payment, in the form the network's scheme takes; in development,
   * the devnet's payee when unset.
   */
  readonly payTo: string | undefined;
  /** The EVM network paid on (`X402_NETWORK`): Base, or Base Sepolia for a rehearsal. */
  readonly network: Network;
  /**
   * USDC on Solana, the second way to pay, when `PAY_TO_SOLANA` names its payee (else Base only):
   * the payee (whose USDC token account must exist), the network (`X402_SOLANA_NETWORK`: Solana
   * mainnet, or Solana devnet for a rehearsal), and the RPC the payee's token account is checked
   * through at a production start (`SOLANA_RPC_URL`; the network's public RPC when unset).
   */
  readonly solana: SolanaTerms | undefined;
  /**
   * The facilitator: Coinbase's with CDP keys (`CDP_API_KEY_ID`, `CDP_API_KEY_SECRET`), else
   * `FACILITATOR_URL` (+ `FACILITATOR_HEADERS`), else x402.org's on Base Sepolia in production,
   * else the devnet's (development).
   */
  readonly facilitator: FacilitatorChoice;
  /** The x402 versions payments are taken in (`X402_VERSIONS`, default `1,2`). */
  readonly versions: readonly X402Version[];
  /** When payments are settled (`X402_SETTLEMENT`, default before-response). */
  readonly settlement: SettlementTiming;
  /** After the answer, only prices up to this many USD (`X402_DEFERRED_MAX_USD`, default 0.25). */
  readonly deferredMaxUsd: number;
  /**
   * After the answer, at most this many USD answered and unpaid across every payer and replica,
   * with what payers failed to pay in the last 24 hours (`X402_DEFERRED_OUTSTANDING_USD`, 10).
   */
  readonly deferredOutstandingUsd: number;
  /**
   * After the answer, only authorizations leaving this many seconds to settle once the work's
   * budget is spent (`X402_DEFERRED_SETTLE_SECONDS`, default 30).
   */
  readonly deferredSettleSeconds: number;
  /**
   * A JSON-RPC URL of the payment network (`X402_RPC_URL`): settlement after the answer reads
   * payers' balances and past settlements there. In development, unset means the devnet's.
   */
  readonly rpcUrl: string | undefined;
}

/** Where and to whom Solana payments go. */
export interface SolanaTerms {
  readonly payTo: string;
  readonly network: Network;
  readonly rpcUrl: string | undefined;
}

/** A refused configuration: every problem, each with the variable it concerns. */
export class PaymentConfigError extends Error {
  readonly code = "PAYMENT_CONFIG_INVALID" as const;
  constructor(readonly problems: readonly { variable: string; message: string }[]) {
    super(
      `payment configuration refused: ${problems.map((p) => `${p.variable}: ${p.message}`).join("; ")}`,
    );
    this.name = "PaymentConfigError";
  }
}

/** The settings, named as environment variables (documented in the service README). */
const PAYMENT_ENV = {
  mode: "SVC_MODE",
  payTo: "PAY_TO",
  network: "X402_NETWORK",
  solanaPayTo: "PAY_TO_SOLANA",
  solanaNetwork: "X402_SOLANA_NETWORK",
  solanaRpcUrl: "SOLANA_RPC_URL",
  versions: "X402_VERSIONS",
  settlement: "X402_SETTLEMENT",
  deferredMaxUsd: "X402_DEFERRED_MAX_USD",
  deferredOutstandingUsd: "X402_DEFERRED_OUTSTANDING_USD",
  deferredSettleSeconds: "X402_DEFERRED_SETTLE_SECONDS",
  rpcUrl: "X402_RPC_URL",
} as const;

/** A payee as `scheme` takes it. */
const Payee = (scheme: PaymentScheme) =>
  v.pipe(
    v.string(),
    v.check((address) => scheme.payee.test(address), scheme.payee.shape),
  );

/** One of the networks `scheme` is paid on, each named with its asset. */
const NetworkOf = (scheme: PaymentScheme) => {
  const networks = Object.keys(scheme.networks) as Network[];
  return v.picklist(
    networks,
    `must be ${networks.map((n) => `${n} (${scheme.networks[n]?.label})`).join(" or ")}`,
  );
};
/** A USD amount as a setting: up to 4 digits and 6 decimals, more than 0. */
const UsdAmount = (example: string) =>
  v.pipe(
    v.string(),
    v.regex(/^\d{1,4}(\.\d{1,6})?$/, `must be a USD amount such as ${example}`),
    v.transform(Number),
    v.minValue(0.000001, "must be more than 0"),
  );

/** The network each scheme is paid on when none is set: its first (Base; Solana mainnet). */
const defaultNetworkOf = (scheme: PaymentScheme): Network =>
  Object.keys(scheme.networks)[0] as Network;

/**
 * Reads and checks the payment settings. In production it refuses to start without a payTo,
 * with a devnet account as payTo, with any devnet private key anywhere in the environment, or
 * with a facilitator that is missing, not HTTPS, or on a loopback or private address.
 */
export function loadPaymentConfig(
  env: Readonly<Record<string, string | undefined>>,
): PaymentConfig {
  const problems: { variable: string; message: string }[] = [];
  const read = <T>(variable: string, schema: v.GenericSchema<string, T>): T | undefined => {
    const raw = env[variable];
    if (raw === undefined || raw === "") return undefined;
    const r = v.safeParse(schema, raw);
    if (!r.success) problems.push({ variable, message: r.issues[0]?.message ?? "invalid" });
    return r.success ? r.output : undefined;
  };
  const mode =
    read(
      PAYMENT_ENV.mode,
      v.picklist(["development", "production"], "must be development or production"),
    ) ?? "development";
  const scheme = exactEvm;
  const payTo = read(PAYMENT_ENV.payTo, Payee(scheme));
  const network = read(PAYMENT_ENV.network, NetworkOf(scheme)) ?? defaultNetworkOf(scheme);
  const solana = readSolana(read, problems);
  const facilitator = readFacilitator(env, mode === "production", network, read, problems);
  const versions = read(PAYMENT_ENV.versions, X402Versions) ?? X402_VERSIONS;
  for (const served of [network, solana?.network]) {
    if (served === undefined || !versions.includes(1)) continue;
    if (schemeOn(served)?.networks[served]?.v1Network === undefined) {
      problems.push({ variable: PAYMENT_ENV.versions, message: `cannot include 1 on ${served}` });
    }
  }
  const settlement =
    read(
      PAYMENT_ENV.settlement,
      v.picklist(
        ["before-response", "after-response"],
        "must be before-response or after-response",
      ),
    ) ?? "before-response";
  const deferredMaxUsd =
    read(PAYMENT_ENV.deferredMaxUsd, UsdAmount("0.25")) ?? DEFAULT_DEFERRED_MAX_USD;
  const deferredOutstandingUsd =
    read(PAYMENT_ENV.deferredOutstandingUsd, UsdAmount("10")) ?? DEFAULT_DEFERRED_OUTSTANDING_USD;
  const deferredSettleSeconds =
    read(
      PAYMENT_ENV.deferredSettleSeconds,
      v.pipe(
        v.string(),
        v.regex(/^\d{1,4}$/, "must be a whole number of seconds such as 30"),
        v.transform(Number),
        v.minValue(
          12,
          "must be at least 12 (the facilitator refuses an authorization ending sooner)",
        ),
      ),
    ) ?? DEFAULT_DEFERRED_SETTLE_SECONDS;
  const rpcUrl = read(PAYMENT_ENV.rpcUrl, v.pipe(v.string(), v.url("must be a URL")));

  // A facilitator other than the devnet's leaves no chain to read balances from unless named.
  if (settlement === "after-response" && rpcUrl === undefined && facilitator.kind !== "devnet") {
    problems.push({
      variable: PAYMENT_ENV.rpcUrl,
      message:
        "is required with X402_SETTLEMENT=after-response and a facilitator other than the devnet",
    });
  }
  if (mode === "production") {
    if (payTo === undefined)
      problems.push({ variable: PAYMENT_ENV.payTo, message: "is required in production" });
    else if (scheme.devnet.isPublicAccount(payTo)) {
      problems.push({ variable: PAYMENT_ENV.payTo, message: "is a public devnet account" });
    }
    for (const [variable, value] of Object.entries(env)) {
      if (value !== undefined && KNOWN_SCHEMES.some((s) => s.devnet.holdsPublicSecret(value))) {
        problems.push({ variable, message: "holds a public devnet private key" });
      }
    }
  }
  if (problems.length > 0) throw new PaymentConfigError(problems);
  return {
    mode,
    payTo,
    network,
    solana,
    facilitator,
    versions,
    settlement,
    deferredMaxUsd,
    deferredOutstandingUsd,
    deferredSettleSeconds,
    rpcUrl,
  };
}

/**
 * The Solana settings: none unless `PAY_TO_SOLANA` names a payee (a network or RPC set without
 * one is a problem: it would change nothing, silently).
 */
function readSolana(
  read: <T>(variable: string, schema: v.GenericSchema<string, T>) => T | undefined,
  problems: { variable: string; message: string }[],
): SolanaTerms | undefined {
  const payTo = read(PAYMENT_ENV.solanaPayTo, Payee(exactSvm));
  const network = read(PAYMENT_ENV.solanaNetwork, NetworkOf(exactSvm));
  const rpcUrl = read(PAYMENT_ENV.solanaRpcUrl, v.pipe(v.string(), v.url("must be a URL")));
  if (payTo === undefined) {
    for (const [variable, value] of [
      [PAYMENT_ENV.solanaNetwork, network],
      [PAYMENT_ENV.solanaRpcUrl, rpcUrl],
    ] as const) {
      if (value !== undefined) {
        problems.push({ variable, message: `has no effect without ${PAYMENT_ENV.solanaPayTo}` });
      }
    }
    return undefined;
  }
  return { payTo, network: network ?? defaultNetworkOf(exactSvm), rpcUrl };
}
