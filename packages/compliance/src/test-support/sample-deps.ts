import { EMBEDDED_DCA_HISTORY } from "@svc/ofac-index";
import { loadSample } from "@svc/ofac-index/node";
import { renderDocument } from "@svc/renderers";
import type { ComplianceDeps } from "../catalog/deps.js";

/** When the sample "was refreshed" in tests, so freshness is the same on every run. */
const SAMPLE_REFRESHED_AT = new Date("2026-01-01T00:00:00Z");

/**
 * Real deps on real data: the embedded sample edition (a verbatim excerpt of OFAC's
 * 2025-11-19 list), the embedded history and the renderers on the calling thread. No mocks.
 */
export async function sampleDeps(): Promise<ComplianceDeps> {
  const list = await loadSample(SAMPLE_REFRESHED_AT);
  return { list, history: () => EMBEDDED_DCA_HISTORY, render: renderDocument };
}
