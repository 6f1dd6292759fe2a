import type { AddressInfo } from "node:net";
import { serve } from "@hono/node-server";
import type { TestCdpKey } from "@svc/test-support/cdp-keys";
import { createFacilitatorApp } from "@svc/x402-devnet";
import type { FacilitatorClient } from "@x402/core/server";
import type { SupportedKind } from "@x402/core/types";
import { Hono } from "hono";
import { importSPKI, jwtVerify } from "jose";

/** What every CDP token names as its host, whatever host it is sent to. */
export const CDP_HOST = "api.cdp.coinbase.com";
/** The path Coinbase serves its x402 facilitator under. */
export const CDP_PATH = "/platform/v2/x402";

/** One request the stand-in answered: accepted with its token, or refused with the reason. */
interface StandInCall {
  readonly method: string;
  readonly path: string;
  readonly status: number;
  readonly token?: string;
  readonly nonce?: string;
  readonly reason?: string;
}

export interface CdpStandIn {
  /** The facilitator's URL, under Coinbase's path (`http://127.0.0.1:PORT/platform/v2/x402`). */
  readonly url: string;
  readonly calls: readonly StandInCall[];
  /** What `/supported` lists from now on; `undefined`: what the facilitator behind lists. */
  advertise(kinds: SupportedKind[] | undefined): void;
  close(): Promise<void>;
}

/**
 * A local stand-in for Coinbase's facilitator on loopback: each `/verify`, `/settle` and
 * `/supported` request must carry `Authorization: Bearer <jwt>` as Coinbase requires it,
 * signed by `key` (checked against its public half), with `kid` and `sub` the key's id, `iss`
 * `cdp`, `nbf`/`exp` current, `uris` naming exactly this request's method, Coinbase's host and
 * this path, and a nonce never seen before (else 401 with the reason). Accepted requests go on
 * to `facilitator` (the devnet's, through its HTTP app), which verifies and settles on chain.
 */
export async function startCdpStandIn(
  key: Pick<TestCdpKey, "id" | "alg" | "publicKeyPem">,
  facilitator: FacilitatorClient,
): Promise<CdpStandIn> {
  const publicKey = await importSPKI(key.publicKeyPem, key.alg);
  const calls: StandInCall[] = [];
  const nonces = new Set<string>();
  let advertised: SupportedKind[] | undefined;

  /** The token's nonce when it authorizes `method path`, else why not. */
  const authorize = async (
    method: string,
    path: string,
    authorization: string | undefined,
  ): Promise<{ nonce: string; token: string } | string> => {
    if (authorization?.startsWith("Bearer ") !== true) return "no bearer token";
    const token = authorization.slice("Bearer ".length);
    let verified: Awaited<ReturnType<typeof jwtVerify>>;
    try {
      verified = await jwtVerify(token, publicKey, {
        algorithms: [key.alg],
        issuer: "cdp",
        subject: key.id,
        requiredClaims: ["nbf", "exp", "iat"],
      });
    } catch (error) {
      const code = (error as { code?: string }).code ?? "ERR_JWT_INVALID";
      return `token refused (${code}): ${(error as Error).message}`;
    }
    const { payload, protectedHeader } = verified;
    if (protectedHeader.kid !== key.id) return `the token's kid is not the key's id`;
    const expected = `${method} ${CDP_HOST}${path}`;
    const uris = payload.uris;
    if (!Array.isArray(uris) || uris.length !== 1 || uris[0] !== expected) {
      return `the token names ${JSON.stringify(uris)}, not ["${expected}"]`;
    }
    const nonce = protectedHeader.nonce;
    if (typeof nonce !== "string" || nonce.length < 16) return "the token has no nonce";
    if (nonces.has(nonce)) return "replayed token: its nonce was seen before";
    nonces.add(nonce);
    return { nonce, token };
  };

  const behind: FacilitatorClient = {
    verify: (payload, requirements) => facilitator.verify(payload, requirements),
    settle: (payload, requirements) => facilitator.settle(payload, requirements),
    getSupported: async () => {
      const supported = await facilitator.getSupported();
      return advertised === undefined ? supported : { ...supported, kinds: advertised };
    },
  };
  const app = new Hono();
  app.use(`${CDP_PATH}/*`, async (c, next) => {
    const method = c.req.method;
    const path = new URL(c.req.url).pathname;
    const outcome = await authorize(method, path, c.req.header("authorization"));
    if (typeof outcome === "string") {
      calls.push({ method, path, status: 401, reason: outcome });
      return c.json({ errorType: "unauthorized", errorMessage: outcome }, 401);
    }
    await next();
    calls.push({ method, path, status: c.res.status, ...outcome });
  });
  app.route(CDP_PATH, createFacilitatorApp(behind));

  const server = await new Promise<ReturnType<typeof serve>>((resolve) => {
    const s = serve({ fetch: app.fetch, port: 0, hostname: "127.0.0.1" }, () => resolve(s));
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}${CDP_PATH}`,
    calls,
    advertise(kinds) {
      advertised = kinds;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        if ("closeAllConnections" in server) server.closeAllConnections();
      }),
  };
}
