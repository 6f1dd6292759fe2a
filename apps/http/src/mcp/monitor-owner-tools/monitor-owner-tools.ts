import type { MonitorBook, MonitorRecord } from "@svc/ledger";
import {
  type AnyTool,
  defineTool,
  SIGN_IN_META,
  type ToolDeps,
  type ToolEffects,
  ToolRefusal,
} from "@svc/mcp-server";
import type { WebhookUrlPolicy } from "@svc/monitoring";
import { toolResourceUrl } from "@svc/payments";
import * as v from "valibot";
import { changeMonitor, deleteMonitor } from "../../monitors/owner-api/monitor-changes.js";
import {
  addressViews,
  deliveryViews,
  monitorView,
} from "../../monitors/owner-api/monitor-views.js";
import { MONITOR_OWNER_ENDPOINTS as E } from "../../monitors/owner-api/owner-api-endpoints.js";
import {
  MessageParamsSchema,
  MonitorParamsSchema,
  PatchMonitorShape,
} from "../../monitors/owner-api/owner-requests.js";
import type { OwnerSignIn, SignInRefusal } from "../../monitors/owner-api/owner-sign-in.js";
import { ownsMonitor, type SignedInWallet } from "../../monitors/owner-api/signed-in-wallet.js";
import {
  MonitorChangedAnswer,
  MonitorDeliveriesAnswer,
  MonitorReadAnswer,
  MonitorReplayAnswer,
  MonitorsListAnswer,
} from "./owner-tool-answers.js";

export interface MonitorOwnerToolsOptions {
  readonly book: MonitorBook;
  /** The owner API's sign-in (`ownerSignIn`): the very check its routes make. */
  readonly signIn: OwnerSignIn;
  /** Where webhooks may point (`monitor_update`'s webhookUrl), as the routes check it. */
  readonly webhookPolicy: WebhookUrlPolicy;
  readonly now?: (() => Date) | undefined;
}

/** How a call signs in, said once in each tool's description. */
const SIGN_IN = `Free; signed in: the paying wallet's Sign-In-With-X proof in _meta["${SIGN_IN_META}"] (none: the challenge).`;

/**
 * What each tool does, in fewer words than its route's description (`MONITOR_OWNER_ENDPOINTS`,
 * whose name and title it takes): a listing goes whole into a model's context, within the
 * tools/list budget. Each is said of the signed-in wallet's own monitors; another wallet's is
 * not found.
 */
const DOES = {
  list: "Your monitors, newest first, deleted ones left out; never their webhook secrets.",
  read: "A monitor and its addresses, each with what it was last found (listing, edition). Another wallet's monitor is MONITOR_NOT_FOUND.",
  update:
    "Pauses or resumes (status), re-points (webhookUrl: https, public; re-enables a 410-disabled one) or renames (label, null removes) a monitor. A deleted one is MONITOR_DELETED.",
  remove:
    "Deletes a monitor: nothing more is screened or sent, pending messages are cancelled, the delivery log stays. No refund.",
  deliveries:
    "A monitor's webhook messages, newest first (at most 100), each with its attempts (time, HTTP status, error, duration).",
  replay:
    "Sends a delivered, failed or cancelled message again (same webhook-id, a new round of retries); one still pending is MESSAGE_NOT_REPLAYABLE.",
  // The monitoring report is a file, downloaded from its route (`GET /api/monitors/{id}/report`);
  // no tool carries it.
} as const satisfies Record<Exclude<keyof typeof E, "report">, string>;

const READS: ToolEffects = {
  readOnly: true,
  destructive: false,
  idempotent: true,
  openWorld: false,
};

/** An owner's lookups and changes take a few queries of the ledger. */
const DEADLINE_MS = 10_000;

const EXAMPLE_ID = "mon_0123456789abcdef";
const EXAMPLE_MESSAGE = "msg_0123456789abcdef";

/** A sign-in refusal as a tool's `isError` result: the challenge is its structured content. */
function refusalOf(refusal: SignInRefusal): ToolRefusal {
  const { code, message, challenge, retryAfterSeconds } = refusal;
  if (challenge !== undefined) {
    return new ToolRefusal(
      {
        code,
        message: `Sign in with the wallet that paid for the monitors: sign the sign-in-with-x challenge of this result (extensions["sign-in-with-x"], nothing is to be paid) and call again with the base64 proof in params._meta["${SIGN_IN_META}"].`,
      },
      { ...challenge },
    );
  }
  return new ToolRefusal(
    { code, message },
    retryAfterSeconds === undefined ? {} : { retryAfterSeconds },
  );
}

const notFound = () =>
  new ToolRefusal({
    code: "MONITOR_NOT_FOUND",
    message: "The wallet signed in has no monitor with that id.",
  });

/** A `monitor_update` that names no change, refused as the route refuses its empty body. */
const nothingToChange = () => {
  const message = "name at least one of status, webhookUrl or label";
  return new ToolRefusal({
    code: "INVALID_INPUT",
    message: `Invalid input: (body): ${message}`,
    issues: [{ path: "", message }],
  });
};

const deleted = () =>
  new ToolRefusal({
    code: "MONITOR_DELETED",
    message: "This monitor was deleted: it cannot be changed.",
  });

/**
 * The owner API of monitors as free MCP tools of the hosted server, one per endpoint of
 * `MONITOR_OWNER_ENDPOINTS` (its names, titles and descriptions): each answers only the wallet
 * signed in by the Sign-In-With-X proof in the call's `_meta["sign-in-with-x"]` (the base64 value
 * the routes read from `SIGN-IN-WITH-X`), checked by the routes' own `ownerSignIn` for the
 * tool's resource (`…/mcp?tool=name`); the refusals are the routes' codes. A monitor of another
 * wallet is refused exactly as one that does not exist (`MONITOR_NOT_FOUND`).
 */
export function monitorOwnerTools(options: MonitorOwnerToolsOptions): readonly AnyTool[] {
  const { book, signIn, webhookPolicy } = options;
  const now = options.now ?? (() => new Date());

  /** The wallet the call's proof signs in, or the refusal thrown. */
  async function walletOf(deps: ToolDeps, tool: string): Promise<SignedInWallet> {
    const endpoint = deps.call?.endpoint;
    if (deps.call === undefined || endpoint === undefined) {
      throw new ToolRefusal({
        code: "SIGN_IN_UNAVAILABLE",
        message: "Signing in needs the hosted endpoint's URL, which this server was not given.",
      });
    }
    // Without a client key every caller shares one allowance of refused sign-ins.
    const client = deps.call.client ?? "mcp";
    const held = signIn.heldFor(client);
    if (held > 0) throw refusalOf(signIn.rateLimited(held));
    const proof = deps.call.meta[SIGN_IN_META];
    if (proof !== undefined && typeof proof !== "string") {
      throw new ToolRefusal({
        code: "SIWX_MALFORMED",
        message: `_meta["${SIGN_IN_META}"] must be the base64 sign-in-with-x proof, a string.`,
      });
    }
    const signed = await signIn.signIn({
      proof,
      client,
      baseUrl: new URL(endpoint).origin,
      resourceUrl: toolResourceUrl(endpoint, tool),
    });
    if (!signed.ok) throw refusalOf(signed.refusal);
    return signed.wallet;
  }

  /** The monitor `id` of the wallet the call signs in; another wallet's is not found. */
  async function ownedMonitor(deps: ToolDeps, tool: string, id: string): Promise<MonitorRecord> {
    const wallet = await walletOf(deps, tool);
    const found = await book.get(id);
    if (found === undefined || !ownsMonitor(wallet, found.owner)) throw notFound();
    return found;
  }

  /** The monitor as it is now, after a change. */
  async function current(id: string) {
    const monitor = await book.get(id);
    if (monitor === undefined) throw notFound();
    return { success: true as const, data: { monitor: monitorView(monitor) } };
  }

  const described = (endpoint: keyof typeof DOES) => `${DOES[endpoint]} ${SIGN_IN}`;

  return [
    defineTool({
      name: E.list.name,
      title: E.list.title,
      description: described("list"),
      input: v.strictObject({}),
      inputExample: {},
      output: MonitorsListAnswer,
      pricing: { kind: "free" },
      deadlineMs: DEADLINE_MS,
      signIn: true,
      effects: READS,
      async run(_input, deps) {
        const wallet = await walletOf(deps, E.list.name);
        const monitors = await book.ownedByWallet(wallet.namespace, wallet.address);
        return { success: true as const, data: { wallet, monitors: monitors.map(monitorView) } };
      },
    }),
    defineTool({
      name: E.read.name,
      title: E.read.title,
      description: described("read"),
      input: v.strictObject(MonitorParamsSchema.entries),
      inputExample: { id: EXAMPLE_ID },
      output: MonitorReadAnswer,
      pricing: { kind: "free" },
      deadlineMs: DEADLINE_MS,
      signIn: true,
      effects: READS,
      async run({ id }, deps) {
        const monitor = await ownedMonitor(deps, E.read.name, id);
        const addresses = await book.addressesOf(monitor.id);
        return {
          success: true as const,
          data: { monitor: monitorView(monitor), addresses: addressViews(addresses) },
        };
      },
    }),
    defineTool({
      name: E.update.name,
      title: E.update.title,
      description: described("update"),
      // "At least one change" is checked by the run: a check has no JSON Schema to list.
      input: v.strictObject({ ...MonitorParamsSchema.entries, ...PatchMonitorShape.entries }),
      inputExample: { id: EXAMPLE_ID, status: "paused" },
      output: MonitorChangedAnswer,
      pricing: { kind: "free" },
      deadlineMs: DEADLINE_MS,
      signIn: true,
      effects: { readOnly: false, destructive: false, idempotent: true, openWorld: false },
      async run({ id, ...change }, deps) {
        const { status, webhookUrl, label } = change;
        if (status === undefined && webhookUrl === undefined && label === undefined) {
          throw nothingToChange();
        }
        const monitor = await ownedMonitor(deps, E.update.name, id);
        const refused = await changeMonitor(book, monitor, change, webhookPolicy, now());
        if (refused?.code === "MONITOR_DELETED") throw deleted();
        if (refused !== undefined) {
          throw new ToolRefusal({
            code: refused.code,
            message: refused.message,
            issues: [...refused.issues],
          });
        }
        return current(id);
      },
    }),
    defineTool({
      name: E.remove.name,
      title: E.remove.title,
      description: described("remove"),
      input: v.strictObject(MonitorParamsSchema.entries),
      inputExample: { id: EXAMPLE_ID },
      output: MonitorChangedAnswer,
      pricing: { kind: "free" },
      deadlineMs: DEADLINE_MS,
      signIn: true,
      effects: { readOnly: false, destructive: true, idempotent: false, openWorld: false },
      async run({ id }, deps) {
        const monitor = await ownedMonitor(deps, E.remove.name, id);
        if (!(await deleteMonitor(book, monitor, now()))) throw deleted();
        return current(id);
      },
    }),
    defineTool({
      name: E.deliveries.name,
      title: E.deliveries.title,
      description: described("deliveries"),
      input: v.strictObject(MonitorParamsSchema.entries),
      inputExample: { id: EXAMPLE_ID },
      output: MonitorDeliveriesAnswer,
      pricing: { kind: "free" },
      deadlineMs: DEADLINE_MS,
      signIn: true,
      effects: READS,
      async run({ id }, deps) {
        const monitor = await ownedMonitor(deps, E.deliveries.name, id);
        const messages = await book.deliveryLog(monitor.id);
        return {
          success: true as const,
          data: { monitorId: monitor.id, messages: deliveryViews(messages) },
        };
      },
    }),
    defineTool({
      name: E.replay.name,
      title: E.replay.title,
      description: described("replay"),
      input: v.strictObject(MessageParamsSchema.entries),
      inputExample: { id: EXAMPLE_ID, messageId: EXAMPLE_MESSAGE },
      output: MonitorReplayAnswer,
      pricing: { kind: "free" },
      deadlineMs: DEADLINE_MS,
      signIn: true,
      // A replay POSTs the message to the owner's webhook again.
      effects: { readOnly: false, destructive: false, idempotent: false, openWorld: true },
      async run({ id, messageId }, deps) {
        const monitor = await ownedMonitor(deps, E.replay.name, id);
        if (monitor.status === "deleted") throw deleted();
        if (!(await book.replay(monitor.id, messageId, now()))) {
          throw new ToolRefusal({
            code: "MESSAGE_NOT_REPLAYABLE",
            message:
              "No delivered, failed or cancelled message of this monitor has that id (one waiting for its next attempt is sent already).",
          });
        }
        return {
          success: true as const,
          data: { monitorId: monitor.id, messageId, status: "pending" as const },
        };
      },
    }),
  ];
}
