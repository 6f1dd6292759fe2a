import type { ComplianceDeps } from "@svc/compliance";
import { EMBEDDED_DCA_HISTORY } from "@svc/ofac-index";
import { loadSample } from "@svc/ofac-index/node";
import { renderDocument } from "@svc/renderers";

/** Real deps on real data: the embedded sample edition, the embedded history, the renderers. */
export async function sampleDeps(): Promise<ComplianceDeps> {
  const list = await loadSample(new Date("2026-01-01T00:00:00Z"));
  return { list, history: () => EMBEDDED_DCA_HISTORY, render: renderDocument };
}
