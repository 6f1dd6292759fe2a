import { isOfacIndexError, type SourceFreshness } from "@svc/ofac-index";
import type { ComplianceDeps } from "../catalog/deps.js";

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
