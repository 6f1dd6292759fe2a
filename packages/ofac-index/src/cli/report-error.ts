import { isAttestationError } from "@svc/attestations";
import { isOfacIndexError } from "../errors/ofac-index-error.js";

/** One line, whatever a message holds (a script reads the first line of stderr). */
const oneLine = (text: string): string => text.replace(/\s*[\r\n]+\s*/g, " ").trim();

/** A refused address of a batch, as the library lists it in `details.issues`. */
interface Issue {
  readonly path: string;
  readonly message: string;
}

function issuesOf(details: Readonly<Record<string, unknown>> | undefined): Issue[] {
  const issues = details?.issues;
  if (!Array.isArray(issues)) return [];
  return issues.filter(
    (i): i is Issue =>
      typeof i === "object" &&
      i !== null &&
      typeof (i as Issue).path === "string" &&
      typeof (i as Issue).message === "string",
  );
}

/**
 * What stderr shows for a failure (not a usage error), one line each. First
 * `ofac-index: <CODE>: <message>` for an error with a stable code (an `OfacIndexError`, or an
 * `AttestationError` of a key set), else `ofac-index: <message>`; then, for a batch refusal, one
 * line per refused address: `  <path>: <why>`, and how many more were refused than listed.
 */
export function errorLines(error: unknown): string[] {
  if (isOfacIndexError(error)) {
    const lines = [`ofac-index: ${error.code}: ${oneLine(error.message)}`];
    for (const { path, message } of issuesOf(error.details)) {
      // The library's messages start with the path: shown once, as the line's label.
      const why = message.startsWith(`${path} `) ? message.slice(path.length + 1) : message;
      lines.push(`  ${path}: ${oneLine(why)}`);
    }
    const more = error.details?.moreIssues;
    if (typeof more === "number" && more > 0) {
      lines.push(`  … and ${more} more ${more === 1 ? "address" : "addresses"} refused`);
    }
    return lines;
  }
  if (isAttestationError(error)) return [`ofac-index: ${error.code}: ${oneLine(error.reason)}`];
  const message = error instanceof Error ? error.message : String(error);
  return [`ofac-index: ${oneLine(message)}`];
}
