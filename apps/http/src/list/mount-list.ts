import { type ComplianceDeps, listStatusOf } from "@svc/compliance";
import type { Context, Hono } from "hono";
import { problem } from "../app/problem.js";
import { EDITION_REF, FREE_LIST_ENDPOINTS } from "./free-list-endpoints.js";
import type { StoredEditions } from "./stored-editions.js";

/**
 * Answers `body` as JSON with `etag` as its ETag, or 304 when the client already has it. The
 * tags are edition SHA-256s: an edition never changes, so a client polling the list pays a 304
 * until a new one is loaded.
 */
function withETag(c: Context, etag: string | undefined, body: unknown): Response {
  const headers: Record<string, string> = { "Cache-Control": "no-cache" };
  if (etag !== undefined) {
    const tag = `"${etag}"`;
    headers.ETag = tag;
    const asked = c.req.header("If-None-Match");
    if (asked?.split(",").some((t) => t.trim().replace(/^W\//, "") === tag)) {
      return c.body(null, 304, headers);
    }
  }
  return c.json(body, 200, headers);
}

/**
 * The free list endpoints: which edition screening runs on (`/api/list`), the stored editions
 * (`/api/list/editions`) and what changed between two of them (`/api/list/changes`). Nothing
 * here is paid: knowing what one screens against must cost nothing.
 */
export function mountList(
  app: Hono,
  list: ComplianceDeps["list"],
  stored: StoredEditions | undefined,
): void {
  app.get(FREE_LIST_ENDPOINTS.status.path, (c) => {
    const answer = listStatusOf(list);
    return withETag(c, answer.data.sourceFreshness?.datasetSha256, answer);
  });

  app.get(FREE_LIST_ENDPOINTS.editions.path, async (c) => {
    const loaded = listStatusOf(list).data.sourceFreshness;
    const editions =
      stored === undefined
        ? loaded === null
          ? []
          : [
              {
                datasetDate: loaded.datasetDate,
                datasetSha256: loaded.datasetSha256,
                addressCount: loaded.addressCount,
                storedAt: null,
              },
            ]
        : await stored.storedEditions();
    const etag = editions.map((e) => e.datasetSha256.slice(0, 16)).join(".");
    return withETag(c, etag === "" ? undefined : etag, { success: true, data: { editions } });
  });

  app.get(FREE_LIST_ENDPOINTS.changes.path, async (c) => {
    const from = c.req.query("from");
    const to = c.req.query("to");
    const bad = [
      ...(from === undefined || !EDITION_REF.test(from) ? ["from"] : []),
      ...(to !== undefined && !EDITION_REF.test(to) ? ["to"] : []),
    ];
    if (bad.length > 0) {
      const message = "must be a stored edition's SHA-256 (64 hex digits) or date (YYYY-MM-DD)";
      return problem(
        c,
        400,
        "INVALID_INPUT",
        `Invalid input: ${bad[0]}: ${message}`,
        bad.map((path) => ({ path, message })),
      );
    }
    const diff = stored === undefined ? undefined : await stored.changes(from as string, to);
    if (diff === undefined) {
      return problem(
        c,
        404,
        "EDITION_NOT_FOUND",
        "No stored edition has that SHA-256 or date; GET /api/list/editions lists them.",
      );
    }
    return withETag(c, `${diff.from.datasetSha256.slice(0, 16)}..${diff.to.datasetSha256}`, {
      success: true,
      data: diff,
    });
  });
}
