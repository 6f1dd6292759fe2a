import {
  BatchWalletScreenAnswerSchema,
  BatchWalletScreenInputSchema,
  batchWalletScreen,
  strictInput,
} from "@svc/compliance";
import { routeTool } from "./route-tool.js";
import { toolAddressesField } from "./tool-fields.js";

/** `batch_wallet_screen`: the batch screening route (POST /api/workflows/compliance/batch-wallet-screen) as a tool, at its price. */
export const batchWalletScreenTool = routeTool(
  batchWalletScreen,
  strictInput({
    ...BatchWalletScreenInputSchema.entries,
    addresses: toolAddressesField(
      "1 to 100 wallet addresses (each at least 10 characters); each is screened and reported at its position.",
    ),
  }),
  batchWalletScreen.inputExample,
  BatchWalletScreenAnswerSchema,
);
