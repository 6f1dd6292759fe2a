import { execFile } from "node:child_process";
import { writeFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { promisify } from "node:util";
import { type Served, serveOnLoopback } from "@svc/test-support/loopback";
import openapiTS, { astToString } from "openapi-typescript";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ServedApp, scratchDir, startServedApp } from "./test-support/served-openapi.js";

// A client generated from the served /openapi.json by openapi-typescript, called through
// openapi-fetch with @x402/fetch paying: as a developer of an agent would write it. It must
// compile under strict tsc, and read a paid screening's `data.summary.status` from the running
// service (local devnet: a real payment, settled on the chain).
const run = promisify(execFile);
const tsc = createRequire(import.meta.url).resolve("typescript/bin/tsc");

/** Lazarus Group's listed address (the sample edition lists it). */
const LISTED = "0x098B716B8Aaf21512996dC57EB0615e2383E2f96";

/** The client, as its developer writes it against the generated `paths`. */
const CLIENT = `import { x402Client } from "@x402/core/client";
import { ExactEvmScheme } from "@x402/evm/exact/client";
import { wrapFetchWithPayment } from "@x402/fetch";
import createClient from "openapi-fetch";
import { privateKeyToAccount } from "viem/accounts";
import type { paths } from "./api.js";

/** The service's typed client; its fetch pays a 402 from \`privateKey\` (x402 v2, on Base). */
const clientOf = (baseUrl: string, privateKey: \`0x\${string}\`) =>
  createClient<paths>({
    baseUrl,
    fetch: wrapFetchWithPayment(
      fetch,
      new x402Client().register("eip155:8453", new ExactEvmScheme(privateKeyToAccount(privateKey))),
    ),
  });

/** A paid screening: its verdict, typed from the answer's schema. */
export async function screeningStatus(
  baseUrl: string,
  privateKey: \`0x\${string}\`,
  address: string,
): Promise<string> {
  const { data, error, response } = await clientOf(baseUrl, privateKey).GET(
    "/api/ofac-wallet-screen/{address}",
    { params: { path: { address } } },
  );
  if (data === undefined) throw new Error(\`\${response.status}: \${JSON.stringify(error)}\`);
  const status: string = data.data.summary.status;
  return status;
}

/** A free read: which list screening runs on. */
export async function listStatus(baseUrl: string): Promise<string> {
  const { data, error } = await createClient<paths>({ baseUrl }).GET("/api/list");
  if (data === undefined) throw new Error(JSON.stringify(error));
  return data.data.status;
}
`;

/** What strict tsc must refuse: a member the answer does not have. */
const WRONG = `import type { paths } from "./api.js";
type Answer = paths["/api/ofac-wallet-screen/{address}"]["get"]["responses"][200]["content"]["application/json"];
export const wrong = (a: Answer): string => a.data.summary.noSuchMember;
`;

const tsconfig = (files: string[]) =>
  JSON.stringify({
    compilerOptions: {
      strict: true,
      noUncheckedIndexedAccess: true,
      exactOptionalPropertyTypes: true,
      target: "ES2022",
      module: "NodeNext",
      moduleResolution: "NodeNext",
      outDir: "out",
      // Only the dependencies' declarations are skipped; the generated api.ts is checked.
      skipLibCheck: true,
    },
    files,
  });

let svc: ServedApp;
let served: Served;
let scratch: Awaited<ReturnType<typeof scratchDir>>;
beforeAll(async () => {
  // No public base URL: the 402s name the address the client used (the loopback port).
  svc = await startServedApp(undefined);
  served = await serveOnLoopback(svc.app);
  scratch = await scratchDir("openapi-client-");
  const doc = (await (await fetch(`${served.origin}/openapi.json`)).json()) as object;
  const types = astToString(await openapiTS(doc as Parameters<typeof openapiTS>[0]));
  await writeFile(join(scratch.dir, "api.ts"), types);
  await writeFile(join(scratch.dir, "client.ts"), CLIENT);
  await writeFile(join(scratch.dir, "wrong.ts"), WRONG);
  await writeFile(join(scratch.dir, "package.json"), JSON.stringify({ type: "module" }));
  await writeFile(join(scratch.dir, "tsconfig.json"), tsconfig(["client.ts"]));
  await writeFile(join(scratch.dir, "tsconfig.wrong.json"), tsconfig(["wrong.ts"]));
}, 120_000);
afterAll(async () => {
  await scratch?.remove();
  await served?.close();
  await svc?.stop();
});

/** tsc's output on a project of the scratch folder, and whether it passed. */
async function compile(project: string): Promise<{ ok: boolean; output: string }> {
  try {
    const { stdout } = await run(process.execPath, [tsc, "-p", project], { cwd: scratch.dir });
    return { ok: true, output: stdout };
  } catch (error) {
    return { ok: false, output: String((error as { stdout?: string }).stdout ?? error) };
  }
}

describe("a client generated from the served /openapi.json with openapi-typescript", () => {
  it("compiles under strict tsc, and reads a paid screening's data.summary.status and the free list status from the running service", async () => {
    const { ok, output } = await compile("tsconfig.json");
    expect(output).toBe("");
    expect(ok).toBe(true);
    const client = (await import(pathToFileURL(join(scratch.dir, "out", "client.js")).href)) as {
      screeningStatus(baseUrl: string, key: string, address: string): Promise<string>;
      listStatus(baseUrl: string): Promise<string>;
    };
    const [payer] = svc.stack.devnet.payers;
    expect(await client.screeningStatus(served.origin, payer!.privateKey, LISTED)).toBe("match");
    expect(await client.listStatus(served.origin)).toBe("sample");
  }, 120_000);

  it("is typed, not loose: strict tsc refuses a member the answer does not have", async () => {
    const { ok, output } = await compile("tsconfig.wrong.json");
    expect(ok).toBe(false);
    expect(output).toContain("Property 'noSuchMember' does not exist");
  }, 60_000);
});
