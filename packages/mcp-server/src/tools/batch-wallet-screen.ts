import { batchWalletScreen } from "@svc/compliance";
import { routeTool } from "./route-tool.js";

/** `batch_wallet_screen`: the batch screening route (POST /api/workflows/compliance/batch-wallet-screen) as a tool, on the route's input, at its price. */
export const batchWalletScreenTool = routeTool(
  batchWalletScreen,
  batchWalletScreen.input,
  batchWalletScreen.inputExample,
);
