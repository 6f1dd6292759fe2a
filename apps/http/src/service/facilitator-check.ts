import { missingKinds, type NeededKinds } from "@svc/payments";
import type { FacilitatorClient } from "@x402/core/server";
import type { SupportedResponse } from "@x402/core/types";
import type { Logger } from "pino";

/** How long a production start-up waits for the facilitator's `/supported` before going on. */
const SUPPORTED_CHECK_MS = 10_000;

/** A facilitator that cannot settle what the service takes, or refuses its credentials. */
export class FacilitatorUnfitError extends Error {
  readonly code = "FACILITATOR_UNFIT" as const;
  constructor(message: string) {
    super(message);
    this.name = "FacilitatorUnfitError";
  }
}

/**
 * Asks the facilitator what it supports before the service listens (production), and refuses
 * to start when it lacks the network, the scheme or an x402 version the service takes payments
 * in, or when it refuses the service's credentials (401/403: every paid call would fail the
 * same way). A facilitator that cannot be reached, or answers otherwise, is not a reason to
 * refuse: the service comes up (paid calls answer 503 until the facilitator is reachable), and
 * the reason is logged as a warning.
 */
export async function checkFacilitator(
  facilitator: FacilitatorClient,
  where: string,
  needed: NeededKinds,
  log: Logger,
  timeoutMs = SUPPORTED_CHECK_MS,
): Promise<void> {
  let supported: SupportedResponse;
  try {
    supported = await withinMs(facilitator.getSupported(), timeoutMs);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    if (/\((401|403)\)/.test(reason)) {
      throw new FacilitatorUnfitError(
        `the facilitator at ${where} refused the service's credentials: ${reason}`,
      );
    }
    log.warn(
      { facilitator: where, reason },
      "the facilitator's /supported could not be read at start-up: starting anyway; paid calls answer 503 until it is reachable",
    );
    return;
  }
  const problems = missingKinds(supported, needed);
  if (problems.length > 0) {
    throw new FacilitatorUnfitError(
      `the facilitator at ${where} cannot settle what this service takes: ${problems.join("; ")}`,
    );
  }
}

function withinMs<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}
