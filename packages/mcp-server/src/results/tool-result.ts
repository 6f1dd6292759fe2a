import type { Failure } from "@svc/compliance";
import type { ToolResult } from "@svc/payments";
import { MIME_TYPES } from "@svc/renderers/pool";

/** A rendered document as answers carry it (`artifact`): its metadata and base64 content. */
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

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** Where an answer's file is, inside the same result. */
export const artifactUri = (name: string): string =>
  `artifact://report/${encodeURIComponent(name)}`;

interface Embedded {
  type: "resource";
  resource: { uri: string; mimeType: string; blob: string };
}

/**
 * The members whose `artifact` is where tools put a rendered document: the answer itself (the
 * EDD memo and the tools that render a report), its `output` (the EDD memo names its file
 * twice) and its `data` (the document routes).
 */
const HOLDERS_OF_ARTIFACT = ["output", "data"] as const;

/**
 * `holder` with its `artifact` (if it has one) replaced by the artifact's metadata and
 * `resourceUri`, the base64 content moved, as it is, into an embedded resource (once per file,
 * however often the answer names it); the same object when it holds no artifact.
 */
function moveArtifact(
  holder: Record<string, unknown>,
  found: Map<string, Embedded>,
): Record<string, unknown> {
  const artifact = holder.artifact;
  if (!isArtifact(artifact)) return holder;
  const { contentBase64, ...meta } = artifact;
  const uri = artifactUri(artifact.name);
  found.set(uri, {
    type: "resource",
    resource: { uri, mimeType: MIME_TYPES[artifact.type], blob: contentBase64 },
  });
  return { ...holder, artifact: { ...meta, resourceUri: uri } };
}

/**
 * A tool's answer as an MCP result: the answer as `structuredContent`, its JSON as the text
 * content (for clients that read only text), and its document, taken from where the tool put
 * it, as an embedded resource: the structured content stays small and the bytes travel once.
 */
export function toolResult(answer: object): ToolResult {
  const found = new Map<string, Embedded>();
  let structured = moveArtifact(answer as Record<string, unknown>, found);
  for (const key of HOLDERS_OF_ARTIFACT) {
    const holder = structured[key];
    if (!isRecord(holder)) continue;
    const moved = moveArtifact(holder, found);
    if (moved !== holder) structured = { ...structured, [key]: moved };
  }
  return {
    structuredContent: structured,
    content: [{ type: "text", text: JSON.stringify(structured) }, ...found.values()],
  };
}

/**
 * A refusal as an `isError` result: the same `{success: false, code, error, issues, moreIssues}`
 * as HTTP (at most 20 issues; `moreIssues` only when some were left out), after what `extra`
 * adds (a sign-in challenge's PaymentRequired; its members never replace those five).
 */
export function failureResult(
  failure: Pick<Failure, "code" | "message" | "issues" | "moreIssues">,
  extra: Readonly<Record<string, unknown>> = {},
): ToolResult {
  const body = {
    ...extra,
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

/** A fault: said without internals, never charged. */
export const internalErrorResult = (): ToolResult =>
  failureResult({
    code: "INTERNAL_ERROR",
    message: "The tool failed to answer; nothing was charged.",
  });
