import { resolve } from "node:path";
import {
  isAttestationError,
  type PublicJwk,
  parseJwks,
  parseSigningKey,
  publicJwks,
  type SigningKey,
} from "@svc/attestations";

/** The settings, named as environment variables (documented in the service README). */
export const SIGNING_ENV = {
  key: "SIGNING_KEY",
  retired: "SIGNING_KEYS_RETIRED",
  keyFile: "SIGNING_KEY_FILE",
} as const;

/**
 * Where development keeps the key it generated when `SIGNING_KEY` is unset: beside the embedded
 * ledger (`.svc/ledger`), under the working directory, so `pnpm start` needs nothing else and a
 * restart signs with the same key.
 */
export const DEFAULT_SIGNING_KEY_FILE = ".svc/signing-key.json";

/**
 * How to make a key for `SIGNING_KEY`, as the refusal prints it: the script this app ships
 * (`dist/generate-signing-key.js`, no pnpm needed) prints a new Ed25519 private JWK.
 */
const HOW_TO_MAKE_A_KEY =
  "make one with `node dist/generate-signing-key.js` in the service's directory (prints a new Ed25519 private JWK; keep it secret)";

/**
 * The service's signing settings: the key it signs attestations with (or, in development, the
 * file where it keeps a generated one) and the retired public keys it still publishes.
 */
export interface SigningConfig {
  /** `SIGNING_KEY`, parsed; undefined in development without it. */
  readonly key: SigningKey | undefined;
  /** Where development keeps its generated key (`SIGNING_KEY_FILE`), absolute. */
  readonly keyFile: string;
  /** `SIGNING_KEYS_RETIRED`: still published, so evidence signed before a rotation verifies. */
  readonly retired: readonly PublicJwk[];
}

/** A refused signing setting: which variable, and what is wrong with it. */
export class SigningConfigError extends Error {
  readonly code = "SIGNING_CONFIG_INVALID" as const;
  constructor(
    readonly variable: string,
    problem: string,
  ) {
    super(`${variable}: ${problem}`);
    this.name = "SigningConfigError";
  }
}

/** The library's refusal in words, never the secret itself (a key's members are not echoed). */
const why = (error: unknown): string => {
  if (isAttestationError(error)) return error.reason;
  throw error;
};

function signingKeyOf(raw: string): SigningKey {
  try {
    return parseSigningKey(raw);
  } catch (error) {
    throw new SigningConfigError(SIGNING_ENV.key, `is not a usable private JWK (${why(error)})`);
  }
}

/**
 * The retired keys: a key set `{"keys":[...]}` or a bare array of public JWKs, each with its
 * `kid`. A private member is refused: a retired key only verifies, and is published.
 */
function retiredKeysOf(raw: string): readonly PublicJwk[] {
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    throw new SigningConfigError(
      SIGNING_ENV.retired,
      'must be JSON: a key set {"keys":[...]} or an array of public JWKs',
    );
  }
  try {
    return parseJwks(Array.isArray(value) ? { keys: value } : value).keys;
  } catch (error) {
    throw new SigningConfigError(SIGNING_ENV.retired, why(error));
  }
}

/**
 * Reads `SIGNING_KEY`, `SIGNING_KEYS_RETIRED` and `SIGNING_KEY_FILE`. In production the key is
 * required: evidence signed with a key generated on one machine would not verify on the next
 * replica or after a redeploy. A retired key under the current key's `kid` must be that key
 * (then it is published once); another key under it is refused.
 */
export function loadSigningConfig(
  env: Readonly<Record<string, string | undefined>>,
  options: { readonly production: boolean; readonly cwd: string },
): SigningConfig {
  const raw = env[SIGNING_ENV.key] || undefined;
  if (raw === undefined && options.production) {
    throw new SigningConfigError(
      SIGNING_ENV.key,
      `is required in production: the private JWK the service signs its screening attestations with; ${HOW_TO_MAKE_A_KEY}`,
    );
  }
  const key = raw === undefined ? undefined : signingKeyOf(raw);
  const retiredRaw = env[SIGNING_ENV.retired] || undefined;
  const retired = retiredRaw === undefined ? [] : retiredKeysOf(retiredRaw);
  if (key !== undefined) {
    try {
      publicJwks([key, ...retired]);
    } catch (error) {
      throw new SigningConfigError(SIGNING_ENV.retired, `with ${SIGNING_ENV.key}: ${why(error)}`);
    }
  }
  return {
    key,
    keyFile: resolve(options.cwd, env[SIGNING_ENV.keyFile] || DEFAULT_SIGNING_KEY_FILE),
    retired: retired.filter((k) => k.kid !== key?.kid),
  };
}
