import { experimental_createMCPClient } from "@ai-sdk/mcp";
import { CATALOG } from "@svc/compliance";
import type { Devnet } from "@svc/x402-devnet";
import { asSchema, type Tool } from "ai";
import axios from "axios";
import { type Chain, createWalletClient, custom, type Hex, http } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { base } from "viem/chains";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PaymentRequirementsSchema } from "x402/types";
import {
  decodeXPaymentResponse as decodeAxiosPaymentResponse,
  withPaymentInterceptor,
} from "x402-axios";
import { decodeXPaymentResponse, wrapFetchWithPayment } from "x402-fetch";
import { withPayment } from "x402-mcp/client";
import { loadServiceConfig } from "../config/service-config.js";
import { memoryLog } from "../log/test-support/memory-log.js";
import { type RunningService, startService } from "../service/start-service.js";
import { ledgerDir } from "../test-support/ledger-dir.js";

/**
 * x402 v1 buyers with the clients the market installs, as published on npm, against the service
 * running in development on its local chain (one service and chain for the file):
 *
 * - `x402-fetch@1.2.0` and `x402-axios@0.7.2`, each with a viem wallet client of a devnet payer,
 *   pay a screening (GET) and a batch screening (POST);
 * - `x402-mcp@0.0.5` wraps the AI SDK's MCP client (`@ai-sdk/mcp`, where the AI SDK moved
 *   `experimental_createMCPClient` in ai 5.0.79) over streamable HTTP to `/mcp`, and is driven
 *   as a model would drive it, without a model.
 *
 * Nothing leaves the machine: a fetch to anything but the loopback is refused and written down.
 */
const LISTED = "0x098B716B8Aaf21512996dC57EB0615e2383E2f96";
const CLEAR = "0x0000000000000000000000000000000000000001";
const SCREEN_PRICE = 10_000n;
const BATCH_PRICE = 100_000n;
const BATCH = { addresses: [LISTED, CLEAR] };

let service: RunningService;
let devnet: Devnet;
const logged: Record<string, unknown>[] = [];
/** Every JSON-RPC method a payer's wallet client sent. */
const rpcCalls: string[] = [];
/** Every fetch this process tried beyond the loopback (refused). */
const offMachine: string[] = [];
const realFetch = globalThis.fetch;

beforeAll(async () => {
  globalThis.fetch = (input, init) => {
    const url = new URL(input instanceof Request ? input.url : input);
    if (url.hostname !== "127.0.0.1" && url.hostname !== "localhost") {
      offMachine.push(url.href);
      return Promise.reject(new Error(`off the machine: ${url.href}`));
    }
    return realFetch(input, init);
  };
  service = await startService(loadServiceConfig({ PORT: "0", LEDGER_DIR: ledgerDir() }), {
    log: memoryLog(logged),
  });
  if (service.devnet === undefined) throw new Error("development runs its own devnet");
  devnet = service.devnet;
}, 60_000);
afterAll(async () => {
  await service?.stop();
  globalThis.fetch = realFetch;
});

/**
 * A payer's viem wallet client as x402's v1 clients take it: chain id 8453 (x402 v1 reads its
 * network name, `base`, from it), its RPC the devnet's, every call written down.
 */
const walletOf = (privateKey: Hex) => {
  const chain: Chain = { ...base, rpcUrls: { default: { http: [devnet.rpcUrl] } } };
  const rpc = http(devnet.rpcUrl)({ chain });
  return createWalletClient({
    account: privateKeyToAccount(privateKey),
    chain,
    transport: custom({
      request: (args) => {
        rpcCalls.push(args.method);
        return rpc.request(args);
      },
    }),
  });
};

interface Screening {
  data: { summary: { status: string } };
}
interface BatchScreening {
  data: { results: { summary: { status: string } }[] };
}
interface V1Receipt {
  success: boolean;
  transaction: string;
  network: string;
  payer: string;
}

/** A receipt names a mined, successful transaction of `payer`'s on v1's `base`. */
async function expectSettled(receipt: V1Receipt, payer: string): Promise<void> {
  expect(receipt).toMatchObject({ success: true, network: "base" });
  expect(receipt.payer.toLowerCase()).toBe(payer.toLowerCase());
  const mined = await devnet.publicClient.getTransactionReceipt({
    hash: receipt.transaction as Hex,
  });
  expect(mined.status).toBe("success");
}

describe("the 402 as x402@1.2.0 reads it", () => {
  it("every paid route's v1 terms (the 402's JSON body) parse with x402's own schema, as both clients parse them", async () => {
    for (const op of CATALOG.filter((o) => o.price !== undefined)) {
      const res = await fetch(`${service.url}${op.path.replace(/:\w+/g, LISTED)}`, {
        method: op.method,
        ...(op.method === "POST"
          ? { headers: { "Content-Type": "application/json" }, body: "{}" }
          : {}),
      });
      expect(res.status, op.name).toBe(402);
      const body = (await res.json()) as { x402Version: number; accepts: unknown[] };
      expect(body.x402Version, op.name).toBe(1);
      expect(body.accepts, op.name).toHaveLength(1);
      for (const entry of body.accepts) PaymentRequirementsSchema.parse(entry);
    }
  });
});

describe("x402-fetch@1.2.0 (wrapFetchWithPayment)", () => {
  it("pays a GET screening and a POST batch screening: 200 with the answers, X-PAYMENT-RESPONSE names each settlement, the payee gains exactly both prices", async () => {
    const payer = devnet.payers[0]!;
    // x402's v1 types want its own viem's client type (viem 2.23 inside wagmi); the same object.
    const pay = wrapFetchWithPayment(fetch, walletOf(payer.privateKey) as never);
    const before = await devnet.balanceOf(devnet.payTo);

    const screened = await pay(`${service.url}/api/ofac-wallet-screen/${LISTED}`);
    expect(screened.status).toBe(200);
    expect(((await screened.json()) as Screening).data.summary.status).toBe("match");
    const batched = await pay(`${service.url}/api/workflows/compliance/batch-wallet-screen`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(BATCH),
    });
    expect(batched.status).toBe(200);
    const { results } = ((await batched.json()) as BatchScreening).data;
    expect(results.map((r) => r.summary.status)).toEqual(["match", "clear"]);

    const receipts = [screened, batched].map(
      (res) => decodeXPaymentResponse(res.headers.get("X-PAYMENT-RESPONSE") as string) as V1Receipt,
    );
    for (const receipt of receipts) await expectSettled(receipt, payer.address);
    expect(receipts[0]?.transaction).not.toBe(receipts[1]?.transaction);
    expect(await devnet.balanceOf(devnet.payTo)).toBe(before + SCREEN_PRICE + BATCH_PRICE);
  });
});

describe("x402-axios@0.7.2 (withPaymentInterceptor)", () => {
  it("pays a GET screening and a POST batch screening: 200 with the answers, X-PAYMENT-RESPONSE names each settlement, the payee gains exactly both prices", async () => {
    const payer = devnet.payers[1]!;
    const client = withPaymentInterceptor(
      axios.create({ baseURL: service.url }),
      walletOf(payer.privateKey) as never,
    );
    const before = await devnet.balanceOf(devnet.payTo);

    const screened = await client.get<Screening>(`/api/ofac-wallet-screen/${LISTED}`);
    expect(screened.status).toBe(200);
    expect(screened.data.data.summary.status).toBe("match");
    const batched = await client.post<BatchScreening>(
      "/api/workflows/compliance/batch-wallet-screen",
      BATCH,
    );
    expect(batched.status).toBe(200);
    expect(batched.data.data.results.map((r) => r.summary.status)).toEqual(["match", "clear"]);

    const receipts = [screened, batched].map(
      (res) => decodeAxiosPaymentResponse(res.headers["x-payment-response"] as string) as V1Receipt,
    );
    for (const receipt of receipts) await expectSettled(receipt, payer.address);
    expect(receipts[0]?.transaction).not.toBe(receipts[1]?.transaction);
    expect(await devnet.balanceOf(devnet.payTo)).toBe(before + SCREEN_PRICE + BATCH_PRICE);
  });
});

/** A tool as a model's call reaches it: its input checked against the tool's schema, then run. */
async function callAsModel(tool: Tool | undefined, input: Record<string, unknown>) {
  if (tool?.execute === undefined) throw new Error("no such tool");
  const checked = await asSchema(tool.inputSchema).validate?.(input);
  if (checked !== undefined && !checked.success) throw checked.error;
  return tool.execute(input, { toolCallId: "call_1", messages: [] });
}

interface ToolResult {
  isError?: boolean;
  content: { type: string; text: string }[];
  _meta?: Record<string, unknown>;
}

describe("x402-mcp@0.0.5 (withPayment around the AI SDK's MCP client)", () => {
  /** The paid call's `_meta`, as x402-mcp sent it, and what the tool answered. */
  let sent: Record<string, unknown>;
  let paid: ToolResult;

  it("a model's three calls: the paid tool unpaid says what to do first and gives v1 terms as its last text, generatePaymentAuthorization signs them, the tool called with paymentAuthorization answers and the payee gains the price", async () => {
    const payer = devnet.payers[2]!;
    const mcp = await experimental_createMCPClient({
      transport: { type: "http", url: `${service.url}/mcp` },
    });
    try {
      const paying = await withPayment(mcp, {
        account: privateKeyToAccount(payer.privateKey),
        network: "base",
      });
      const tools = await paying.tools();
      const before = await devnet.balanceOf(devnet.payTo);

      const unpaid = (await callAsModel(tools.ofac_wallet_screen, {
        address: LISTED,
      })) as ToolResult;
      expect(unpaid.isError).toBe(true);
      expect(unpaid.content[0]?.text).toMatch(
        /^Payment required: \$0\.01 USDC per call over x402; /,
      );
      expect(unpaid.content).toHaveLength(3);
      const terms = JSON.parse(unpaid.content[2]?.text ?? "") as {
        x402Version: number;
        accepts: Record<string, unknown>[];
      };
      expect(terms.x402Version).toBe(1);
      expect(terms.accepts[0]).toMatchObject({
        scheme: "exact",
        network: "base",
        maxAmountRequired: SCREEN_PRICE.toString(),
        resource: `${service.url}/mcp?tool=ofac_wallet_screen`,
      });

      // x402-mcp's zod schema takes the terms as the service states them (else this throws).
      const { paymentAuthorization } = (await callAsModel(tools.generatePaymentAuthorization, {
        paymentRequirements: terms.accepts[0],
      })) as { paymentAuthorization: string };
      sent = JSON.parse(Buffer.from(paymentAuthorization, "base64").toString("utf8"));

      paid = (await callAsModel(tools.ofac_wallet_screen, {
        address: LISTED,
        paymentAuthorization,
      })) as ToolResult;
      expect(paid.isError ?? false).toBe(false);
      const answer = JSON.parse(paid.content[0]?.text ?? "") as Screening;
      expect(answer.data.summary.status).toBe("match");
      await expectSettled(paid._meta?.["x402.payment-response"] as V1Receipt, payer.address);
      expect(await devnet.balanceOf(devnet.payTo)).toBe(before + SCREEN_PRICE);
    } finally {
      await mcp.close();
    }
  });

  it("what it sends is x402 v1's X-PAYMENT payload (x402@0.5.3 signs as v1 does today): exact on base, the price to the payee, valid from ten minutes ago for the advertised 60 s", () => {
    const payer = devnet.payers[2]!;
    const { authorization } = (sent.payload ?? {}) as { authorization: Record<string, string> };
    expect(sent).toMatchObject({ x402Version: 1, scheme: "exact", network: "base" });
    expect(authorization).toMatchObject({
      from: payer.address,
      to: devnet.payTo,
      value: SCREEN_PRICE.toString(),
    });
    expect(Number(authorization.validBefore) - Number(authorization.validAfter)).toBe(660);
  });

  // A v1 payment's receipt is under `_meta["x402.payment-response"]`: the MCP server must mark
  // the call charged (`onCharged`, which the request log reads) from it as from v2's
  // `x402/payment-response`. It read v2's only, and logged a paid v1 call `charged: false`.
  it("the paid tool call's request line says it was charged, as a v2 payment's does", () => {
    const lines = logged.filter((l) => l.msg === "request" && l.path === "/mcp");
    expect(lines.filter((l) => l.charged === true)).toHaveLength(1);
  });
});

/** Request headers a browser sends without asking (CORS-safelisted; none of them here). */
const SAFELISTED = new Set(["accept", "accept-language", "content-language"]);

// In a browser, the paid retry of x402-fetch and x402-axios carries `X-PAYMENT` and also
// `Access-Control-Expose-Headers` as a request header (both clients set it): the browser asks
// the server first (a preflight) whether it may send those, and gives the client only the
// response headers the server exposes. The service allowed the first only, and exposed v2's
// receipt header only.
describe("x402-fetch and x402-axios in a browser (CORS)", () => {
  /** The names of the headers x402-fetch's paid retry carried, as it sent them. */
  let retry: string[];
  let paid: Response;
  beforeAll(async () => {
    const sent: Headers[] = [];
    const recording: typeof fetch = (input, init) => {
      sent.push(new Headers(init?.headers));
      return fetch(input, init);
    };
    const pay = wrapFetchWithPayment(recording, walletOf(devnet.payers[0]!.privateKey) as never);
    paid = await pay(`${service.url}/api/workflows/compliance/batch-wallet-screen`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(BATCH),
    });
    retry = [...(sent[1]?.keys() ?? [])].filter((name) => !SAFELISTED.has(name));
  });
  const listed = (value: string | null) =>
    (value ?? "").split(",").map((name) => name.trim().toLowerCase());

  it("the preflight of their paid retry allows every header it carries (X-PAYMENT, Access-Control-Expose-Headers, Content-Type)", async () => {
    expect(paid.status).toBe(200);
    expect(retry).toEqual(
      expect.arrayContaining(["x-payment", "access-control-expose-headers", "content-type"]),
    );
    const preflight = await fetch(`${service.url}/api/workflows/compliance/batch-wallet-screen`, {
      method: "OPTIONS",
      headers: {
        Origin: "https://agent.example",
        "Access-Control-Request-Method": "POST",
        "Access-Control-Request-Headers": [...retry].sort().join(","),
      },
    });
    expect(preflight.status).toBe(204);
    expect(listed(preflight.headers.get("Access-Control-Allow-Headers"))).toEqual(
      expect.arrayContaining(retry),
    );
  });

  it("the paid answer exposes X-PAYMENT-RESPONSE to the page", () => {
    expect(listed(paid.headers.get("Access-Control-Expose-Headers"))).toContain(
      "x-payment-response",
    );
  });
});

describe("where the clients went", () => {
  it("nowhere off the machine, and never to a payer's RPC: x402 v1's clients sign authorizations locally (viem's own `base` chain would do as well)", () => {
    expect(offMachine).toEqual([]);
    expect(rpcCalls).toEqual([]);
  });
});
