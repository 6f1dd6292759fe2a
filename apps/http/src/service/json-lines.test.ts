import { describe, expect, it } from "vitest";
import { jsonLines } from "./json-lines.js";

const collector = () => {
  const writes: string[] = [];
  return { writes, stream: { write: (chunk: string) => writes.push(chunk) > 0 } };
};

describe("jsonLines", () => {
  it("writes every line of one turn in one write, in order", async () => {
    const { writes, stream } = collector();
    const log = jsonLines(stream as never);
    log.write({ n: 1 });
    log.write({ n: 2 });
    expect(writes).toEqual([]);
    await new Promise((r) => setImmediate(r));
    expect(writes).toEqual(['{"n":1}\n{"n":2}\n']);
    log.write({ n: 3 });
    await new Promise((r) => setImmediate(r));
    expect(writes).toEqual(['{"n":1}\n{"n":2}\n', '{"n":3}\n']);
  });

  it("flush writes what is pending at once, and nothing twice", async () => {
    const { writes, stream } = collector();
    const log = jsonLines(stream as never);
    log.write({ last: true });
    log.flush();
    expect(writes).toEqual(['{"last":true}\n']);
    await new Promise((r) => setImmediate(r));
    expect(writes).toHaveLength(1);
  });
});
