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
