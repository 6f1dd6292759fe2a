import {
  ofacWalletScreen,
  strictInput,
  WalletScreenInputSchema,
  WalletScreeningAnswerSchema,
} from "@svc/compliance";
import { routeTool } from "./route-tool.js";
import { toolAddressField } from "./tool-fields.js";

/** `ofac_wallet_screen`: single-address screening (GET /api/ofac-wallet-screen/:address) as a tool, at its price. */
export const ofacWalletScreenTool = routeTool(
  ofacWalletScreen,
  strictInput({
    ...WalletScreenInputSchema.entries,
    address: toolAddressField(
      "The wallet address to screen, as supplied (at least 10 characters).",
    ),
  }),
  ofacWalletScreen.inputExample,
  WalletScreeningAnswerSchema,
);
