import { reportModel } from "@svc/report-model";
import { describe, expect, it } from "vitest";
import { SERVICE_AUTHOR, withByline } from "./report-byline.js";

describe("a report's byline", () => {
  const bare = reportModel({ report_type: "t", title: "A forecast" });

  it("names the service as author and the day it was made as date when the builder did not", () => {
    expect(withByline(bare, "2026-11-23").report_meta).toMatchObject({
      title: "A forecast",
      author: SERVICE_AUTHOR,
      date: "2026-11-23",
    });
  });

  it("keeps an author, an owner or a date the builder set", () => {
    const named = reportModel({
      report_type: "t",
      title: "x",
      author: "J. Doe",
      date: "2025-11-19",
    });
    expect(withByline(named, "2026-11-23").report_meta).toMatchObject({
      author: "J. Doe",
      date: "2025-11-19",
    });
    const owned = { ...bare, report_meta: { ...bare.report_meta, owner: "Compliance" } };
    expect(withByline(owned, "2026-11-23").report_meta.author).toBeUndefined();
  });
});
