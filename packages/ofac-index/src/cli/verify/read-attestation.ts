import { readFile, stat } from "node:fs/promises";
import { MAX_ATTESTATION_LENGTH } from "@svc/attestations";
import { UsageError } from "../cli-error.js";

const COMPACT_JWS = /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/;

/** The largest file read for an attestation: the JWS, or a saved answer holding one. */
const MAX_FILE_BYTES = 4 * MAX_ATTESTATION_LENGTH;

/**
 * The compact JWS the command was given: the argument itself, or a file holding it (alone, or
 * as the `attestation` member of a saved JSON answer).
 */
export async function readAttestation(argument: string): Promise<string> {
  if (COMPACT_JWS.test(argument)) return argument;
  const size = await stat(argument).then(
    (s) => (s.isFile() ? s.size : -1),
    () => -1,
  );
  if (size < 0) {
    throw new UsageError(`"${argument.slice(0, 80)}" is neither a JWS nor a file`, "verify");
  }
  if (size > MAX_FILE_BYTES) {
    throw new Error(
      `${argument} is ${size} bytes; an attestation file is at most ${MAX_FILE_BYTES}`,
    );
  }
  const text = (await readFile(argument, "utf8")).trim();
  // A JWS has no whitespace: one copied from a printed appendix comes in lines, joined here.
  if (!text.startsWith("{")) return text.replace(/\s+/g, "");
  let held: unknown;
  try {
    held = (JSON.parse(text) as { attestation?: unknown }).attestation;
  } catch {
    throw new Error(`${argument} is JSON that does not parse`);
  }
  if (typeof held !== "string") throw new Error(`${argument} holds no "attestation" string`);
  return held;
}
