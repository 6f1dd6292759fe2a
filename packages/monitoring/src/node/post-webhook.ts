import { lookup as dnsLookup, type LookupAddress } from "node:dns";
import { request as httpRequest, type IncomingMessage } from "node:http";
import { request as httpsRequest } from "node:https";
import type { LookupFunction } from "node:net";
import type { AttemptResult } from "../webhooks/delivery-outcome.js";
import type { WebhookHeaders } from "../webhooks/webhook-signature.js";
import {
  isAllowedAddress,
  type WebhookUrlPolicy,
  webhookUrlProblem,
} from "../webhooks/webhook-url.js";

/** The specification's request timeout: an attempt that takes longer failed. */
export const WEBHOOK_TIMEOUT_MS = 15_000;

/** How much of a receiver's answer is kept (for the delivery log): the rest is discarded. */
const MAX_RESPONSE_BYTES = 2_048;

export interface PostWebhookOptions {
  readonly policy: WebhookUrlPolicy;
  readonly timeoutMs?: number | undefined;
  readonly userAgent?: string | undefined;
}

/** What an attempt got, with the start of the receiver's answer for the delivery log. */
export type PostResult = AttemptResult & { readonly responseText?: string | undefined };

/**
 * A DNS lookup that answers only with allowed addresses: every address the name resolves to is
 * checked (`isAllowedAddress`), and the connection goes to the one checked, so a name that
 * resolves to a private address, or rebinds to one between the check and the connection, is
 * never reached.
 */
const checkedLookup =
  (policy: WebhookUrlPolicy): LookupFunction =>
  (hostname, options, callback) => {
    dnsLookup(hostname, { ...options, all: true }, (error, addresses: LookupAddress[]) => {
      if (error) return callback(error, "", 4);
      const refused = addresses.find((a) => !isAllowedAddress(a.address, policy));
      if (refused !== undefined || addresses.length === 0) {
        const e = Object.assign(new Error(`${hostname} resolves to a private address`), {
          code: "EWEBHOOKPRIVATE",
        });
        return callback(e, "", 4);
      }
      if (options.all) return callback(null, addresses as never, 4);
      const first = addresses[0] as LookupAddress;
      callback(null, first.address, first.family);
    });
  };

/**
 * POSTs one signed message to a webhook URL: the URL checked again (`webhookUrlProblem`), the
 * host's addresses checked at connection (`checkedLookup`), no redirect followed (a 3xx is a
 * failed attempt), a 15-s timeout for the whole exchange. Never throws: failures are results.
 */
export function postWebhook(
  url: string,
  body: string,
  headers: WebhookHeaders,
  options: PostWebhookOptions,
): Promise<PostResult> {
  const problem = webhookUrlProblem(url, options.policy);
  if (problem !== undefined)
    return Promise.resolve({ error: `${problem.code}: ${problem.message}` });
  const target = new URL(url);
  const send = target.protocol === "https:" ? httpsRequest : httpRequest;
  const timeoutMs = options.timeoutMs ?? WEBHOOK_TIMEOUT_MS;
  return new Promise((resolve) => {
    let settled = false;
    const finish = (result: PostResult) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(result);
    };
    const req = send(
      target,
      {
        method: "POST",
        lookup: checkedLookup(options.policy),
        headers: {
          ...headers,
          "content-type": "application/json",
          "content-length": Buffer.byteLength(body),
          "user-agent": options.userAgent ?? "svc-monitoring-webhooks",
        },
      },
      (res: IncomingMessage) => {
        const chunks: Buffer[] = [];
        let kept = 0;
        res.on("data", (chunk: Buffer) => {
          if (kept < MAX_RESPONSE_BYTES) chunks.push(chunk.subarray(0, MAX_RESPONSE_BYTES - kept));
          kept += chunk.length;
        });
        res.on("end", () =>
          finish({
            status: res.statusCode ?? 0,
            retryAfter: res.headers["retry-after"],
            responseText: Buffer.concat(chunks).toString("utf8"),
          }),
        );
        res.on("error", (e) => finish({ error: e.message }));
      },
    );
    const timer = setTimeout(() => {
      finish({ error: `no answer within ${timeoutMs / 1000} s` });
      req.destroy();
    }, timeoutMs);
    req.on("error", (e: NodeJS.ErrnoException) =>
      finish({
        error:
          e.code === "EWEBHOOKPRIVATE" ? `webhook_url_private_address: ${e.message}` : e.message,
      }),
    );
    req.end(body);
  });
}
