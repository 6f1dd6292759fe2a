import { randomBytes } from "node:crypto";
import type { AddressInfo } from "node:net";
import { serve } from "@hono/node-server";
import type { MonitorBook } from "@svc/ledger";
import type { WebhookUrlPolicy } from "@svc/monitoring";
import { x402Client, x402HTTPClient } from "@x402/core/client";
import {
  type CompleteSIWxInfo,
  createSIWxClientHook,
  createSIWxPayload,
  encodeSIWxHeader,
  type SIWxSigner,
} from "@x402/extensions/sign-in-with-x";
import { wrapFetchWithPayment } from "@x402/fetch";
import { Hono } from "hono";
import type { RateLimit } from "../../app/client-rate-limit.js";
import { mountMonitorOwnerApi } from "./mount-monitor-owner-api.js";

/** An app served on a loopback port: its base URL and how to stop it. */
export interface Served {
  readonly url: string;
  stop(): Promise<void>;
}

/** Serves `app` on 127.0.0.1 (a free port). */
export async function serveApp(app: Hono): Promise<Served> {
  const server = await new Promise<ReturnType<typeof serve>>((resolve) => {
    const s = serve({ fetch: app.fetch, port: 0, hostname: "127.0.0.1" }, () => resolve(s));
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** An app with the owner API alone, on a real monitor book. */
export function ownerApiApp(
  book: MonitorBook,
  webhookPolicy: WebhookUrlPolicy,
  networks: readonly string[],
  rateLimit?: RateLimit,
): Hono {
  const app = new Hono();
  mountMonitorOwnerApi(app, { book, webhookPolicy, networks, rateLimit, hostAudience: true });
  return app;
}

/**
 * A fetch that signs in as x402's clients do, unaided: `wrapFetchWithPayment` with an
 * `x402HTTPClient` whose 402 hook is `createSIWxClientHook(signer)` (no payment scheme: nothing
 * is ever paid).
 */
export const signingFetch = (signer: SIWxSigner): typeof fetch =>
  wrapFetchWithPayment(
    fetch,
    new x402HTTPClient(new x402Client()).onPaymentRequired(createSIWxClientHook(signer)),
  ) as typeof fetch;

/**
 * A proof signed by `signer` for `url` by x402's own `createSIWxPayload`, with the message's
 * fields as a challenge of the service at `url` would have them, less `overrides`.
 */
export async function proofFor(
  signer: SIWxSigner,
  url: string,
  chainId: string,
  overrides: Partial<CompleteSIWxInfo> = {},
): Promise<string> {
  const target = new URL(url);
  const now = Date.now();
  const info: CompleteSIWxInfo = {
    domain: target.host,
    uri: target.href,
    version: "1",
    nonce: randomBytes(16).toString("hex"),
    issuedAt: new Date(now).toISOString(),
    expirationTime: new Date(now + 300_000).toISOString(),
    chainId,
    type: chainId.startsWith("solana:") ? "ed25519" : "eip191",
    ...overrides,
  };
  const bound = new URL(info.uri);
  return encodeSIWxHeader(await createSIWxPayload(info, signer, bound));
}

const EDITION = { datasetDate: "2025-03-04", datasetSha256: "a".repeat(64) };

/** A monitor of `owner` (CAIP-10) made in the book directly, with one message in its outbox. */
export async function makeMonitor(
  book: MonitorBook,
  owner: string,
): Promise<{ id: string; messageId: string }> {
  const id = `mon_${randomBytes(12).toString("hex")}`;
  const messageId = `msg_${randomBytes(12).toString("hex")}`;
  const createdAt = new Date();
  await book.create(
    {
      id,
      owner,
      label: "treasury",
      webhookUrl: "https://hooks.example.com/ofac",
      secret: `whsec_${randomBytes(24).toString("base64")}`,
      payment: {
        network: owner.split(":").slice(0, 2).join(":"),
        asset: "0x833589fcd6edb6e08f4c7c32d4f71b54bda02913",
        payer: owner.split(":").slice(2).join(":"),
        nonce: `0x${randomBytes(32).toString("hex")}`,
      },
      paidUntil: new Date(createdAt.getTime() + 30 * 86_400_000),
      createdAt,
      edition: EDITION,
      addresses: [
        {
          address: "0x8589427373D6D84E98730D7795D8f6f8731FDA16",
          normalizedAddress: "0x8589427373d6d84e98730d7795d8f6f8731fda16",
          listing: {
            listed: true,
            assets: ["ETH"],
            parties: [{ profileId: "39796", entityName: "TORNADO CASH", programs: ["CYBER2"] }],
          },
        },
      ],
    },
    [
      {
        id: messageId,
        monitorId: id,
        eventType: "monitor.screened",
        body: JSON.stringify({ type: "monitor.screened", monitorId: id }),
        createdAt,
      },
    ],
  );
  return { id, messageId };
}
