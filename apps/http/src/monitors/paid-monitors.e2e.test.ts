import { mkdtemp, rm } from "node:fs/promises";
import { createServer, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { attestationFingerprint } from "@svc/attestations";
import { pdfText } from "@svc/test-support/pdf-text";
import { payingNetworkFetch } from "@svc/test-support/x402-payer";
import ExcelJS from "exceljs";
import { Webhook } from "standardwebhooks";
import type { Hex } from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ServiceProcess, startServiceProcess } from "../test-support/service-process.js";
import { signingFetch } from "./owner-api/owner-api-test-kit.js";
import { until } from "./test-support/monitor-fixtures.js";

/**
 * Monitors bought through the one paid-call path, on the real local chain: `POST /api/monitors`
 * answers the monitor, its secret (once) and its signed first screening, and queues the first
 * screening's message, delivered to the webhook; `POST /api/monitors/extend` adds a period; a
 * refused request (a webhook the service will not deliver to, an unknown monitor) is not charged.
 */
const MAIN = fileURLToPath(new URL("../../dist/main.js", import.meta.url));
const LAZARUS = "0x098B716B8Aaf21512996dC57EB0615e2383E2f96";
const CLEAR = "0xde0B295669a9FD93d5F28D9Ec85E40f4cb697BAe";
const DELIVERY_MS = 20_000;

let dir: string;
let service: ServiceProcess;
let pay: typeof fetch;
let payer: string;
let payerKey: Hex;
const received: Array<{ body: string; headers: IncomingHttpHeaders }> = [];
const receiver = createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on("data", (c: Buffer) => chunks.push(c));
  req.on("end", () => {
    received.push({ body: Buffer.concat(chunks).toString("utf8"), headers: req.headers });
    res.writeHead(200).end("ok");
  });
});
const hook = () => `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/ofac`;

interface DevnetInfo {
  readonly rpcUrl: string;
  readonly payers: ReadonlyArray<{ readonly address: string; readonly privateKey: Hex }>;
}

async function balanceOf(address: string): Promise<bigint> {
  const info = (await (await fetch(`${service.url}/dev/devnet.json`)).json()) as DevnetInfo & {
    usdc: string;
  };
  const data = `0x70a08231${address.slice(2).toLowerCase().padStart(64, "0")}`;
  const res = await fetch(info.rpcUrl, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({
      jsonrpc: "2.0",
      id: 1,
      method: "eth_call",
      params: [{ to: info.usdc, data }, "latest"],
    }),
  });
  return BigInt(((await res.json()) as { result: string }).result);
}

beforeAll(async () => {
  await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
  dir = await mkdtemp(join(tmpdir(), "paid-monitors-"));
  service = await startServiceProcess(MAIN, {
    PORT: "0",
    LOG_REQUESTS: "0",
    LEDGER_DIR: join(dir, "ledger"),
    SIGNING_KEY_FILE: join(dir, "signing-key.json"),
    WEBHOOK_POLL_MS: "100",
  });
  const info = (await (await fetch(`${service.url}/dev/devnet.json`)).json()) as DevnetInfo;
  const first = info.payers[0] as DevnetInfo["payers"][number];
  payer = first.address;
  payerKey = first.privateKey;
  pay = payingNetworkFetch(first.privateKey);
}, 120_000);

afterAll(async () => {
  await service?.stop();
  receiver.closeAllConnections();
  await new Promise((resolve) => receiver.close(resolve));
  if (dir !== undefined) await rm(dir, { recursive: true, force: true });
});

const post = (path: string, body: unknown) =>
  pay(`${service.url}${path}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });

describe("monitors paid over x402 on the local chain", () => {
  it("an unpaid POST /api/monitors is a 402 naming the price per monitor-period", async () => {
    const res = await fetch(`${service.url}/api/monitors`, { method: "POST" });
    expect(res.status).toBe(402);
    const header = JSON.parse(
      Buffer.from(res.headers.get("payment-required") as string, "base64").toString(),
    );
    expect(header.accepts[0].amount).toBe("250000");
    expect(header.resource.description).toMatch(/per monitor per 30 days/);
  });

  let monitorId: string;
  let secret: string;
  let firstAttestation: string;

  it("a paid POST /api/monitors answers the monitor, its secret and its signed first screening, and its webhook gets monitor.screened", async () => {
    const before = await balanceOf(payer);
    const res = await post("/api/monitors", {
      addresses: [LAZARUS, CLEAR],
      label: "counterparties",
      webhookUrl: hook(),
    });
    expect(res.status).toBe(200);
    const answer = (await res.json()) as {
      data: {
        monitor: { id: string; owner: string; paidUntil: string };
        secret: string;
        screening: {
          matchCount: number;
          matches: Array<{ address: string }>;
          attestations: string[];
        };
      };
    };
    monitorId = answer.data.monitor.id;
    secret = answer.data.secret;
    firstAttestation = answer.data.screening.attestations[0] as string;
    expect(monitorId).toMatch(/^mon_[A-Za-z0-9_-]{22}$/);
    expect(secret).toMatch(/^whsec_/);
    expect(answer.data.monitor.owner).toBe(`eip155:8453:${payer.toLowerCase()}`);
    expect(answer.data.screening.matchCount).toBe(1);
    expect(answer.data.screening.matches[0]?.address).toBe(LAZARUS);
    expect(answer.data.screening.attestations).toHaveLength(1);
    expect(before - (await balanceOf(payer))).toBe(250_000n);
    const message = await until("monitor.screened", DELIVERY_MS, () =>
      received.find((m) => m.body.includes(monitorId) && m.body.includes("monitor.screened")),
    );
    const event = new Webhook(secret).verify(
      message.body,
      message.headers as Record<string, string>,
    ) as {
      type: string;
      data: { monitorId: string; matchCount: number; attestations: string[] };
    };
    expect(event.type).toBe("monitor.screened");
    expect(event.data).toMatchObject({ monitorId, matchCount: 1 });
    expect(event.data.attestations).toEqual(answer.data.screening.attestations);
  });

  it("a paid POST /api/monitors/extend adds 30 days and its webhook gets monitor.renewed", async () => {
    const before = await balanceOf(payer);
    const res = await post("/api/monitors/extend", { monitorId });
    expect(res.status).toBe(200);
    const answer = (await res.json()) as { data: { monitor: { paidUntil: string } } };
    expect(before - (await balanceOf(payer))).toBe(250_000n);
    const days = (Date.parse(answer.data.monitor.paidUntil) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(59);
    expect(days).toBeLessThan(61);
    await until("monitor.renewed", DELIVERY_MS, () =>
      received.find((m) => m.body.includes(monitorId) && m.body.includes("monitor.renewed")),
    );
  });

  it("its owner, signed in with Sign-In-With-X, downloads the monitoring report as PDF and XLSX naming the addresses and the first screening's fingerprint", async () => {
    const owner = signingFetch(privateKeyToAccount(payerKey));
    const pdf = await owner(`${service.url}/api/monitors/${monitorId}/report?format=pdf`);
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get("content-type")).toBe("application/pdf");
    const text = pdfText(new Uint8Array(await pdf.arrayBuffer()));
    expect(text).toContain(LAZARUS);
    expect(text).toContain(CLEAR);
    expect(text).toContain(monitorId);
    const xlsx = await owner(`${service.url}/api/monitors/${monitorId}/report?format=xlsx`);
    expect(xlsx.status).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(await xlsx.arrayBuffer());
    const cells: string[] = [];
    workbook.eachSheet((sheet) =>
      sheet.eachRow((row) => row.eachCell((cell) => cells.push(String(cell.value)))),
    );
    expect(cells).toContain(LAZARUS);
    const fingerprint = attestationFingerprint(firstAttestation);
    expect(cells.some((c) => c.includes(fingerprint))).toBe(true);
    // Without a proof, the sign-in challenge; with another wallet's, as if it did not exist.
    expect((await fetch(`${service.url}/api/monitors/${monitorId}/report`)).status).toBe(402);
    const stranger = signingFetch(privateKeyToAccount(generatePrivateKey()));
    expect((await stranger(`${service.url}/api/monitors/${monitorId}/report`)).status).toBe(404);
  });

  it("a webhook the service will not deliver to, or an unknown monitor, is refused with its code and not charged", async () => {
    const before = await balanceOf(payer);
    const refused = await post("/api/monitors", {
      addresses: [CLEAR],
      webhookUrl: "http://10.0.0.7/hook",
    });
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({ success: false, code: "INVALID_WEBHOOK_URL" });
    const unknown = await post("/api/monitors/extend", { monitorId: "mon_AAAAAAAAAAAAAAAAAAAAAA" });
    expect(unknown.status).toBe(400);
    expect(await unknown.json()).toMatchObject({ success: false, code: "UNKNOWN_MONITOR" });
    expect(await balanceOf(payer)).toBe(before);
  });
});
