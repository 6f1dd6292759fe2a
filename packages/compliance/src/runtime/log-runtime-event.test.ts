import { describe, expect, it } from "vitest";
import { logRuntimeEvent } from "./log-runtime-event.js";

describe("logRuntimeEvent", () => {
  const lines: [string, object, string][] = [];
  const log = {
    info: (fields: object, message: string) => lines.push(["info", fields, message]),
    warn: (fields: object, message: string) => lines.push(["warn", fields, message]),
  };

  it("logs each event as list.<type> with its other members as fields; failures as warnings", () => {
    const onEvent = logRuntimeEvent(log);
    onEvent({ type: "history-failed", message: "no stored editions" });
    onEvent({ type: "coordination-failed", step: "announce", message: "connection refused" });
    onEvent({
      type: "history",
      source: "embedded",
      from: "2020-01-01",
      to: "2025-11-19",
      additionEvents: 12,
    });
    expect(lines).toEqual([
      ["warn", { message: "no stored editions" }, "list.history-failed"],
      ["warn", { step: "announce", message: "connection refused" }, "list.coordination-failed"],
      [
        "info",
        { source: "embedded", from: "2020-01-01", to: "2025-11-19", additionEvents: 12 },
        "list.history",
      ],
    ]);
  });
});
