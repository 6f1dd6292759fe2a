import { describe, expect, it } from "vitest";
import { clipText, listIssues, MAX_ISSUE_TEXT, MAX_LISTED_ISSUES } from "./issue-list.js";
import { ReportModelError } from "./report-model-error.js";

const issue = (i: number) => ({ path: `rows[${i}]`, message: "must be an object" });

describe("listIssues: a refusal lists at most 20 issues and counts the rest", () => {
  it("100 distinct issues: the first 20 listed in order, 80 more counted", () => {
    const listed = listIssues(Array.from({ length: 100 }, (_, i) => issue(i)));
    expect(MAX_LISTED_ISSUES).toBe(20);
    expect(listed.issues).toHaveLength(20);
    expect(listed.issues[0]).toEqual(issue(0));
    expect(listed.issues[19]).toEqual(issue(19));
    expect(listed.moreIssues).toBe(80);
  });

  it("each (path, message) pair once, listed or counted", () => {
    const repeated = Array.from({ length: 30 }, (_, i) => issue(i % 25));
    expect(listIssues(repeated)).toMatchObject({ moreIssues: 5 });
    expect(listIssues([issue(1), issue(1), issue(2)])).toEqual({
      issues: [issue(1), issue(2)],
      moreIssues: 0,
    });
  });

  it("issues already left out by the caller are added to the count", () => {
    expect(listIssues([issue(1)], 7)).toEqual({ issues: [issue(1)], moreIssues: 7 });
  });

  it("applied to its own list it changes nothing", () => {
    const once = listIssues(
      Array.from({ length: 50 }, (_, i) => ({ path: "x".repeat(300), message: `m${i}` })),
    );
    expect(listIssues(once.issues, once.moreIssues)).toEqual(once);
  });
});

describe("clipText: each path and message at most 200 characters", () => {
  it("a long message ends in an ellipsis within the bound; a short one is kept", () => {
    const clipped = clipText("a".repeat(20_000));
    expect(clipped).toHaveLength(MAX_ISSUE_TEXT);
    expect(clipped.endsWith("…")).toBe(true);
    expect(clipText("short")).toBe("short");
    expect(clipText("b".repeat(MAX_ISSUE_TEXT))).toBe("b".repeat(MAX_ISSUE_TEXT));
  });

  it("never splits a surrogate pair", () => {
    const clipped = clipText(`${"a".repeat(198)}😀😀😀`);
    expect(clipped).toBe(`${"a".repeat(198)}…`);
    expect(() => encodeURIComponent(clipped)).not.toThrow();
  });

  it("listed issues carry clipped texts", () => {
    const [first] = listIssues([{ path: "p".repeat(1000), message: "m".repeat(1000) }]).issues;
    expect(first?.path).toHaveLength(MAX_ISSUE_TEXT);
    expect(first?.message).toHaveLength(MAX_ISSUE_TEXT);
  });
});

describe("ReportModelError keeps its refusal small", () => {
  it("lists at most 20 issues and counts the rest", () => {
    const error = new ReportModelError(
      "INVALID_REPORT",
      "invalid report",
      Array.from({ length: 100 }, (_, i) => issue(i)),
    );
    expect(error.issues).toHaveLength(20);
    expect(error.moreIssues).toBe(80);
  });
});
