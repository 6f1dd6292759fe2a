import type { AddressListing, EditionRef } from "@svc/monitoring";
import { expect, it } from "vitest";
import type { Sql } from "../sql/sql.js";
import { MonitorBook } from "./monitor-book.js";
import type { MonitorInput } from "./monitor-records.js";

const E1: EditionRef = { datasetDate: "2025-03-04", datasetSha256: "a".repeat(64) };
const E2: EditionRef = { datasetDate: "2025-03-21", datasetSha256: "b".repeat(64) };
const E3: EditionRef = { datasetDate: "2025-11-19", datasetSha256: "c".repeat(64) };
const LISTED: AddressListing = {
  listed: true,
  assets: ["ETH"],
  parties: [{ profileId: "39796", entityName: "TORNADO CASH", programs: ["CYBER2"] }],
};
const CLEAR: AddressListing = { listed: false, assets: [], parties: [] };

let serial = 0;
const id = (prefix: "mon" | "msg") =>
  `${prefix}_${String(++serial).padStart(16, "0")}${Math.random().toString(36).slice(2, 8)}`;

function monitor(overrides: Partial<MonitorInput> = {}): MonitorInput {
  return {
    id: id("mon"),
    owner: "eip155:8453:0x00000000000000000000000000000000000000a1",
    label: "treasury",
    webhookUrl: "https://hooks.example.com/ofac",
    secret: "whsec_c2VjcmV0",
    payment: {
      network: "eip155:8453",
      asset: "0x833589fcd6edb6e08f4c7c32d4f71b54bda02913",
      payer: "0x00000000000000000000000000000000000000a1",
      nonce: `0x${"1".repeat(64)}`,
    },
    paidUntil: new Date(Date.now() + 30 * 86_400_000),
    createdAt: new Date(),
    edition: E1,
    addresses: [
      {
        address: "0xAbC0000000000000000000000000000000000001",
        normalizedAddress: "0xabc0000000000000000000000000000000000001",
        listing: LISTED,
      },
      {
        address: "0xdef0000000000000000000000000000000000002",
        normalizedAddress: "0xdef0000000000000000000000000000000000002",
        listing: CLEAR,
      },
    ],
    ...overrides,
  };
}

const message = (monitorId: string, eventType = "monitor.screened") => ({
  id: id("msg"),
  monitorId,
  eventType,
  body: JSON.stringify({ type: eventType, monitorId }),
  createdAt: new Date(),
});

/** What MonitorBook must do on either engine (PGlite, PostgreSQL). */
export function monitorBookContract(sqlOf: () => Sql, secondSqlOf?: () => Sql): void {
  const book = () => new MonitorBook(sqlOf());

  it("stores a monitor with its addresses as first screened and its first message, never answering its secret", async () => {
    const m = monitor();
    await book().create(m, [message(m.id)]);
    const stored = await book().get(m.id);
    expect(stored).toMatchObject({
      id: m.id,
      owner: m.owner,
      status: "active",
      addressCount: 2,
      label: "treasury",
    });
    expect(JSON.stringify(stored)).not.toContain("whsec_");
    const addresses = await book().addressesOf(m.id);
    expect(addresses.map((a) => [a.address, a.listing.listed, a.edition.datasetSha256])).toEqual([
      ["0xAbC0000000000000000000000000000000000001", true, E1.datasetSha256],
      ["0xdef0000000000000000000000000000000000002", false, E1.datasetSha256],
    ]);
    expect((await book().ownedBy(m.owner)).map((r) => r.id)).toContain(m.id);
    expect(await book().ownedBy("eip155:8453:0x00000000000000000000000000000000000000b2")).toEqual(
      [],
    );
  });

  it("a duplicate monitor id stores nothing (the whole creation is one transaction)", async () => {
    const m = monitor();
    await book().create(m, []);
    const again = monitor({
      id: m.id,
      owner: "eip155:8453:0x00000000000000000000000000000000000000c3",
    });
    await expect(book().create(again, [message(m.id)])).rejects.toThrow();
    expect((await book().get(m.id))?.owner).toBe(m.owner);
    expect(await book().deliveryLog(m.id)).toEqual([]);
  });

  it("re-screens each edition once: the plan sees the previous edition and only active, paid watches; messages and told listings land with the cursor", async () => {
    const m = monitor();
    const paused = monitor();
    const expired = monitor({ paidUntil: new Date(Date.now() - 1000) });
    for (const x of [m, paused, expired]) await book().create(x, []);
    await book().setStatus(paused.id, "paused", new Date());
    // Bring the cursor to E1 whatever earlier tests left.
    await book().rescreen(E1, new Date(), async () => ({ messages: [], told: [] }));
    const seen: EditionRef[] = [];
    const key = "0xabc0000000000000000000000000000000000001";
    const result = await book().rescreen(E2, new Date(), async (previous, watchesOf) => {
      seen.push(previous);
      const watches = await watchesOf([key]);
      const ids = (watches.get(key) ?? []).map((w) => w.monitorId);
      expect(ids).toContain(m.id);
      expect(ids).not.toContain(paused.id);
      expect(ids).not.toContain(expired.id);
      expect(watches.get(key)?.find((w) => w.monitorId === m.id)?.listing).toEqual(LISTED);
      return {
        messages: [message(m.id, "screening.match.cleared")],
        told: [{ monitorId: m.id, normalizedAddress: key, listing: CLEAR }],
      };
    });
    expect(seen).toEqual([E1]);
    expect(result?.messages).toHaveLength(1);
    const told = (await book().addressesOf(m.id)).find((a) => a.normalizedAddress === key);
    expect(told).toMatchObject({ listing: CLEAR, edition: E2 });
    expect((await book().deliveryLog(m.id)).map((x) => x.eventType)).toEqual([
      "screening.match.cleared",
    ]);
    // The same edition again: the plan is not run.
    let ran = false;
    expect(
      await book().rescreen(E2, new Date(), async () => {
        ran = true;
        return { messages: [], told: [] };
      }),
    ).toBeUndefined();
    expect(ran).toBe(false);
  });

  it("a plan that throws leaves the cursor, the messages and the told listings as they were", async () => {
    await book().rescreen(E2, new Date(), async () => ({ messages: [], told: [] }));
    const m = monitor();
    await book().create(m, []);
    await expect(
      book().rescreen(E3, new Date(), async () => {
        throw new Error("the previous edition could not be read");
      }),
    ).rejects.toThrow("could not be read");
    const seen: EditionRef[] = [];
    await book().rescreen(E3, new Date(), async (previous) => {
      seen.push(previous);
      return { messages: [], told: [] };
    });
    expect(seen).toEqual([E2]);
  });

  if (secondSqlOf !== undefined) {
    it("two replicas re-screening the same edition at once: the plan runs once", async () => {
      const other = new MonitorBook(secondSqlOf());
      const E4 = {
        datasetDate: "2026-01-01",
        datasetSha256: `d${Date.now().toString(16)}`.padEnd(64, "d"),
      };
      let runs = 0;
      const plan = async () => {
        runs++;
        await new Promise((r) => setTimeout(r, 200));
        return { messages: [], told: [] };
      };
      const [a, b] = await Promise.all([
        book().rescreen(E4, new Date(), plan),
        other.rescreen(E4, new Date(), plan),
      ]);
      expect(runs).toBe(1);
      expect([a, b].filter((x) => x !== undefined)).toHaveLength(1);
    });

    it("two deliverers claiming at once never get the same message", async () => {
      const m = monitor();
      const messages = Array.from({ length: 20 }, () => message(m.id));
      await book().create(m, messages);
      const other = new MonitorBook(secondSqlOf());
      const now = new Date(Date.now() + 1000);
      const [a, b] = await Promise.all([
        book().claimDue(now, 12, 30_000),
        other.claimDue(now, 12, 30_000),
      ]);
      const mine = new Set(messages.map((x) => x.id));
      const claimed = [...a, ...b].map((x) => x.id).filter((x) => mine.has(x));
      expect(new Set(claimed).size).toBe(claimed.length);
    });
  }

  it("claims due messages for a lease; a lapsed lease is claimed again; a recorded attempt moves the message", async () => {
    const m = monitor();
    const msg = message(m.id);
    await book().create(m, [msg]);
    const t0 = new Date(Date.now() + 1000);
    const first = (await book().claimDue(t0, 1000, 30_000)).filter((x) => x.id === msg.id);
    expect(first).toEqual([
      expect.objectContaining({
        id: msg.id,
        webhookUrl: m.webhookUrl,
        secret: m.secret,
        attempts: 0,
        body: msg.body,
      }),
    ]);
    // Claimed: not due again within the lease, due again once it lapsed (its deliverer died).
    expect(
      (await book().claimDue(new Date(t0.getTime() + 10_000), 1000, 30_000)).some(
        (x) => x.id === msg.id,
      ),
    ).toBe(false);
    expect(
      (await book().claimDue(new Date(t0.getTime() + 31_000), 1000, 30_000)).some(
        (x) => x.id === msg.id,
      ),
    ).toBe(true);
    const retryAt = new Date(t0.getTime() + 60_000);
    await book().recordAttempt({
      messageId: msg.id,
      at: t0,
      status: 500,
      durationMs: 12.4,
      outcome: "retry",
      nextAttemptAt: retryAt,
    });
    expect(
      (await book().claimDue(new Date(retryAt.getTime() - 1), 1000, 30_000)).some(
        (x) => x.id === msg.id,
      ),
    ).toBe(false);
    const again = (await book().claimDue(retryAt, 1000, 30_000)).find((x) => x.id === msg.id);
    expect(again?.attempts).toBe(1);
    await book().recordAttempt({
      messageId: msg.id,
      at: retryAt,
      status: 204,
      durationMs: 3,
      outcome: "delivered",
    });
    const [logged] = await book().deliveryLog(m.id);
    expect(logged).toMatchObject({
      id: msg.id,
      status: "delivered",
      attempted: 2,
      lastStatus: 204,
    });
    expect(logged?.attempts.map((a) => [a.attempt, a.status, a.durationMs])).toEqual([
      [1, 500, 12],
      [2, 204, 3],
    ]);
    expect(await book().replay(m.id, msg.id, retryAt)).toBe(true);
    expect(
      (await book().claimDue(retryAt, 1000, 30_000)).find((x) => x.id === msg.id),
    ).toMatchObject({ attempts: 0, attempted: 2 });
    expect(await book().replay("mon_00000000000000000000", msg.id, retryAt)).toBe(false);
  });

  it("a 410 disables the monitor's endpoint: none of its messages is claimed until its owner sets a webhook again", async () => {
    const m = monitor();
    const [gone, waiting] = [message(m.id), message(m.id)];
    await book().create(m, [gone, waiting]);
    const now = new Date(Date.now() + 1000);
    await book().claimDue(now, 1000, 30_000);
    await book().recordAttempt({
      messageId: gone.id,
      at: now,
      status: 410,
      durationMs: 2,
      outcome: "endpoint_gone",
    });
    expect((await book().get(m.id))?.endpointDisabledAt).toEqual(now);
    const later = new Date(now.getTime() + 3600_000);
    expect(
      (await book().claimDue(later, 1000, 30_000)).filter((x) => x.monitorId === m.id),
    ).toEqual([]);
    await book().setWebhook(m.id, "https://hooks.example.com/v2", later);
    const resumed = (await book().claimDue(later, 1000, 30_000)).filter(
      (x) => x.monitorId === m.id,
    );
    expect(resumed.map((x) => x.webhookUrl)).toEqual([
      "https://hooks.example.com/v2",
      "https://hooks.example.com/v2",
    ]);
  });

  it("deleting a monitor cancels its pending messages; its log stays readable", async () => {
    const m = monitor();
    const msg = message(m.id);
    await book().create(m, [msg]);
    expect(await book().setStatus(m.id, "deleted", new Date())).toBe(true);
    expect(await book().setStatus(m.id, "active", new Date())).toBe(false);
    expect(
      (await book().claimDue(new Date(Date.now() + 1000), 1000, 30_000)).some(
        (x) => x.id === msg.id,
      ),
    ).toBe(false);
    expect((await book().deliveryLog(m.id))[0]?.status).toBe("cancelled");
    expect((await book().ownedBy(m.owner)).some((r) => r.id === m.id)).toBe(false);
  });

  it("extends a monitor by a period from its end (or from now once lapsed), bound to the new payment, with its renewal message", async () => {
    const m = monitor();
    await book().create(m, []);
    const at = new Date();
    const payment = { ...m.payment, nonce: `0x${"2".repeat(64)}` };
    const until = await book().extend(m.id, 30 * 86_400_000, payment, at, (paidUntil) => [
      { ...message(m.id, "monitor.renewed"), body: JSON.stringify({ paidUntil }) },
    ]);
    expect(until?.getTime()).toBe(m.paidUntil.getTime() + 30 * 86_400_000);
    expect((await book().get(m.id))?.payment.nonce).toBe(payment.nonce);
    expect((await book().deliveryLog(m.id)).map((x) => x.eventType)).toEqual(["monitor.renewed"]);
    const lapsed = monitor({ paidUntil: new Date(at.getTime() - 86_400_000) });
    await book().create(lapsed, []);
    const renewed = await book().extend(lapsed.id, 30 * 86_400_000, payment, at, () => []);
    expect(renewed?.getTime()).toBe(at.getTime() + 30 * 86_400_000);
    expect(
      await book().extend("mon_0000000000000000nothere", 1000, payment, at, () => []),
    ).toBeUndefined();
    // The renewal's screening becomes what the monitor was last told.
    const key = "0xabc0000000000000000000000000000000000001";
    await book().extend(m.id, 30 * 86_400_000, payment, at, () => [], {
      edition: E3,
      listings: [{ normalizedAddress: key, listing: CLEAR }],
    });
    const told = (await book().addressesOf(m.id)).find((a) => a.normalizedAddress === key);
    expect(told).toMatchObject({ listing: CLEAR, edition: E3 });
  });

  it("finds a wallet's monitors on every chain of its namespace, not another namespace's nor another address's", async () => {
    const address = `0x${Math.random().toString(16).slice(2).padEnd(40, "0").slice(0, 40)}`;
    const base = monitor({ owner: `eip155:8453:${address}` });
    const sepolia = monitor({ owner: `eip155:84532:${address}` });
    const other = monitor({ owner: `eip155:8453:0x${"f".repeat(40)}` });
    const gone = monitor({ owner: `eip155:8453:${address}` });
    for (const m of [base, sepolia, other, gone]) await book().create(m, []);
    await book().setStatus(gone.id, "deleted", new Date());
    const found = await book().ownedByWallet("eip155", address);
    expect(found.map((m) => m.id).sort()).toEqual([base.id, sepolia.id].sort());
    expect(await book().ownedByWallet("solana", address)).toEqual([]);
  });

  it("names a monitor again or removes its label; a deleted monitor is not renamed", async () => {
    const m = monitor();
    await book().create(m, []);
    expect(await book().setLabel(m.id, "cold wallets", new Date())).toBe(true);
    expect((await book().get(m.id))?.label).toBe("cold wallets");
    expect(await book().setLabel(m.id, null, new Date())).toBe(true);
    expect((await book().get(m.id))?.label).toBeNull();
    await book().setStatus(m.id, "deleted", new Date());
    expect(await book().setLabel(m.id, "gone", new Date())).toBe(false);
    expect((await book().get(m.id))?.label).toBeNull();
  });

  it("takes a sign-in nonce once per account until it expires; pruning forgets expired ones only", async () => {
    const now = new Date();
    const later = new Date(now.getTime() + 300_000);
    const nonce = `n${Math.random().toString(36).slice(2)}`;
    const account = "eip155:0x00000000000000000000000000000000000000a1";
    expect(await book().claimSignInNonce(account, nonce, later, now)).toBe(true);
    expect(await book().claimSignInNonce(account, nonce, later, now)).toBe(false);
    // Another account's proof may carry the same nonce.
    expect(await book().claimSignInNonce("solana:Other", nonce, later, now)).toBe(true);
    // Past its expiry the nonce may be taken again (the proof is stale by then anyway).
    const after = new Date(later.getTime() + 1);
    expect(
      await book().claimSignInNonce(account, nonce, new Date(after.getTime() + 300_000), after),
    ).toBe(true);
    const kept = `k${Math.random().toString(36).slice(2)}`;
    await book().claimSignInNonce(account, kept, new Date(now.getTime() + 3_600_000), now);
    expect(await book().pruneSignInNonces(new Date(now.getTime() + 1_000_000))).toBeGreaterThan(0);
    expect(await book().claimSignInNonce(account, kept, later, now)).toBe(false);
  });

  it("counts pending messages and the oldest one's age", async () => {
    const now = new Date(Date.now() + 5000);
    const { count, oldestSeconds } = await book().pending(now);
    expect(count).toBeGreaterThan(0);
    expect(oldestSeconds).toBeGreaterThan(0);
  });
}
