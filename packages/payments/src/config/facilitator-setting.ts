import type { Network } from "@x402/core/types";
import * as v from "valibot";
import { CDP_SECRET_SHAPE, cdpKeySecret } from "../facilitator/cdp-api-key.js";
import {
  CDP_FACILITATOR_HOST,
  CDP_FACILITATOR_PATH,
  CDP_FACILITATOR_URL,
} from "../facilitator/cdp-facilitator.js";
import type { FacilitatorChoice } from "../facilitator/facilitator-choice.js";
import { BASE_SEPOLIA_NETWORK } from "../schemes/exact-evm/usdc-on-base.js";

/** The public facilitator of x402's testnets: production's default on Base Sepolia. */
const TESTNET_FACILITATOR_URL = "https://x402.org/facilitator";

/** The facilitator's settings, named as environment variables. */
const FACILITATOR_ENV = {
  url: "FACILITATOR_URL",
  headers: "FACILITATOR_HEADERS",
  cdpApiKeyId: "CDP_API_KEY_ID",
  cdpApiKeySecret: "CDP_API_KEY_SECRET",
} as const;

type Problem = { variable: string; message: string };
/** Reads one setting with a schema, reporting a refused value as a problem of its variable. */
type Read = <T>(variable: string, schema: v.GenericSchema<string, T>) => T | undefined;

const Headers = v.pipe(
  v.string(),
  v.parseJson(undefined, "must be a JSON object of header names to values"),
  v.record(v.string(), v.string(), "must be a JSON object of header names to string values"),
);
const ApiKeyId = v.pipe(
  v.string(),
  v.regex(/^[\w./:@-]{1,200}$/, "must be a CDP API key id (a UUID, or organizations/…/apiKeys/…)"),
);

const isLoopbackOrPrivate = (host: string): boolean =>
  /^(localhost|127\.|0\.0\.0\.0|\[?::1\]?$|10\.|192\.168\.|172\.(1[6-9]|2\d|3[01])\.)/i.test(
    host,
  ) || host.endsWith(".local");

const present = (value: string | undefined): value is string => value !== undefined && value !== "";

/**
 * Which facilitator the settings name, every problem reported with its variable:
 * - `CDP_API_KEY_ID` and `CDP_API_KEY_SECRET` (both or neither): Coinbase's facilitator, each
 *   call signed with the key; `FACILITATOR_URL` may point elsewhere only in development (a local
 *   stand-in: in production the token would be handed to another host), and
 *   `FACILITATOR_HEADERS` is refused beside them;
 * - else `FACILITATOR_URL` (with `FACILITATOR_HEADERS`, static);
 * - else, in production, x402.org's public facilitator on Base Sepolia, and nothing on Base
 *   (a facilitator is required there); in development, the local devnet.
 * A production URL must be HTTPS and not local or private. The secret never enters a message.
 */
export function readFacilitator(
  env: Readonly<Record<string, string | undefined>>,
  production: boolean,
  network: Network,
  read: Read,
  problems: Problem[],
): FacilitatorChoice {
  const url = read(FACILITATOR_ENV.url, v.pipe(v.string(), v.url("must be a URL")));
  const headers = read(FACILITATOR_ENV.headers, Headers) ?? {};
  if (production && url !== undefined) checkProductionUrl(url, problems);
  const id = env[FACILITATOR_ENV.cdpApiKeyId];
  const secret = env[FACILITATOR_ENV.cdpApiKeySecret];
  if (present(id) !== present(secret)) {
    const [missing, given] = present(id)
      ? [FACILITATOR_ENV.cdpApiKeySecret, FACILITATOR_ENV.cdpApiKeyId]
      : [FACILITATOR_ENV.cdpApiKeyId, FACILITATOR_ENV.cdpApiKeySecret];
    problems.push({ variable: missing, message: `is required with ${given} (both or neither)` });
  }
  if (present(id) && present(secret)) {
    return readCdp(env, url, production, read, problems, secret);
  }
  if (url !== undefined) return { kind: "http", url, headers };
  if (!production) return { kind: "devnet" };
  if (network === BASE_SEPOLIA_NETWORK) {
    return { kind: "http", url: TESTNET_FACILITATOR_URL, headers };
  }
  problems.push({
    variable: FACILITATOR_ENV.url,
    message: `is required in production on ${network}, or ${FACILITATOR_ENV.cdpApiKeyId} and ${FACILITATOR_ENV.cdpApiKeySecret} for Coinbase's facilitator`,
  });
  return { kind: "devnet" };
}

function readCdp(
  env: Readonly<Record<string, string | undefined>>,
  url: string | undefined,
  production: boolean,
  read: Read,
  problems: Problem[],
  secret: string,
): FacilitatorChoice {
  const apiKeyId = read(FACILITATOR_ENV.cdpApiKeyId, ApiKeyId) ?? "";
  if (cdpKeySecret(secret) === undefined) {
    problems.push({ variable: FACILITATOR_ENV.cdpApiKeySecret, message: CDP_SECRET_SHAPE });
  }
  if (present(env[FACILITATOR_ENV.headers])) {
    problems.push({
      variable: FACILITATOR_ENV.headers,
      message: `cannot be used with ${FACILITATOR_ENV.cdpApiKeyId} and ${FACILITATOR_ENV.cdpApiKeySecret}: each call to Coinbase's facilitator carries a token of its own, signed with the CDP key; unset one or the other`,
    });
  }
  if (url !== undefined) {
    const { hostname, pathname } = new URL(url);
    if (pathname.replace(/\/+$/, "") !== CDP_FACILITATOR_PATH) {
      problems.push({
        variable: FACILITATOR_ENV.url,
        message: `must have the path ${CDP_FACILITATOR_PATH} with CDP keys (the path each call's token names)`,
      });
    }
    if (production && hostname !== CDP_FACILITATOR_HOST) {
      problems.push({
        variable: FACILITATOR_ENV.url,
        message: `must be on ${CDP_FACILITATOR_HOST} with CDP keys in production: each call's token, signed with the CDP key, would be handed to ${hostname}`,
      });
    }
  }
  return {
    kind: "cdp",
    url: url ?? CDP_FACILITATOR_URL,
    apiKeyId,
    apiKeySecret: () => secret,
  };
}

function checkProductionUrl(url: string, problems: Problem[]): void {
  const { protocol, hostname } = new URL(url);
  if (protocol !== "https:") {
    problems.push({ variable: FACILITATOR_ENV.url, message: "must use https in production" });
  }
  if (isLoopbackOrPrivate(hostname)) {
    problems.push({
      variable: FACILITATOR_ENV.url,
      message: "must not be a local or private address in production",
    });
  }
}
