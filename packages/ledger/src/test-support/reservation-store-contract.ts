import { randomBytes } from "node:crypto";
import {
  type AuthorizationKey,
  keyOf,
  MAX_UNSETTLED_ENDS,
  type ReservationDetails,
  type ReservationStore,
} from "@svc/payments";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

/** A new authorization each time (a random nonce), with what it pays for. */
export function newAuthorization(operation = "/v1/screen"): {
  key: string;
  details: ReservationDetails;
} {
  const authorization: AuthorizationKey = {
    network: "eip155:8453",
    asset: "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913",
    payer: `0x${randomBytes(20).toString("hex").toUpperCase()}`,
    nonce: `0x${randomBytes(32).toString("hex")}`,
  };
  return { key: keyOf(authorization), details: { authorization, amount: "10000", operation } };
}

const inAMinute = () => Date.now() + 60_000;

/** A store under test and how to let it go. */
export interface OpenedStore {
  readonly store: ReservationStore;
  close(): Promise<void>;
}

/**
 * The ReservationStore contract: what every store the payment gate may be given does, whatever
 * holds it (memory, the embedded ledger, a PostgreSQL server).
 */
export function reservationStoreContract(name: string, open: () => Promise<OpenedStore>): void {
  describe(`${name}: the reservation store contract`, () => {
    let opened: OpenedStore;
    beforeAll(async () => {
      opened = await open();
    });
    afterAll(async () => {
      await opened?.close();
    });
    const reserve = (a: ReturnType<typeof newAuthorization>, expiresAt = inAMinute()) =>
      opened.store.reserve(a.key, expiresAt, a.details);

    it("of 50 concurrent reservations of one authorization, exactly one succeeds; the rest are in use", async () => {
      const a = newAuthorization();
      const results = await Promise.all(Array.from({ length: 50 }, () => reserve(a)));
      expect(results.filter((r) => r === "reserved")).toHaveLength(1);
      expect(new Set(results.filter((r) => r !== "reserved"))).toEqual(new Set(["in_use"]));
    });

    it("a released reservation may be taken again; a used one never, released or not", async () => {
      const a = newAuthorization();
      expect(await reserve(a)).toBe("reserved");
      expect(await reserve(a)).toBe("in_use");
      await opened.store.release(a.key);
      expect(await reserve(a)).toBe("reserved");
      await opened.store.markUsed(a.key);
      expect(await reserve(a)).toBe("used");
      await opened.store.release(a.key);
      expect(await reserve(a)).toBe("used");
    });

    it(`an authorization that ended unsettled ${MAX_UNSETTLED_ENDS} times is exhausted`, async () => {
      const a = newAuthorization();
      for (let i = 0; i < MAX_UNSETTLED_ENDS; i++) {
        expect(await reserve(a)).toBe("reserved");
        await opened.store.release(a.key);
      }
      expect(await reserve(a)).toBe("exhausted");
    });

    it("a forgotten reservation leaves no trace: the authorization is new again", async () => {
      const a = newAuthorization();
      for (let i = 0; i < MAX_UNSETTLED_ENDS - 1; i++) {
        expect(await reserve(a)).toBe("reserved");
        await opened.store.release(a.key);
      }
      expect(await reserve(a)).toBe("reserved");
      await opened.store.forget(a.key);
      for (let i = 0; i < MAX_UNSETTLED_ENDS; i++) {
        expect(await reserve(a)).toBe("reserved");
        await opened.store.release(a.key);
      }
    });

    it("a reservation lapses with its authorization (expired, nothing served)", async () => {
      const a = newAuthorization();
      expect(await reserve(a, Date.now() - 1)).toBe("reserved");
      expect(await reserve(a)).toBe("reserved");
      expect(await reserve(a)).toBe("in_use");
    });

    it("release, forget and markUsed of an unknown authorization change nothing", async () => {
      const a = newAuthorization();
      await opened.store.release(a.key);
      await opened.store.forget(a.key);
      await opened.store.markUsed(a.key);
      expect(await reserve(a)).toBe("reserved");
    });

    it("keys are case-insensitive: the same authorization in upper case is the same reservation", async () => {
      const a = newAuthorization();
      expect(await reserve(a)).toBe("reserved");
      const upper = {
        ...a.details.authorization,
        payer: a.details.authorization.payer.toLowerCase(),
        nonce: a.details.authorization.nonce.toUpperCase(),
      };
      const same = { key: keyOf(upper), details: { ...a.details, authorization: upper } };
      expect(same.key).toBe(a.key);
      expect(await reserve(same)).toBe("in_use");
    });
  });
}
