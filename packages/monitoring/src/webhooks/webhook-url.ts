import ipaddr from "ipaddr.js";

/** Where webhooks may go: production (https to public addresses) or development (loopback too). */
export interface WebhookUrlPolicy {
  /** Development: `http://` and loopback addresses are allowed (a local receiver). */
  readonly allowLoopback: boolean;
}

export const PRODUCTION_WEBHOOKS: WebhookUrlPolicy = Object.freeze({ allowLoopback: false });

/** The longest webhook URL taken. */
const MAX_WEBHOOK_URL_LENGTH = 2048;

/** Why a webhook URL is refused, in a stable code and a sentence. */
export interface WebhookUrlProblem {
  readonly code:
    | "webhook_url_invalid"
    | "webhook_url_not_https"
    | "webhook_url_credentials"
    | "webhook_url_private_address";
  readonly message: string;
}

/**
 * Whether an IP address may receive webhooks: public unicast only (ipaddr.js's `unicast` range,
 * IPv4-mapped IPv6 read as the IPv4 it maps), so no private, loopback, link-local (cloud
 * metadata at 169.254.169.254), carrier-grade NAT, multicast, reserved or unspecified address;
 * loopback too where the policy allows it (development).
 */
export function isAllowedAddress(ip: string, policy: WebhookUrlPolicy): boolean {
  if (!ipaddr.isValid(ip)) return false;
  const range = ipaddr.process(ip).range();
  return range === "unicast" || (policy.allowLoopback && range === "loopback");
}

const LOOPBACK_NAMES = new Set(["localhost", "localhost."]);

/**
 * Checks a webhook URL as given, before anything is stored: an absolute https URL (http only to
 * loopback in development), no user or password in it, not longer than 2,048 characters, and, if
 * its host is an IP literal, an allowed address (`isAllowedAddress`). A host name is checked
 * again at every delivery, on the addresses it then resolves to (names change).
 */
export function webhookUrlProblem(
  input: string,
  policy: WebhookUrlPolicy,
): WebhookUrlProblem | undefined {
  let url: URL;
  try {
    url = new URL(input);
  } catch {
    return { code: "webhook_url_invalid", message: "is not an absolute URL" };
  }
  if (input.length > MAX_WEBHOOK_URL_LENGTH) {
    return {
      code: "webhook_url_invalid",
      message: `is longer than ${MAX_WEBHOOK_URL_LENGTH} characters`,
    };
  }
  if (url.username !== "" || url.password !== "") {
    return { code: "webhook_url_credentials", message: "must not carry a user name or password" };
  }
  const host = url.hostname.replace(/^\[|\]$/g, "");
  const literal = ipaddr.isValid(host);
  const loopback =
    LOOPBACK_NAMES.has(host) || (literal && ipaddr.process(host).range() === "loopback");
  if (
    url.protocol !== "https:" &&
    !(url.protocol === "http:" && loopback && policy.allowLoopback)
  ) {
    return {
      code: "webhook_url_not_https",
      message: policy.allowLoopback
        ? "must be https (http only to a loopback address in development)"
        : "must be https",
    };
  }
  if ((literal && !isAllowedAddress(host, policy)) || (loopback && !policy.allowLoopback)) {
    return {
      code: "webhook_url_private_address",
      message: "must reach a public address (not private, loopback, link-local or reserved)",
    };
  }
  return undefined;
}
