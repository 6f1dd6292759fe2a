import { readFile, stat } from "node:fs/promises";
import { MAX_ATTESTATION_LENGTH } from "@svc/attestations";
import { UsageError } from "../cli-error.js";
import { documentAttestation, documentKind } from "./document-attestation.js";

const COMPACT_JWS = /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/;

/** The largest file read for an attestation: the JWS, or a saved answer holding one. */
const MAX_FILE_BYTES = 4 * MAX_ATTESTATION_LENGTH;

/** The largest document (PDF, DOCX, XLSX) read for the attestation it carries. */
const MAX_DOCUMENT_BYTES = 256 * 1024 * 1024;

/**
 * The compact JWS the command was given: the argument itself, or a file holding it (alone, or
 * as the `attestation` member of a saved JSON answer), or a document of the service carrying it
 * (a PDF's attachment, a DOCX's package part, an XLSX's hidden sheet).
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
  if (size > MAX_DOCUMENT_BYTES) {
    throw new Error(`${argument} is ${size} bytes; a document is at most ${MAX_DOCUMENT_BYTES}`);
  }
  const bytes = await readFile(argument);
  if (documentKind(bytes) !== undefined) {
    const carried = await documentAttestation(bytes).catch((error: unknown) => {
      throw new Error(
        `${argument} cannot be read as a document: ${error instanceof Error ? error.message : String(error)}`,
      );
    });
    if (carried === undefined) throw new Error(`${argument} carries no attestation`);
    return carried;
  }
  if (size > MAX_FILE_BYTES) {
    throw new Error(
      `${argument} is ${size} bytes; an attestation file is at most ${MAX_FILE_BYTES}`,
    );
  }
  const text = bytes.toString("utf8").trim();
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
