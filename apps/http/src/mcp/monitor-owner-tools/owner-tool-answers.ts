import * as v from "valibot";

const text = v.string();
const nullableText = v.nullable(v.string());

/** A monitor as its owner reads it (`monitorView`): never its secret. */
const MonitorViewSchema = v.object({
  id: text,
  owner: v.pipe(text, v.description("The paying wallet (CAIP-10).")),
  label: nullableText,
  webhookUrl: text,
  asset: nullableText,
  status: v.picklist(["active", "paused", "deleted"]),
  endpointDisabledAt: nullableText,
  paidUntil: text,
  createdAt: text,
  updatedAt: text,
  addressCount: v.number(),
});

/** An answer: `{success: true, data}`, as the owner API's routes answer. */
const answer = <T extends v.ObjectEntries>(data: T) =>
  v.object({ success: v.literal(true), data: v.object(data) });

export const MonitorsListAnswer = answer({
  wallet: v.object({ namespace: v.picklist(["eip155", "solana"]), address: text }),
  monitors: v.array(MonitorViewSchema),
});

export const MonitorReadAnswer = answer({
  monitor: MonitorViewSchema,
  addresses: v.array(
    v.looseObject({
      address: text,
      normalizedAddress: text,
      listing: v.unknown(),
      edition: v.unknown(),
    }),
  ),
});

export const MonitorChangedAnswer = answer({ monitor: MonitorViewSchema });

export const MonitorDeliveriesAnswer = answer({
  monitorId: text,
  messages: v.array(
    v.looseObject({
      id: text,
      eventType: text,
      createdAt: text,
      status: text,
      attempts: v.array(v.looseObject({ attempt: v.number(), at: text })),
    }),
  ),
});

export const MonitorReplayAnswer = answer({
  monitorId: text,
  messageId: text,
  status: v.literal("pending"),
});
