export { type AnyOperation, CATALOG } from "./catalog/catalog.js";
export type { ComplianceDeps } from "./catalog/deps.js";
export { defineOperation, type Operation, type OperationCategory } from "./catalog/operation.js";
export { ofacWalletScreen, WalletScreenInputSchema } from "./operations/ofac-wallet-screen.js";
export { SCREENING_NOTE, SCREENING_SOURCE } from "./operations/screening-constants.js";
