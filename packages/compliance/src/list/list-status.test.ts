import { ListLoader, loadSample } from "@svc/ofac-index/node";
import { describe, expect, it } from "vitest";
import { listStatusOf } from "./list-status.js";

describe("listStatusOf", () => {
  it("says sample for the embedded sample edition, with its freshness", async () => {
    const list = await loadSample(new Date("2026-01-01T00:00:00Z"));
    const answer = listStatusOf(list);
    expect(answer.data.status).toBe("sample");
    expect(answer.data.sourceFreshness).toMatchObject({ sample: true });
  });

  it("says unavailable, with no freshness, when no list is loaded", () => {
    const none = new ListLoader({ sampleFallback: false });
    expect(listStatusOf(none).data).toEqual({ status: "unavailable", sourceFreshness: null });
  });
});
