import type { ScreenResult } from "@svc/ofac-index";
import type { ScreeningAttestation } from "../../attestation/attest.js";
import { type ScreeningEnvelope, screeningEnvelope } from "./envelope.js";
import { SCREENING_NOTE } from "./screening-constants.js";
import { walletScreeningReport } from "./wallet-screening-report.js";

/** The single-address report's `data` (the GET screening has no shape of its own: it answers the same). */
interface WalletScreeningData extends ScreenResult {
  readonly note: string;
}

export type WalletScreeningAnswer = ScreeningEnvelope<WalletScreeningData>;

/**
 * The answer of the single-address screening (GET) and report (POST): one screening, its note and its report. Both routes answer
 * through this one function, so the GET and the POST can never drift apart. A signed screening
 * carries its attestation in the answer and in the report's appendix.
 */
export const walletScreeningAnswer = (
  result: ScreenResult,
  attestation?: ScreeningAttestation,
): WalletScreeningAnswer =>
  screeningEnvelope(
    { ...result, note: SCREENING_NOTE },
    walletScreeningReport(result, { attestation }),
    attestation,
  );
