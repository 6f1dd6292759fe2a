import { type PaymentTerms, termsOn } from "../../terms/paid-resource.js";
import { BASE_NETWORK } from "./usdc-on-base.js";

/** The terms of being paid to `payTo` in USDC on Base. */
export const baseTerms = (payTo: `0x${string}`): PaymentTerms => termsOn(BASE_NETWORK, payTo);
