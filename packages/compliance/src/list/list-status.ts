import { isOfacIndexError, type SourceFreshness } from "@svc/ofac-index";
import * as v from "valibot";
import type { ComplianceDeps } from "../catalog/deps.js";
import { SourceFreshnessSchema } from "../operations/answer-parts.js";

/**
 * What the list is, said in one word: `fresh` (an OFAC edition, confirmed current recently),
 * `stale` (an OFAC edition not confirmed current for longer than the service allows), `sample`
 * (the embedded sample edition: NOT the OFAC list) or `unavailable` (none loaded: screening is
 * refused).
 */
export type ListStatus = "fresh" | "stale" | "sample" | "unavailable";

/** The free list-status answer (`GET /api/list`, the MCP tool `list_status`). */
export interface ListStatusAnswer {
  readonly success: true;
  readonly data: {
    readonly status: ListStatus;
    /** The same object every screening answer carries; null when no list is loaded. */
    readonly sourceFreshness: SourceFreshness | null;
  };
}

/** The schema of `ListStatusAnswer` (the tool's output schema). */
export const ListStatusAnswerSchema = v.object({
  success: v.literal(true),
  data: v.object({
    status: v.picklist(["fresh", "stale", "sample", "unavailable"]),
    sourceFreshness: v.nullable(SourceFreshnessSchema),
  }),
});

/** The list's status from its freshness, the one answer both transports give for free. */
export function listStatusOf(list: Pick<ComplianceDeps["list"], "freshness">): ListStatusAnswer {
  let freshness: SourceFreshness;
  try {
    freshness = list.freshness();
  } catch (error) {
    if (isOfacIndexError(error) && error.code === "LIST_UNAVAILABLE") {
      return { success: true, data: { status: "unavailable", sourceFreshness: null } };
    }
    throw error;
  }
  const status: ListStatus = freshness.sample ? "sample" : freshness.stale ? "stale" : "fresh";
  return { success: true, data: { status, sourceFreshness: freshness } };
}
