import { batchWalletScreen } from "@svc/compliance";
import { operationTool } from "./tool.js";

/** `batch_wallet_screen`: the batch screening route (POST /api/workflows/compliance/batch-wallet-screen) as a tool, on the route's input, at its price. */
export const batchWalletScreenTool = operationTool(batchWalletScreen);
