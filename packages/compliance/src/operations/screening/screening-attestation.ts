import type { ScreeningAnswer } from "@svc/attestations";
import type { ScreeningAttestation } from "../../attestation/attest.js";
import type { RunContext } from "../../execution/executable.js";

/**
 * The signed attestation of a screening, when the run was given `attest` (a paid run of the
 * hosted service); undefined otherwise. Signed on the screening itself (the @svc/ofac-index
 * answer), before any report is built, so the answer, its report and its documents all carry
 * the one signature.
 */
export const attestScreening = async (
  context: RunContext | undefined,
  screening: ScreeningAnswer,
): Promise<ScreeningAttestation | undefined> => context?.attest?.(screening);

/** The answer's top-level `attestation` member (the compact JWS), or nothing when unsigned. */
export const attestationMember = (
  attestation: ScreeningAttestation | undefined,
): { readonly attestation?: string } =>
  attestation === undefined ? {} : { attestation: attestation.jws };
