import { anvilAccount, DEVNET_PRIVATE_KEYS as DEVNET_STACK_KEYS } from "@svc/x402-devnet";
import { describe, expect, it } from "vitest";
import { DEVNET_ADDRESSES, DEVNET_PRIVATE_KEYS } from "./devnet-keys.js";

describe("the devnet keys production refuses", () => {
  it("are exactly the keys and addresses of the local settlement stack", () => {
    expect([...DEVNET_PRIVATE_KEYS].sort()).toEqual([...DEVNET_STACK_KEYS].map(String).sort());
    expect(DEVNET_ADDRESSES).toEqual(
      DEVNET_ADDRESSES.map((_, i) => anvilAccount(i).address.toLowerCase()),
    );
  });
});
