import { assetField, batchWalletScreen, strictInput } from "@svc/compliance";
import type * as v from "valibot";
import { defineTool } from "./tool.js";
import { toolAddressesField } from "./tool-fields.js";

const Input = strictInput({
  addresses: toolAddressesField(
    "1 to 100 wallet addresses (each at least 10 characters); each is screened and reported at its position.",
  ),
  asset: assetField,
});

/** Spec §4.3 `batch_wallet_screen`: HTTP route 3 as a tool, at its price. */
export const batchWalletScreenTool = defineTool<v.InferOutput<typeof Input>>({
  name: batchWalletScreen.name,
  title: batchWalletScreen.name,
  description: batchWalletScreen.description,
  input: Input,
  inputExample: batchWalletScreen.inputExample,
  pricing: { kind: "paid", price: batchWalletScreen.price },
  run: async (input, { deps }) => ({ ...(await batchWalletScreen.run(input, deps)) }),
});
