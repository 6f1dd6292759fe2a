import type * as SolanaDevnetModule from "@svc/solana-devnet";
import type * as DevnetModule from "@svc/x402-devnet";

/** What the service says when development payments need the devnet and it is not installed. */
export const DEVNET_MISSING =
  "development payments need @svc/x402-devnet; install dev dependencies or set FACILITATOR_URL";

/** What it says when development Solana payments need the local Solana runtime, not installed. */
const SOLANA_DEVNET_MISSING =
  "development Solana payments need @svc/solana-devnet; install dev dependencies or set FACILITATOR_URL";

/** The service cannot pay through its own devnet: the package is not installed. */
export class DevnetUnavailableError extends Error {
  readonly code = "DEVNET_UNAVAILABLE" as const;
  constructor(options?: { cause?: unknown }, message = DEVNET_MISSING) {
    super(message, options);
    this.name = "DevnetUnavailableError";
  }
}

/**
 * Loads the local settlement stack (a development dependency: anvil and the local chain) only
 * when the service pays through it, i.e. in development without FACILITATOR_URL. A production
 * install (`pnpm deploy --prod`) does not carry it: there the import fails and this throws
 * {@link DevnetUnavailableError}, which `main` prints as one line. Never imported statically.
 */
export async function loadDevnet(
  load: () => Promise<typeof DevnetModule> = () => import("@svc/x402-devnet"),
): Promise<typeof DevnetModule> {
  try {
    return await load();
  } catch (error) {
    if (isModuleNotFound(error)) throw new DevnetUnavailableError({ cause: error });
    throw error;
  }
}

/**
 * Loads the local Solana runtime (litesvm behind a loopback RPC, and its facilitator), a
 * development dependency like the devnet, only when development payments offer Solana
 * (`PAY_TO_SOLANA` without a facilitator). Never imported statically.
 */
export async function loadSolanaDevnet(
  load: () => Promise<typeof SolanaDevnetModule> = () => import("@svc/solana-devnet"),
): Promise<typeof SolanaDevnetModule> {
  try {
    return await load();
  } catch (error) {
    if (isModuleNotFound(error)) {
      throw new DevnetUnavailableError({ cause: error }, SOLANA_DEVNET_MISSING);
    }
    throw error;
  }
}

function isModuleNotFound(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === "ERR_MODULE_NOT_FOUND" || code === "MODULE_NOT_FOUND";
}
