import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { generateSigningKey } from "@svc/attestations";
import ts from "typescript";
import { describe, expect, it, vi } from "vitest";
import { loadServiceConfig } from "../config/service-config.js";
import { DEVNET_MISSING, DevnetUnavailableError, loadDevnet } from "../dev/load-devnet.js";
import { ledgerDir } from "../test-support/ledger-dir.js";
import { startService } from "./start-service.js";

/**
 * The devnet (anvil, the local chain) is a development dependency of the service: a production
 * install (`pnpm deploy --prod`) does not carry it, so nothing the service runs may import it
 * statically, and only development without FACILITATOR_URL may load it.
 */
const DEVNET = "@svc/x402-devnet";
/** The local Solana runtime (litesvm), a development dependency on the same terms. */
const SOLANA_DEVNET = "@svc/solana-devnet";
const DEVNETS = [DEVNET, SOLANA_DEVNET];
const importsADevnet = (imports: readonly string[]) => DEVNETS.some((d) => imports.includes(d));

// Counts the loads of the devnet in this file; starting it here is a failure of its own.
const loads = vi.hoisted(() => ({ count: 0 }));
vi.mock("@svc/x402-devnet", () => {
  loads.count++;
  return {
    startDevnet: async () => {
      throw new Error("the mocked devnet was started");
    },
  };
});

const ROOT = fileURLToPath(new URL("../../", import.meta.url));

function files(dir: string, keep: (path: string) => boolean): string[] {
  return readdirSync(join(ROOT, dir), { recursive: true, encoding: "utf8" })
    .map((f) => join(dir, f))
    .filter(keep);
}

/** The specifiers of a module's static imports and re-exports (not `import()` calls). */
function staticImports(fileName: string, js: string): string[] {
  const source = ts.createSourceFile(fileName, js, ts.ScriptTarget.ES2022, false);
  return source.statements.flatMap((s) =>
    (ts.isImportDeclaration(s) || ts.isExportDeclaration(s)) &&
    s.moduleSpecifier !== undefined &&
    ts.isStringLiteral(s.moduleSpecifier)
      ? [s.moduleSpecifier.text]
      : [],
  );
}

/** The JavaScript a source file compiles to (type-only imports erased, as tsc does). */
function emitted(path: string): string {
  return ts.transpileModule(readFileSync(join(ROOT, path), "utf8"), {
    fileName: path,
    compilerOptions: {
      target: ts.ScriptTarget.ES2022,
      module: ts.ModuleKind.ESNext,
      verbatimModuleSyntax: true,
    },
  }).outputText;
}

describe("the devnet is imported lazily, in development only", () => {
  it("dist/service/start-service.js (as built) has no static import of the devnet", () => {
    const js = readFileSync(join(ROOT, "dist/service/start-service.js"), "utf8");
    const imports = staticImports("start-service.js", js);
    expect(imports).toContain("../dev/load-devnet.js");
    expect(importsADevnet(imports)).toBe(false);
    const loader = readFileSync(join(ROOT, "dist/dev/load-devnet.js"), "utf8");
    expect(importsADevnet(staticImports("load-devnet.js", loader))).toBe(false);
    for (const devnet of DEVNETS) expect(loader).toContain(`import("${devnet}")`);
  });

  it("no file of the service (src, tests and test support aside) imports it statically", () => {
    const runtime = files(
      "src",
      (f) => f.endsWith(".ts") && !f.endsWith(".test.ts") && !f.includes("test-support"),
    );
    expect(runtime.length).toBeGreaterThan(20);
    const offenders = runtime.filter((f) => importsADevnet(staticImports(f, emitted(f))));
    expect(offenders).toEqual([]);
    // Nor anything built: every module of dist.
    const built = files("dist", (f) => f.endsWith(".js"));
    const builtOffenders = built.filter((f) =>
      importsADevnet(staticImports(f, readFileSync(join(ROOT, f), "utf8"))),
    );
    expect(builtOffenders).toEqual([]);
  });

  it("a production config, and development with FACILITATOR_URL, never load it, nor the Solana runtime", async () => {
    // Solana offered too: its payee's token account is checked through an RPC that cannot be
    // reached here (a warning), and no local runtime is started for it.
    const solana = {
      PAY_TO_SOLANA: "9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM",
      SOLANA_RPC_URL: "http://127.0.0.1:9",
    };
    const configs = [
      {
        SVC_MODE: "production",
        PAY_TO: "0x1234567890abcdef1234567890abcdef12345678",
        FACILITATOR_URL: "https://facilitator.example.com/x402",
        SIGNING_KEY: JSON.stringify(await generateSigningKey()),
        ...solana,
      },
      {
        FACILITATOR_URL: "http://127.0.0.1:9",
        PAY_TO: "0x1234567890abcdef1234567890abcdef12345678",
        ...solana,
      },
    ];
    for (const env of configs) {
      const service = await startService(
        loadServiceConfig({ PORT: "0", LOG_REQUESTS: "0", LEDGER_DIR: ledgerDir(), ...env }),
      );
      try {
        expect(service.devnet).toBeUndefined();
        expect(service.solanaDevnet).toBeUndefined();
        expect((await fetch(`${service.url}/health`)).status).toBe(200);
        expect((await fetch(`${service.url}/dev/devnet.json`)).status).toBe(404);
      } finally {
        await service.stop();
      }
    }
    expect(loads.count).toBe(0);
    // Development without a facilitator is the one case that loads it (here, the mock).
    await expect(
      startService(loadServiceConfig({ PORT: "0", LOG_REQUESTS: "0", LEDGER_DIR: ledgerDir() })),
    ).rejects.toThrow("the mocked devnet was started");
    expect(loads.count).toBe(1);
  });

  it("without the package installed, development refuses with one clear sentence", async () => {
    const missing = Object.assign(new Error(`Cannot find package '${DEVNET}'`), {
      code: "ERR_MODULE_NOT_FOUND",
    });
    const refused = loadDevnet(() => Promise.reject(missing));
    await expect(refused).rejects.toBeInstanceOf(DevnetUnavailableError);
    await expect(refused).rejects.toThrow(DEVNET_MISSING);
    expect(DEVNET_MISSING).toBe(
      "development payments need @svc/x402-devnet; install dev dependencies or set FACILITATOR_URL",
    );
    // Any other failure of the devnet's module is not hidden behind that sentence.
    const broken = new Error("a bug in the devnet");
    await expect(loadDevnet(() => Promise.reject(broken))).rejects.toBe(broken);
  });
});
