import { batchWalletScreen } from "./batch-wallet-screen.js";
import { eddReport } from "./edd-report.js";
import { ofacWalletScreen } from "./ofac-wallet-screen.js";
import { walletSanctionsReport } from "./wallet-sanctions-report.js";

/**
 * The screening operations (single-address screen and report, batch, EDD) in order, each keeping its own input and
 * output types (the catalog erases them when it lists every operation).
 */
export const SCREENING_OPERATIONS = [
  ofacWalletScreen,
  walletSanctionsReport,
  batchWalletScreen,
  eddReport,
] as const;

export { AttestationSchema } from "../answer-parts.js";
export {
  BatchWalletScreenAnswerSchema,
  EddReportAnswerSchema,
  WalletReportAnswerSchema,
  WalletScreeningAnswerSchema,
} from "./answer-schemas.js";
export {
  type ScreeningReportOptions,
  withAttestationAppendix,
} from "./attestation-appendix.js";
export {
  BATCH_REPORT_TITLE,
  BATCH_REPORT_TYPE,
  batchScreeningReport,
} from "./batch-screening-report.js";
export {
  type BatchWalletScreenAnswer,
  type BatchWalletScreenData,
  type BatchWalletScreenInput,
  BatchWalletScreenInputSchema,
  batchWalletScreen,
} from "./batch-wallet-screen.js";
export { EDD_OUTPUT_FORMATS, type EddCase, type EddOutputFormat, eddCase } from "./edd-case.js";
export { type EddMemo, type EddScope, type EddSignOff, eddMemo } from "./edd-memo.js";
export { EDD_REPORT_TYPE, eddMemoReport, eddTitle } from "./edd-memo-report.js";
export {
  type EddArtifactOnlyAnswer,
  type EddDocumentAnswer,
  type EddDocumentData,
  type EddJsonAnswer,
  type EddMemoData,
  type EddReportAnswer,
  type EddReportInput,
  EddReportInputSchema,
  eddReport,
  subjectNameField,
} from "./edd-report.js";
export {
  type ArtifactHints,
  artifactHints,
  DOCUMENT_ENDPOINTS,
  type ScreeningEnvelope,
  screeningEnvelope,
} from "./envelope.js";
export {
  addressesField,
  addressField,
  assetField,
  MAX_BATCH_ADDRESSES,
  optionalText,
  outputFormatField,
  screenOptions,
  strictInput,
} from "./input-fields.js";
export {
  ofacWalletScreen,
  type WalletScreenInput,
  WalletScreenInputSchema,
} from "./ofac-wallet-screen.js";
export { SERVICE_AUTHOR, withByline } from "./report-byline.js";
export { SCREENING_NOTE, SCREENING_SOURCE } from "./screening-constants.js";
export { screeningInstant } from "./screening-instant.js";
export {
  type WalletSanctionsReportInput,
  WalletSanctionsReportInputSchema,
  walletSanctionsReport,
} from "./wallet-sanctions-report.js";
export {
  type WalletScreeningAnswer,
  type WalletScreeningData,
  walletScreeningAnswer,
} from "./wallet-screening-answer.js";
export {
  WALLET_REPORT_TITLE,
  WALLET_REPORT_TYPE,
  walletScreeningReport,
} from "./wallet-screening-report.js";
