import { mkdtemp, rm, symlink } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { generateSigningKey } from "@svc/attestations";
import { openLedger, type PaymentLedger } from "@svc/ledger";
import { PRODUCTION_WEBHOOKS } from "@svc/monitoring";
import { renderDocument } from "@svc/renderers";
import type { Hono } from "hono";
import { createApp } from "../../app/create-app.js";
import { ledgerReceipts } from "../../payments/payment-receipts.js";
import { type PaidStack, startPaidStack } from "../../test-support/paid-stack.js";

/** This package's folder (where its node_modules and its OpenAPI ruleset are). */
export const PACKAGE_DIR = fileURLToPath(new URL("../../../", import.meta.url));

/** An OpenAPI document as JSON. */
export type OpenApiDocument = {
  paths: Record<string, Record<string, Record<string, unknown>>>;
} & Record<string, unknown>;

export interface ServedApp {
  readonly app: Hono;
  readonly stack: PaidStack;
  /** `GET /openapi.json` as the app serves it. */
  openApi(): Promise<OpenApiDocument>;
  stop(): Promise<void>;
}

/**
 * The whole service as production runs it, with everything it can list: the real catalog behind
 * its payment gates on the local devnet, the receipts and monitors of a ledger, a signing key (so the
 * attestation endpoints are served), and a public base URL on https (`PUBLIC_BASE_URL`).
 */
export async function startServedApp(
  baseUrl: string | undefined = "https://sanctions.test",
): Promise<ServedApp> {
  const stack = await startPaidStack(1);
  let ledger: PaymentLedger | undefined;
  try {
    ledger = await openLedger();
    const app = createApp({
      ...stack.common,
      render: renderDocument,
      receipts: ledgerReceipts(ledger),
      monitorOwners: { book: ledger.monitorBook(), webhookPolicy: PRODUCTION_WEBHOOKS },
      attestation: { key: await generateSigningKey(), retired: [] },
      baseUrl,
    });
    const opened = ledger;
    return {
      app,
      stack,
      openApi: async () => {
        const res = await app.request("/openapi.json");
        if (res.status !== 200) throw new Error(`GET /openapi.json answered ${res.status}`);
        return (await res.json()) as OpenApiDocument;
      },
      stop: async () => {
        await opened.close();
        await stack.stop();
      },
    };
  } catch (error) {
    await ledger?.close();
    await stack.stop();
    throw error;
  }
}

/**
 * A scratch folder whose `node_modules` is this package's (a link), so what is written there
 * resolves this package's dependencies (a ruleset's `extends`, a generated client's imports).
 */
export async function scratchDir(
  prefix: string,
): Promise<{ dir: string; remove(): Promise<void> }> {
  const dir = await mkdtemp(join(tmpdir(), prefix));
  await symlink(join(PACKAGE_DIR, "node_modules"), join(dir, "node_modules"), "dir");
  return { dir, remove: () => rm(dir, { recursive: true, force: true }) };
}
