import { mkdtempSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { generateSigningKey, parseJwks, publicJwk } from "@svc/attestations";
import { ATTESTATION_PATHS } from "@svc/compliance";
import { afterAll, describe, expect, it } from "vitest";
import { loadServiceConfig } from "../config/service-config.js";
import { type RunningService, startService } from "../service/start-service.js";
import { ledgerDir } from "../test-support/ledger-dir.js";

// The running service's key: where it comes from, and that it lasts across restarts.
const dir = mkdtempSync(join(tmpdir(), "svc-signing-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function withService<T>(env: Record<string, string>, run: (s: RunningService) => Promise<T>) {
  const service = await startService(
    loadServiceConfig({ PORT: "0", LOG_REQUESTS: "0", LEDGER_DIR: ledgerDir(), ...env }),
  );
  try {
    return await run(service);
  } finally {
    await service.stop();
  }
}

const publishedKids = async (service: RunningService) => {
  const res = await fetch(`${service.url}${ATTESTATION_PATHS.keys}`);
  expect(res.status).toBe(200);
  return parseJwks(await res.text()).keys.map((k) => k.kid);
};

describe("the service's signing key", () => {
  it("development without SIGNING_KEY: a key generated on the first start, kept (0600) and published again after a restart", async () => {
    const file = join(dir, "dev", "signing-key.json");
    const first = await withService({ SIGNING_KEY_FILE: file }, publishedKids);
    expect(first).toHaveLength(1);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const second = await withService({ SIGNING_KEY_FILE: file }, publishedKids);
    expect(second).toEqual(first);
  });

  it("SIGNING_KEY and SIGNING_KEYS_RETIRED: the configured key first, then the retired ones, nothing written", async () => {
    const key = await generateSigningKey();
    const retired = publicJwk(await generateSigningKey());
    const file = join(dir, "unused", "signing-key.json");
    const kids = await withService(
      {
        SIGNING_KEY: JSON.stringify(key),
        SIGNING_KEYS_RETIRED: JSON.stringify([retired]),
        SIGNING_KEY_FILE: file,
      },
      publishedKids,
    );
    expect(kids).toEqual([key.kid, retired.kid]);
    expect(() => statSync(file)).toThrow(/ENOENT/);
  });
});
