import { ofacWalletScreen } from "@svc/compliance";
import { operationTool } from "./tool.js";

/** `ofac_wallet_screen`: single-address screening (GET /api/ofac-wallet-screen/:address) as a tool, on the route's input, at its price. */
export const ofacWalletScreenTool = operationTool(ofacWalletScreen);
