import { existsSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";

/** The platform packages @foundry-rs/anvil lists as optional dependencies, by Node platform/arch. */
const PLATFORM_PACKAGES: Readonly<Record<string, string>> = {
  "linux-x64": "@foundry-rs/anvil-linux-amd64",
  "linux-arm64": "@foundry-rs/anvil-linux-arm64",
  "darwin-x64": "@foundry-rs/anvil-darwin-amd64",
  "darwin-arm64": "@foundry-rs/anvil-darwin-arm64",
  "win32-x64": "@foundry-rs/anvil-win32-amd64",
};

/**
 * Finds the anvil executable shipped through npm, without going through the `anvil` bin wrapper
 * (a second Node process that would cost ~50 ms of start-up and sit between us and the signals).
 *
 * pnpm does not hoist optional dependencies, so `@foundry-rs/anvil-linux-amd64` cannot be resolved
 * from this package; it can from `@foundry-rs/anvil` itself, which lists it. That is what the
 * wrapper's own `selectBinaryPath` does, including its fallback to `dist/anvil` that the
 * postinstall script downloads when the optional dependency was skipped. `ANVIL_BINARY` overrides
 * everything (e.g. a Foundry installed with foundryup).
 */
export function resolveAnvilBinary(env: NodeJS.ProcessEnv = process.env): string {
  const override = env.ANVIL_BINARY;
  if (override) {
    if (!existsSync(override)) throw new Error(`ANVIL_BINARY=${override} does not exist`);
    return override;
  }
  const exe = process.platform === "win32" ? "anvil.exe" : "anvil";
  const requireHere = createRequire(import.meta.url);
  const wrapperManifest = requireHere.resolve("@foundry-rs/anvil/package.json");
  const platformPackage = PLATFORM_PACKAGES[`${process.platform}-${process.arch}`];
  const tried: string[] = [];
  if (platformPackage !== undefined) {
    try {
      const requireFromWrapper = createRequire(wrapperManifest);
      const manifest = requireFromWrapper.resolve(`${platformPackage}/package.json`);
      const candidate = join(dirname(manifest), "bin", exe);
      if (existsSync(candidate)) return candidate;
      tried.push(candidate);
    } catch {
      tried.push(`${platformPackage} (not installed)`);
    }
  }
  const downloaded = join(dirname(wrapperManifest), "..", "dist", exe);
  if (existsSync(downloaded)) return downloaded;
  tried.push(downloaded);
  throw new Error(
    `no anvil binary for ${process.platform}-${process.arch}; tried ${tried.join(", ")}. ` +
      "Install without --omit=optional, or set ANVIL_BINARY.",
  );
}
