import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import type { Hex } from "viem";

interface SolcOutput {
  errors?: { severity: string; formattedMessage: string }[];
  contracts?: Record<string, Record<string, { evm: { deployedBytecode: { object: string } } }>>;
}

/** The settings MULTICALL3_LITE_RUNTIME was compiled with; changing them changes the bytecode. */
const MULTICALL_SOLC_SETTINGS = {
  optimizer: { enabled: true, runs: 200 },
  evmVersion: "cancun",
  metadata: { bytecodeHash: "none", appendCBOR: false },
  outputSelection: { "*": { "*": ["evm.deployedBytecode.object"] } },
} as const;

const MULTICALL_SOURCE_URL = new URL("../multicall/Multicall3Lite.sol", import.meta.url);

/** Compiles Multicall3Lite.sol with the solc-js devDependency (standard JSON input). */
export function compileMulticall3Lite(): { version: string; runtime: Hex } {
  const solc = createRequire(import.meta.url)("solc") as {
    compile(input: string): string;
    version(): string;
  };
  const input = {
    language: "Solidity",
    sources: { "Multicall3Lite.sol": { content: readFileSync(MULTICALL_SOURCE_URL, "utf8") } },
    settings: MULTICALL_SOLC_SETTINGS,
  };
  const output = JSON.parse(solc.compile(JSON.stringify(input))) as SolcOutput;
  const errors = (output.errors ?? []).filter((e) => e.severity === "error");
  if (errors.length > 0) throw new Error(errors.map((e) => e.formattedMessage).join("\n"));
  const object =
    output.contracts?.["Multicall3Lite.sol"]?.Multicall3Lite?.evm.deployedBytecode.object;
  if (!object) throw new Error("solc produced no runtime code for Multicall3Lite");
  return { version: solc.version(), runtime: `0x${object}` };
}
