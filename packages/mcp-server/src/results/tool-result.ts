import { type Failure, invalidInput } from "@svc/compliance";
import type { ToolResult } from "@svc/payments";
import { MIME_TYPES } from "@svc/renderers/pool";
import type * as v from "valibot";

/** An artifact as the renderers produce it (`artifact`), recognized anywhere in an answer. */
interface ArtifactLike {
  readonly type: keyof typeof MIME_TYPES;
  readonly name: string;
  readonly contentBase64: string;
}

const isArtifact = (value: unknown): value is ArtifactLike =>
  typeof value === "object" &&
  value !== null &&
  typeof (value as ArtifactLike).contentBase64 === "string" &&
  typeof (value as ArtifactLike).name === "string" &&
  Object.hasOwn(MIME_TYPES, (value as ArtifactLike).type);

/** Where an answer's file is, inside the same result. */
export const artifactUri = (name: string): string =>
  `artifact://report/${encodeURIComponent(name)}`;

interface Embedded {
  type: "resource";
  resource: { uri: string; mimeType: string; blob: string };
}

/**
 * Moves every file of an answer into an embedded resource (once, however often the answer
 * names it: the EDD memo carries it as `artifact` and `output.artifact`) and leaves in its place
 * the artifact's metadata with `resourceUri`, so the structured content stays small and the
 * bytes travel once.
 */
function extractArtifacts(value: unknown, found: Map<string, Embedded>): unknown {
  if (isArtifact(value)) {
    const { contentBase64, ...meta } = value;
    const uri = artifactUri(value.name);
    found.set(uri, {
      type: "resource",
      resource: { uri, mimeType: MIME_TYPES[value.type], blob: contentBase64 },
    });
    return { ...meta, resourceUri: uri };
  }
  if (Array.isArray(value)) return value.map((item) => extractArtifacts(item, found));
  if (typeof value === "object" && value !== null) {
    return Object.fromEntries(
      Object.entries(value).map(([key, item]) => [key, extractArtifacts(item, found)]),
    );
  }
  return value;
}

/**
 * A tool's answer as an MCP result: the answer as `structuredContent`, its JSON as the text
 * content (for clients that read only text), and each document as an embedded resource.
 */
export function toolResult(answer: Record<string, unknown>): ToolResult {
  const found = new Map<string, Embedded>();
  const structured = extractArtifacts(answer, found) as Record<string, unknown>;
  return {
    structuredContent: structured,
    content: [{ type: "text", text: JSON.stringify(structured) }, ...found.values()],
  };
}

/**
 * A refusal as an `isError` result: the same `{success: false, code, error, issues, moreIssues}`
 * as HTTP (at most 20 issues; `moreIssues` only when some were left out).
 */
export function failureResult(
  failure: Pick<Failure, "code" | "message" | "issues" | "moreIssues">,
): ToolResult {
  const body = {
    success: false,
    code: failure.code,
    error: failure.message,
    ...(failure.issues === undefined ? {} : { issues: failure.issues }),
    ...(failure.moreIssues === undefined || failure.moreIssues === 0
      ? {}
      : { moreIssues: failure.moreIssues }),
  };
  return {
    isError: true,
    structuredContent: body,
    content: [{ type: "text", text: JSON.stringify(body) }],
  };
}

/** Arguments that fail the tool's schema: the first 20 issues with their paths, the rest counted. */
export const invalidArgumentsResult = (issues: readonly v.BaseIssue<unknown>[]): ToolResult =>
  failureResult(invalidInput(issues));

/** A fault: said without internals, never charged. */
export const internalErrorResult = (): ToolResult =>
  failureResult({
    code: "INTERNAL_ERROR",
    message: "The tool failed to answer; nothing was charged.",
  });
