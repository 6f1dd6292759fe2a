import { x402Client } from "@x402/core/client";
import { ExactEvmScheme } from "@x402/evm/exact/client";
import { wrapFetchWithPayment } from "@x402/fetch";
import type { Hono } from "hono";
import type { Hex } from "viem";
import { privateKeyToAccount } from "viem/accounts";

/**
 * fetch that pays the app's 402s as an agent does (@x402/fetch with `privateKey`), sending the
 * requests to the app in-process (`app.request`), so no socket is needed.
 */
export const payingFetch = (app: Hono, privateKey: Hex): typeof fetch =>
  wrapFetchWithPayment(
    ((input: string | URL | Request, init?: RequestInit) =>
      Promise.resolve(app.request(new Request(input, init)))) as typeof fetch,
    new x402Client().register("eip155:8453", new ExactEvmScheme(privateKeyToAccount(privateKey))),
  );

/** fetch that pays 402s from `privateKey` over the network, as an agent paying a running service does. */
export const payingNetworkFetch = (privateKey: Hex): typeof fetch =>
  wrapFetchWithPayment(
    fetch,
    new x402Client().register("eip155:8453", new ExactEvmScheme(privateKeyToAccount(privateKey))),
  );
