import { assetField, ofacWalletScreen, strictInput } from "@svc/compliance";
import type * as v from "valibot";
import { defineTool } from "./tool.js";
import { toolAddressField } from "./tool-fields.js";

const Input = strictInput({
  address: toolAddressField("The wallet address to screen, as supplied (at least 10 characters)."),
  asset: assetField,
});

/** Spec §4.3 `ofac_wallet_screen`: HTTP route 1 as a tool, at its price. */
export const ofacWalletScreenTool = defineTool<v.InferOutput<typeof Input>>({
  name: ofacWalletScreen.name,
  title: ofacWalletScreen.name,
  description: ofacWalletScreen.description,
  input: Input,
  inputExample: ofacWalletScreen.inputExample,
  pricing: { kind: "paid", price: ofacWalletScreen.price },
  run: async (input, { deps }) => ({ ...(await ofacWalletScreen.run(input, deps)) }),
});
