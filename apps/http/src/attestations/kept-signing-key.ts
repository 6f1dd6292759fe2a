import { randomBytes } from "node:crypto";
import { link, mkdir, readFile, unlink, writeFile } from "node:fs/promises";
import { dirname } from "node:path";
import { generateSigningKey, parseSigningKey, type SigningKey } from "@svc/attestations";
import { SIGNING_ENV, SigningConfigError } from "./signing-config.js";

const isCode = (error: unknown, code: string): boolean =>
  error instanceof Error && (error as NodeJS.ErrnoException).code === code;

/** The key in `file`, or undefined when there is none; a file that is not a key is an error. */
async function readKept(file: string): Promise<SigningKey | undefined> {
  let text: string;
  try {
    text = await readFile(file, "utf8");
  } catch (error) {
    if (isCode(error, "ENOENT")) return undefined;
    throw error;
  }
  try {
    return parseSigningKey(text);
  } catch {
    // Replacing it would silently orphan every attestation it signed: the operator decides.
    throw new SigningConfigError(
      SIGNING_ENV.keyFile,
      `${file} is not a usable private JWK (damaged?): restore it, remove it to generate a new key, or set ${SIGNING_ENV.key}`,
    );
  }
}

/**
 * Development's signing key, kept in `file` so a restart signs with the same key: read when it
 * is there, else generated once and written atomically with mode 0600 (a temporary file linked
 * into place, which fails if another process got there first; then that one's key is used).
 */
export async function keptSigningKey(file: string): Promise<SigningKey> {
  const kept = await readKept(file);
  if (kept !== undefined) return kept;
  await mkdir(dirname(file), { recursive: true, mode: 0o700 });
  const key = await generateSigningKey();
  const temporary = `${file}.${randomBytes(6).toString("hex")}.tmp`;
  await writeFile(temporary, `${JSON.stringify(key)}\n`, { mode: 0o600, flag: "wx" });
  try {
    await link(temporary, file);
    return key;
  } catch (error) {
    if (!isCode(error, "EEXIST")) throw error;
    const winner = await readKept(file);
    if (winner === undefined) throw error;
    return winner;
  } finally {
    await unlink(temporary).catch(() => undefined);
  }
}
