import { describe, expect, it } from "vitest";
import { DEFAULT_LEDGER_DIR, ledgerConfigFromEnv } from "./ledger-config.js";

describe("ledgerConfigFromEnv", () => {
  it("defaults to an embedded ledger in .svc/ledger under the working directory, keeping no queries", () => {
    expect(ledgerConfigFromEnv({}, "/srv/app")).toEqual({
      attestationRetentionDays: 1826,
      databaseUrl: undefined,
      dir: `/srv/app/${DEFAULT_LEDGER_DIR}`,
      storeQueries: false,
    });
  });

  it("reads DATABASE_URL, LEDGER_DIR (relative to the working directory) and LEDGER_STORE_QUERIES", () => {
    expect(
      ledgerConfigFromEnv(
        {
          DATABASE_URL: "postgresql://svc@db:5432/svc",
          LEDGER_DIR: "data/ledger",
          LEDGER_STORE_QUERIES: "1",
          ATTESTATION_RETENTION_DAYS: "2557",
        },
        "/srv/app",
      ),
    ).toEqual({
      attestationRetentionDays: 2557,
      databaseUrl: "postgresql://svc@db:5432/svc",
      dir: "/srv/app/data/ledger",
      storeQueries: true,
    });
  });

  it("refuses a URL that is not PostgreSQL's and a flag that is not 0 or 1, naming the variable", () => {
    expect(() => ledgerConfigFromEnv({ DATABASE_URL: "mysql://x" }, "/")).toThrow(
      expect.objectContaining({ code: "LEDGER_CONFIG_INVALID", field: "DATABASE_URL" }),
    );
    expect(() => ledgerConfigFromEnv({ LEDGER_STORE_QUERIES: "yes" }, "/")).toThrow(
      expect.objectContaining({ code: "LEDGER_CONFIG_INVALID", field: "LEDGER_STORE_QUERIES" }),
    );
    for (const days of ["0", "-1", "1.5", "ten", "1000000"]) {
      expect(() => ledgerConfigFromEnv({ ATTESTATION_RETENTION_DAYS: days }, "/")).toThrow(
        expect.objectContaining({ field: "ATTESTATION_RETENTION_DAYS" }),
      );
    }
  });
});
