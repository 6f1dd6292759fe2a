import { execFile } from "node:child_process";
import { mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { CATALOG } from "@svc/compliance";
import { DEVNET_INFO_PATH, docsPathOf } from "@svc/service-docs";
import { codeBlocksOf } from "@svc/service-docs/test-support";
import { payingNetworkFetch } from "@svc/test-support/x402-payer";
import ts from "typescript";
import type { Hex } from "viem";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ledgerDir } from "../test-support/ledger-dir.js";
import { type ServiceProcess, startServiceProcess } from "../test-support/service-process.js";

// What a newcomer copies from the pages, run as it is: the TypeScript paid call of the landing
// page and of every route's docs page, extracted from the HTML a running development service
// serves, type-checked under strict tsc and run with the devnet's funded payer (its key from
// /dev/devnet.json) against that service: each answers 200. The dry run's curl, run by the
// shell, answers valid.
const MAIN = fileURLToPath(new URL("../../dist/main.js", import.meta.url));
const APP_MODULES = fileURLToPath(new URL("../../node_modules", import.meta.url));
const ROOT_TYPES = fileURLToPath(new URL("../../../../node_modules/@types", import.meta.url));
const run = promisify(execFile);

let service: ServiceProcess;
let payerKey: string;
let dir: string;

beforeAll(async () => {
  const ledger = ledgerDir();
  service = await startServiceProcess(MAIN, {
    PORT: "0",
    LEDGER_DIR: ledger,
    SIGNING_KEY_FILE: join(ledger, "signing-key.json"),
  });
  const devnet = (await (await fetch(`${service.url}${DEVNET_INFO_PATH}`)).json()) as {
    payers: { privateKey: string }[];
  };
  payerKey = devnet.payers[0]?.privateKey as string;
  // A folder of the reader's own, where the packages the snippet imports resolve (this app's).
  dir = mkdtempSync(join(tmpdir(), "svc-paid-call-"));
  symlinkSync(APP_MODULES, join(dir, "node_modules"), "dir");
}, 90_000);
afterAll(async () => {
  await service?.stop();
  if (dir !== undefined) rmSync(dir, { recursive: true, force: true });
});

/** A page of the running service, as a browser asks for it. */
async function page(path: string): Promise<string> {
  const res = await fetch(`${service.url}${path}`, { headers: { Accept: "text/html" } });
  expect(res.status, path).toBe(200);
  return res.text();
}

/** The one TypeScript paid call and the one dry run a page shows. */
function examplesOf(html: string): { typescript: string; dryRun: string } {
  const [typescript, ...moreTs] = codeBlocksOf(html, "paid-call-ts");
  const [dryRun, ...moreDry] = codeBlocksOf(html, "dry-run-example");
  expect([moreTs, moreDry]).toEqual([[], []]);
  return { typescript: typescript as string, dryRun: dryRun as string };
}

/** The strict compiler's complaints about `code` as a reader's `paid-call.mts`. */
function typeErrorsOf(code: string, name: string): string[] {
  const file = join(dir, `${name}.mts`);
  writeFileSync(file, code);
  const program = ts.createProgram([file], {
    strict: true,
    noEmit: true,
    skipLibCheck: true,
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    types: ["node"],
    typeRoots: [ROOT_TYPES],
  });
  return ts
    .getPreEmitDiagnostics(program)
    .map((d) => ts.flattenDiagnosticMessageText(d.messageText, "\n"));
}

/** Runs `code` as the reader would (types stripped), paying with the devnet payer: its stdout. */
async function paidRun(code: string, name: string): Promise<string> {
  const js = ts.transpileModule(code, {
    compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022 },
  }).outputText;
  const file = join(dir, `${name}.mjs`);
  writeFileSync(file, js);
  const { stdout } = await run(process.execPath, [file], {
    cwd: dir,
    env: { PATH: process.env.PATH ?? "", PRIVATE_KEY: payerKey },
    timeout: 60_000,
  });
  return stdout;
}

/**
 * The page's call as a reader runs it on their own monitor: where the example names a monitor
 * (`monitorId`), one made by a paid `POST /api/monitors` (the creation route's own example) in
 * its place.
 */
async function onOwnMonitor(
  op: (typeof CATALOG)[number],
  shown: { typescript: string; dryRun: string },
): Promise<{ typescript: string; dryRun: string }> {
  const named = (op.inputExample as { monitorId?: unknown }).monitorId;
  if (typeof named !== "string") return shown;
  const create = CATALOG.find((o) => o.method === "POST" && o.path === "/api/monitors");
  const res = await payingNetworkFetch(payerKey as Hex)(`${service.url}/api/monitors`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(create?.inputExample),
  });
  expect(res.status).toBe(200);
  const id = ((await res.json()) as { data: { monitor: { id: string } } }).data.monitor.id;
  return {
    typescript: shown.typescript.replaceAll(named, id),
    dryRun: shown.dryRun.replaceAll(named, id),
  };
}

describe("the paid call the pages show, run against a development service", () => {
  it("the landing page's: at most 10 lines, strict tsc clean, pays and answers 200; its dry run answers valid", async () => {
    const html = await page("/");
    const { typescript, dryRun } = examplesOf(html);
    expect(typescript.split("\n").length).toBeLessThanOrEqual(10);
    expect(typeErrorsOf(typescript, "landing")).toEqual([]);
    expect(await paidRun(typescript, "landing")).toMatch(/^200 /);
    const { stdout } = await run("sh", ["-c", dryRun], { timeout: 30_000 });
    expect(JSON.parse(stdout)).toMatchObject({ valid: true });
    // Development says where its funded payers are, and how to pay once.
    expect(html).toContain(`href="${DEVNET_INFO_PATH}"`);
    expect(html).toContain("pnpm demo");
  }, 120_000);

  for (const op of CATALOG) {
    it(`${op.method} ${op.path}: its docs page's call, strict tsc clean, pays and answers 200; its dry run answers valid`, async () => {
      const path = docsPathOf(op, CATALOG);
      expect(path, "every route has a docs page").toBeDefined();
      const shown = examplesOf(await page(path as string));
      expect(shown.typescript.split("\n").length).toBeLessThanOrEqual(10);
      expect(typeErrorsOf(shown.typescript, op.name)).toEqual([]);
      // A call on a monitor (its example names one) is run on a monitor of the reader's own.
      const { typescript, dryRun } = await onOwnMonitor(op, shown);
      expect(await paidRun(typescript, op.name)).toMatch(/^200 /);
      const { stdout } = await run("sh", ["-c", dryRun], { timeout: 30_000 });
      expect(JSON.parse(stdout)).toMatchObject({ valid: true, operation: op.name });
    }, 120_000);
  }
});
