import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ATTESTATION_CARRIERS } from "@svc/attestations";

/** Runs `work` on a file holding `bytes`, in a directory of its own removed afterwards. */
function withFile<T>(bytes: Uint8Array, name: string, work: (path: string, dir: string) => T): T {
  const dir = mkdtempSync(join(tmpdir(), "attached-attestation-"));
  try {
    const path = join(dir, name);
    writeFileSync(path, bytes);
    return work(path, dir);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The attestation attached to a PDF, as poppler's `pdfdetach` extracts it; undefined if none. */
export function pdfAttachedJws(pdf: Uint8Array): string | undefined {
  return withFile(pdf, "document.pdf", (path, dir) => {
    const list = execFileSync("pdfdetach", ["-list", path], { encoding: "utf8" });
    const n = /^(\d+): (.+)$/m.exec(list);
    if (n === null || n[2] !== ATTESTATION_CARRIERS.fileName) return undefined;
    const out = join(dir, "attestation.jws");
    execFileSync("pdfdetach", ["-save", n[1] as string, "-o", out, path]);
    return readFileSync(out, "utf8");
  });
}

/** The attestation part of a DOCX package, as `unzip -p` extracts it; undefined if none. */
export function docxAttachedJws(docx: Uint8Array): string | undefined {
  return withFile(docx, "document.docx", (path) => {
    try {
      return execFileSync("unzip", ["-p", path, ATTESTATION_CARRIERS.docxPartName.slice(1)], {
        encoding: "utf8",
        stdio: ["ignore", "pipe", "ignore"],
      });
    } catch {
      return undefined;
    }
  });
}

/**
 * Runs of 64 or more base64url characters in a document's text that are not a hex digest (a
 * SHA-256 in hex is 64 characters of the same alphabet) nor one of the `addresses` it screened
 * (a Monero address is 95 of them): what a JWS printed on a page leaves.
 */
export function base64Runs(text: string, addresses: Iterable<string> = []): string[] {
  const screened = new Set(addresses);
  return (text.match(/[A-Za-z0-9_-]{64,}/g) ?? []).filter(
    (run) => !/^[0-9a-f]{64}$/.test(run) && !screened.has(run),
  );
}
