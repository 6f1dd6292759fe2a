import { generateKeyPairSigner, type KeyPairSigner } from "@solana/kit";
import { openLedger, type PaymentLedger } from "@svc/ledger";
import { renderDocument } from "@svc/renderers";
import type { ApiCatalog } from "@svc/service-docs";
import { type SIWxSigner, SOLANA_MAINNET } from "@x402/extensions/sign-in-with-x";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../../app/create-app.js";
import { type PaidStack, startPaidStack } from "../../test-support/paid-stack.js";
import { MONITOR_OWNER_ENDPOINT_LIST } from "./owner-api-endpoints.js";
import {
  makeMonitor,
  ownerApiApp,
  type Served,
  serveApp,
  signingFetch,
} from "./owner-api-test-kit.js";

// The whole app (payment gates, CORS, discovery) with a real ledger, served on a loopback port:
// an EVM owner signs in through x402's own client helpers and manages its monitor; a Solana
// owner does the same on the owner API with a Solana network offered.
let stack: PaidStack;
let ledger: PaymentLedger;
let app: Served;
let solanaApp: Served;
const evm = privateKeyToAccount(generatePrivateKey());
let sol: KeyPairSigner;

beforeAll(async () => {
  stack = await startPaidStack(1);
  ledger = await openLedger();
  app = await serveApp(
    createApp({
      ...stack.common,
      render: renderDocument,
      monitorOwners: {
        book: ledger.monitorBook(),
        webhookPolicy: { allowLoopback: true },
        hostAudience: true,
      },
    }),
  );
  sol = await generateKeyPairSigner();
  solanaApp = await serveApp(
    ownerApiApp(ledger.monitorBook(), { allowLoopback: true }, ["eip155:8453", SOLANA_MAINNET]),
  );
}, 120_000);
afterAll(async () => {
  await app?.stop();
  await solanaApp?.stop();
  await ledger?.close();
  await stack?.stop();
});

type Data<T> = { success: true; data: T };
type MonitorView = { id: string; status: string; label: string | null; webhookUrl: string };

describe("an EVM owner signed in by x402's createSIWxClientHook", () => {
  it("lists, reads, pauses, re-points, renames, reads the delivery log, replays and deletes its monitor", async () => {
    const book = ledger.monitorBook();
    const { id, messageId } = await makeMonitor(book, `eip155:8453:${evm.address.toLowerCase()}`);
    const as = signingFetch(evm);
    const at = (path: string) => `${app.url}${path}`;

    const list = (await (await as(at("/api/monitors/mine"))).json()) as Data<{
      wallet: { namespace: string; address: string };
      monitors: MonitorView[];
    }>;
    expect(list.data.wallet).toEqual({ namespace: "eip155", address: evm.address.toLowerCase() });
    expect(list.data.monitors.map((m) => m.id)).toEqual([id]);
    expect(JSON.stringify(list)).not.toContain("whsec_");

    const read = await as(at(`/api/monitors/${id}`));
    expect(read.headers.get("Cache-Control")).toBe("no-store");
    const one = (await read.json()) as Data<{
      monitor: MonitorView;
      addresses: Array<{ address: string; listing: { listed: boolean }; edition: unknown }>;
    }>;
    expect(one.data.monitor).toMatchObject({ id, status: "active", label: "treasury" });
    expect(one.data.addresses).toEqual([
      expect.objectContaining({
        address: "0x8589427373D6D84E98730D7795D8f6f8731FDA16",
        listing: expect.objectContaining({ listed: true }),
        edition: { datasetDate: "2025-03-04", datasetSha256: "a".repeat(64) },
      }),
    ]);
    expect(JSON.stringify(one)).not.toContain("whsec_");

    const patch = (body: unknown) =>
      as(at(`/api/monitors/${id}`), {
        method: "PATCH",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify(body),
      });
    const paused = (await (await patch({ status: "paused" })).json()) as Data<{
      monitor: MonitorView;
    }>;
    expect(paused.data.monitor.status).toBe("paused");
    expect((await book.get(id))?.status).toBe("paused");
    const repointed = (await (
      await patch({ webhookUrl: "http://127.0.0.1:9/hook", label: "cold wallets" })
    ).json()) as Data<{ monitor: MonitorView }>;
    expect(repointed.data.monitor).toMatchObject({
      webhookUrl: "http://127.0.0.1:9/hook",
      label: "cold wallets",
    });
    expect((await book.get(id))?.webhookUrl).toBe("http://127.0.0.1:9/hook");
    const refused = await patch({ status: "deleted" });
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as { code: string }).code).toBe("INVALID_INPUT");

    // The message attempted once (a receiver's 500, out of attempts): the log shows it.
    await book.setStatus(id, "active", new Date());
    const [due] = await book.claimDue(new Date(Date.now() + 1000), 10, 30_000);
    expect(due?.id).toBe(messageId);
    await book.recordAttempt({
      messageId,
      at: new Date(),
      status: 500,
      durationMs: 12,
      outcome: "failed",
    });
    const log = (await (await as(at(`/api/monitors/${id}/deliveries`))).json()) as Data<{
      messages: Array<{ id: string; status: string; attempts: Array<{ status: number }> }>;
    }>;
    expect(log.data.messages).toEqual([
      expect.objectContaining({
        id: messageId,
        status: "failed",
        attempts: [expect.objectContaining({ status: 500 })],
      }),
    ]);
    const replay = await as(at(`/api/monitors/${id}/deliveries/${messageId}/replay`), {
      method: "POST",
    });
    expect(replay.status).toBe(200);
    expect((await book.deliveryLog(id))[0]?.status).toBe("pending");
    // Pending now: a second replay has nothing to do.
    const again = await as(at(`/api/monitors/${id}/deliveries/${messageId}/replay`), {
      method: "POST",
    });
    expect(again.status).toBe(409);

    const gone = await as(at(`/api/monitors/${id}`), { method: "DELETE" });
    expect(gone.status).toBe(200);
    expect((await book.get(id))?.status).toBe("deleted");
    const listed = (await (await as(at("/api/monitors/mine"))).json()) as Data<{
      monitors: MonitorView[];
    }>;
    expect(listed.data.monitors).toEqual([]);
    // Its log stays readable by its owner; it cannot be changed any more.
    expect((await as(at(`/api/monitors/${id}/deliveries`))).status).toBe(200);
    expect((await patch({ status: "active" })).status).toBe(409);
  });

  it("a monitor paid on another EVM chain (Base Sepolia) is the same wallet's, signed in on Base", async () => {
    const { id } = await makeMonitor(
      ledger.monitorBook(),
      `eip155:84532:${evm.address.toLowerCase()}`,
    );
    const r = await signingFetch(evm)(`${app.url}/api/monitors/${id}`);
    expect(r.status).toBe(200);
  });
});

describe("a Solana owner signed in by x402's createSIWxClientHook (SIWS, Ed25519)", () => {
  it("lists and reads its monitor; an EVM wallet sees none of it", async () => {
    const { id } = await makeMonitor(ledger.monitorBook(), `${SOLANA_MAINNET}:${sol.address}`);
    // x402 types its Solana kit signer's `signMessages` looser than @solana/kit 5 declares it;
    // a KeyPairSigner is what x402's own SVM examples pass.
    const as = signingFetch(sol as unknown as SIWxSigner);
    const list = (await (await as(`${solanaApp.url}/api/monitors/mine`)).json()) as Data<{
      wallet: unknown;
      monitors: MonitorView[];
    }>;
    expect(list.data.wallet).toEqual({ namespace: "solana", address: sol.address });
    expect(list.data.monitors.map((m) => m.id)).toEqual([id]);
    expect((await as(`${solanaApp.url}/api/monitors/${id}`)).status).toBe(200);
    expect((await signingFetch(evm)(`${solanaApp.url}/api/monitors/${id}`)).status).toBe(404);
  });
});

describe("the owner API in the documents", () => {
  it("/api lists every owner endpoint as free, topic monitor; OpenAPI secures each by the siwx scheme with its 402 and 401", async () => {
    const api = (await (await fetch(`${app.url}/api`)).json()) as ApiCatalog;
    for (const e of MONITOR_OWNER_ENDPOINT_LIST) {
      expect(
        api.free.find((f) => f.path === e.path && f.method === (e.method ?? "GET")),
        `${e.method ?? "GET"} ${e.path}`,
      ).toMatchObject({ price: "free", topic: "monitor" });
    }
    const doc = (await (await fetch(`${app.url}/openapi.json`)).json()) as {
      paths: Record<
        string,
        Record<string, { security: unknown; responses: Record<string, unknown> }>
      >;
      components: { securitySchemes: Record<string, { name?: string }> };
    };
    expect(doc.components.securitySchemes.siwx).toMatchObject({
      type: "apiKey",
      in: "header",
      name: "SIGN-IN-WITH-X",
    });
    for (const e of MONITOR_OWNER_ENDPOINT_LIST) {
      const op = doc.paths[e.path]?.[(e.method ?? "GET").toLowerCase()];
      expect(op?.security, `${e.method ?? "GET"} ${e.path}`).toEqual([{ siwx: [] }]);
      expect(Object.keys(op?.responses ?? {})).toEqual(
        expect.arrayContaining([
          "200",
          "400",
          "401",
          "402",
          "429",
          ...("params" in e ? ["404"] : []),
        ]),
      );
    }
  });

  it("a browser's preflight may send the SIGN-IN-WITH-X header with PATCH and DELETE", async () => {
    const r = await fetch(`${app.url}/api/monitors/mon_0123456789abcdef`, {
      method: "OPTIONS",
      headers: {
        Origin: "https://wallet.example",
        "Access-Control-Request-Method": "PATCH",
        "Access-Control-Request-Headers": "sign-in-with-x",
      },
    });
    expect(r.headers.get("Access-Control-Allow-Methods")).toContain("PATCH");
    expect(r.headers.get("Access-Control-Allow-Methods")).toContain("DELETE");
    expect(r.headers.get("Access-Control-Allow-Headers")).toContain("SIGN-IN-WITH-X");
  });
});
