import type { PaymentTerms } from "@svc/payments";
import type { Listing } from "../listing/listing.js";
import { shellQuote } from "./curl-example.js";

/**
 * Where a development service lists its local chain and funded payers (public, worthless devnet
 * keys); production never serves it. The pages mention it only where the app serves it.
 */
export const DEVNET_INFO_PATH = "/dev/devnet.json";

/** The environment variable the TypeScript example reads the payer's private key from. */
export const PAYER_KEY_VARIABLE = "PRIVATE_KEY";

/** What the TypeScript example needs installed (from npm), and how it is run. */
export const PAID_CALL_SETUP = {
  install: "npm install @x402/fetch @x402/evm viem",
  run: `${PAYER_KEY_VARIABLE}=0x… npx tsx paid-call.mts`,
} as const;

/** The query parameter of a dry run (free): the request checked, its price or its refusal answered. */
const DRY_RUN_QUERY = "dry_run=1";

/** The network the TypeScript example pays on: the first EVM one of the terms (the default first). */
export const evmNetworkOf = (terms: readonly PaymentTerms[]): string | undefined =>
  terms.find((t) => t.network.startsWith("eip155:"))?.network;

/** The request of a route's example: its URL (a GET's filled in) and, for a POST, its JSON body. */
const requestOf = (l: Listing): { url: string; body?: string } =>
  l.op.method === "GET"
    ? { url: l.exampleUrl }
    : { url: l.url, body: JSON.stringify(l.op.inputExample) };

/**
 * A paid call of the route's example in TypeScript, at most ten lines: @x402/fetch's
 * `wrapFetchWithPayment` with an `x402Client` paying through @x402/evm's `ExactEvmScheme` from a
 * viem account (the key from `PRIVATE_KEY`). The client answers the 402 by signing an EIP-3009
 * authorization for the price and sends the request again with it; the answer is the route's
 * 200. It runs as printed (an ES module: `npx tsx paid-call.mts`), which the docs tests check
 * against a running development service.
 */
export function typescriptPaidCallOf(l: Listing, network: string): string {
  const { url, body } = requestOf(l);
  const call =
    body === undefined
      ? `const res = await pay(${JSON.stringify(url)});`
      : `const res = await pay(${JSON.stringify(url)}, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(${body}) });`;
  return [
    `import { ExactEvmScheme } from "@x402/evm/exact/client";`,
    `import { wrapFetchWithPayment, x402Client } from "@x402/fetch";`,
    `import { privateKeyToAccount } from "viem/accounts";`,
    "",
    `const account = privateKeyToAccount(process.env.${PAYER_KEY_VARIABLE} as \`0x\${string}\`);`,
    `const client = new x402Client().register(${JSON.stringify(network)}, new ExactEvmScheme(account));`,
    "const pay = wrapFetchWithPayment(fetch, client);",
    call,
    "console.log(res.status, await res.json());",
  ].join("\n");
}

/**
 * The free dry run of the route's example with curl: the request as the paid call would send
 * it, with `?dry_run=1`; the answer is 200 with the price, or the 400 the paid call would get.
 */
export function curlDryRunOf(l: Listing): string {
  const { url, body } = requestOf(l);
  const target = `${url}${url.includes("?") ? "&" : "?"}${DRY_RUN_QUERY}`;
  if (body === undefined) return `curl -s ${shellQuote(target)}`;
  return [
    `curl -s -X POST ${shellQuote(target)}`,
    `  -H 'Content-Type: application/json'`,
    `  -d ${shellQuote(body)}`,
  ].join(" \\\n");
}
