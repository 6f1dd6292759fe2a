import { OfacIndexError } from "@svc/ofac-index";
import { describe, expect, it } from "vitest";
import { classifyFailure } from "./classify-failure.js";

describe("classifyFailure: a stale list", () => {
  it("LIST_STALE (OFAC_FAIL_WHEN_STALE=1) is a 503 that says why, not a fault", () => {
    const failure = classifyFailure(new OfacIndexError("LIST_STALE", "not confirmed for 49 hours"));
    expect(failure).toMatchObject({ status: 503, code: "LIST_STALE" });
    expect(failure?.message).toMatch(/not been confirmed current/);
  });
});
