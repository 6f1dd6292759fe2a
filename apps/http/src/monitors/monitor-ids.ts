import { randomBytes } from "node:crypto";

/** A new monitor id: `mon_` and 128 random bits (base64url), unguessable. */
export const newMonitorId = (): string => `mon_${randomBytes(16).toString("base64url")}`;

/** A new webhook message id (`webhook-id`): `msg_` and 128 random bits. */
export const newMessageId = (): string => `msg_${randomBytes(16).toString("base64url")}`;
