import { describe, expect, it } from "vitest";
import { formatTimestamp } from "./format-timestamp.js";

describe("formatTimestamp", () => {
  it("writes every instant as date, time to the second and UTC", () => {
    expect(formatTimestamp("2025-11-19T00:00:00.000Z")).toBe("2025-11-19 00:00:00 UTC");
    expect(formatTimestamp("2025-11-19T14:03:07Z")).toBe("2025-11-19 14:03:07 UTC");
    expect(formatTimestamp(new Date(Date.UTC(2025, 10, 19, 14, 3, 7, 900)))).toBe(
      "2025-11-19 14:03:07 UTC",
    );
  });

  it("converts an offset to UTC instead of printing it", () => {
    expect(formatTimestamp("2025-11-19T16:03:07+02:00")).toBe("2025-11-19 14:03:07 UTC");
  });

  it("leaves what is no instant as written", () => {
    expect(formatTimestamp("2025-11-19")).toBe("2025-11-19");
    expect(formatTimestamp("yesterday")).toBe("yesterday");
  });
});
