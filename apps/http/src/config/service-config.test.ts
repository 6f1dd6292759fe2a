import { describe, expect, it } from "vitest";
import { loadServiceConfig } from "./service-config.js";

describe("loadServiceConfig", () => {
  it("METRICS_PORT: unset, no metrics listener; set, on loopback unless METRICS_HOST says otherwise", () => {
    expect(loadServiceConfig({}).metrics).toBeUndefined();
    expect(loadServiceConfig({ METRICS_PORT: "" }).metrics).toBeUndefined();
    expect(loadServiceConfig({ METRICS_PORT: "9464" }).metrics).toEqual({
      port: 9464,
      host: "127.0.0.1",
    });
    expect(loadServiceConfig({ METRICS_PORT: "0", METRICS_HOST: "10.0.0.5" }).metrics).toEqual({
      port: 0,
      host: "10.0.0.5",
    });
    for (const bad of ["65536", "-1", "metrics"]) {
      expect(() => loadServiceConfig({ METRICS_PORT: bad })).toThrow(
        /METRICS_PORT must be an integer from 0 to 65535/,
      );
    }
  });

  it("DEVNET_BLOCK_TIME: unset or 0 mines a block per transaction; 1-60 seconds between blocks", () => {
    expect(loadServiceConfig({}).devnetBlockTime).toBeUndefined();
    expect(loadServiceConfig({ DEVNET_BLOCK_TIME: "0" }).devnetBlockTime).toBeUndefined();
    expect(loadServiceConfig({ DEVNET_BLOCK_TIME: "2" }).devnetBlockTime).toBe(2);
    for (const bad of ["61", "-1", "1.5", "two"]) {
      expect(() => loadServiceConfig({ DEVNET_BLOCK_TIME: bad })).toThrow(
        /DEVNET_BLOCK_TIME must be an integer from 0 to 60/,
      );
    }
  });

  it("RENDER_MAX_PER_PAYER: the document renders one payer may have admitted, 2 by default, 1 to 64", () => {
    expect(loadServiceConfig({}).renderMaxPerPayer).toBe(2);
    expect(loadServiceConfig({ RENDER_MAX_PER_PAYER: "5" }).renderMaxPerPayer).toBe(5);
    for (const bad of ["0", "65", "1.5", "many"]) {
      expect(() => loadServiceConfig({ RENDER_MAX_PER_PAYER: bad })).toThrow(
        /RENDER_MAX_PER_PAYER must be an integer from 1 to 64/,
      );
    }
  });

  it("RENDER_THREADS and RENDER_IDLE_SECONDS: at most 2 render workers, each stopped after 60 s idle, by default", () => {
    expect(loadServiceConfig({})).toMatchObject({ renderThreads: 2, renderIdleSeconds: 60 });
    expect(loadServiceConfig({ RENDER_THREADS: "4", RENDER_IDLE_SECONDS: "600" })).toMatchObject({
      renderThreads: 4,
      renderIdleSeconds: 600,
    });
    for (const bad of ["0", "65", "two", "1.5"]) {
      expect(() => loadServiceConfig({ RENDER_THREADS: bad })).toThrow(
        /RENDER_THREADS must be an integer from 1 to 64/,
      );
    }
    expect(() => loadServiceConfig({ RENDER_IDLE_SECONDS: "0" })).toThrow(
      /RENDER_IDLE_SECONDS must be an integer from 1 to 86400/,
    );
  });

  it("INSTANCE_ID: a replica's name, unset by default, refused when it is not a plain name", () => {
    expect(loadServiceConfig({}).instanceId).toBeUndefined();
    expect(loadServiceConfig({ INSTANCE_ID: "replica-a:8402" }).instanceId).toBe("replica-a:8402");
    for (const bad of ["two words", "x".repeat(101), "a/b"]) {
      expect(() => loadServiceConfig({ INSTANCE_ID: bad })).toThrow(/INSTANCE_ID must be/);
    }
  });
});
