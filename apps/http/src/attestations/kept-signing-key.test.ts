import { mkdtempSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseSigningKey } from "@svc/attestations";
import { describe, expect, it } from "vitest";
import { keptSigningKey } from "./kept-signing-key.js";

const freshFile = () => join(mkdtempSync(join(tmpdir(), "svc-key-")), ".svc", "signing-key.json");

describe("development's kept signing key", () => {
  it("is generated once, written with mode 0600, and the same key on the next start", async () => {
    const file = freshFile();
    const first = await keptSigningKey(file);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(parseSigningKey(readFileSync(file, "utf8"))).toEqual(first);
    expect(await keptSigningKey(file)).toEqual(first);
  });

  it("starts racing to create it agree on one key (the file is linked into place atomically)", async () => {
    const file = freshFile();
    const keys = await Promise.all(Array.from({ length: 8 }, () => keptSigningKey(file)));
    expect(new Set(keys.map((k) => k.kid)).size).toBe(1);
    expect(parseSigningKey(readFileSync(file, "utf8")).kid).toBe(keys[0]?.kid);
  });

  it("a damaged key file is an error naming SIGNING_KEY_FILE, and is left as it was (never replaced)", async () => {
    const file = freshFile();
    await keptSigningKey(file);
    const damaged = readFileSync(file, "utf8").slice(0, 40);
    writeFileSync(file, damaged);
    await expect(keptSigningKey(file)).rejects.toThrow(
      /^SIGNING_KEY_FILE: .*signing-key\.json is not a usable private JWK/,
    );
    expect(readFileSync(file, "utf8")).toBe(damaged);
  });
});
