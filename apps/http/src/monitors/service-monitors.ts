import type { MadeMonitor, MonitorDeps, MonitorScreening } from "@svc/compliance";
import { MONITOR_PERIOD_DAYS, screeningSummary } from "@svc/compliance";
import type { PaymentLedger } from "@svc/ledger";
import {
  addressListing,
  newWebhookSecret,
  type WebhookUrlPolicy,
  webhookUrlProblem,
} from "@svc/monitoring";
import { eventBody } from "./event-message.js";
import { newMessageId, newMonitorId } from "./monitor-ids.js";

type MonitorBook = ReturnType<PaymentLedger["monitorBook"]>;

const PERIOD_MS = MONITOR_PERIOD_DAYS * 86_400_000;

/**
 * What a monitor's own screenings (its first, each renewal's) say in their message: the
 * answer's screening summary, each listed address with its listing as match events carry it.
 */
function screeningData(monitorId: string, screening: MonitorScreening) {
  const summary = screeningSummary(screening);
  return {
    monitorId,
    ...summary,
    matches: summary.matches.map(({ parties, assets, ...address }) => ({
      ...address,
      listing: { listed: true, assets, parties },
    })),
  };
}

/**
 * The service's monitors for the monitoring operations (`ComplianceDeps.monitors`): kept in the
 * ledger's database, owned by the paying wallet (`network:payer`, CAIP-10), each address stored
 * with what its first screening said (what the next edition is compared with), and the first
 * screening (or a renewal's) queued as a `monitor.screened` (`monitor.renewed`) message in the
 * same transaction.
 */
export function serviceMonitors(
  book: MonitorBook,
  policy: WebhookUrlPolicy,
  now: () => Date = () => new Date(),
): MonitorDeps {
  return {
    webhookUrlProblem: (url) => webhookUrlProblem(url, policy),
    async create(monitor): Promise<MadeMonitor> {
      const at = now();
      const id = newMonitorId();
      const secret = newWebhookSecret();
      const owner = `${monitor.payment.network}:${monitor.payment.payer}`;
      const paidUntil = new Date(at.getTime() + PERIOD_MS);
      const { screening } = monitor;
      // One row per canonical address (a repeated address is watched once).
      const seen = new Map<
        string,
        { address: string; normalizedAddress: string; listing: ReturnType<typeof addressListing> }
      >();
      for (const r of screening.results) {
        if (!seen.has(r.query.normalizedAddress)) {
          seen.set(r.query.normalizedAddress, {
            address: r.query.address,
            normalizedAddress: r.query.normalizedAddress,
            listing: addressListing(r.matches),
          });
        }
      }
      await book.create(
        {
          id,
          owner,
          label: monitor.label,
          webhookUrl: monitor.webhookUrl,
          secret,
          asset: monitor.asset,
          payment: monitor.payment,
          paidUntil,
          createdAt: at,
          edition: {
            datasetDate: screening.sourceFreshness.datasetDate,
            datasetSha256: screening.sourceFreshness.datasetSha256,
          },
          addresses: [...seen.values()],
        },
        [
          {
            id: newMessageId(),
            monitorId: id,
            eventType: "monitor.screened",
            body: eventBody("monitor.screened", at, {
              ...screeningData(id, screening),
              paidUntil: paidUntil.toISOString(),
            }),
            createdAt: at,
          },
        ],
      );
      return {
        id,
        secret,
        owner,
        paidUntil: paidUntil.toISOString(),
        createdAt: at.toISOString(),
      };
    },
    async addressesOf(monitorId) {
      const monitor = await book.get(monitorId);
      if (monitor === undefined || monitor.status === "deleted") return undefined;
      return (await book.addressesOf(monitorId)).map((a) => a.address);
    },
    async extend(monitorId, payment, screening) {
      const at = now();
      const paidUntil = await book.extend(
        monitorId,
        PERIOD_MS,
        payment,
        at,
        (until) => [
          {
            id: newMessageId(),
            monitorId,
            eventType: "monitor.renewed",
            body: eventBody("monitor.renewed", at, {
              ...screeningData(monitorId, screening),
              paidUntil: until.toISOString(),
            }),
            createdAt: at,
          },
        ],
        {
          edition: {
            datasetDate: screening.sourceFreshness.datasetDate,
            datasetSha256: screening.sourceFreshness.datasetSha256,
          },
          listings: screening.results.map((r) => ({
            normalizedAddress: r.query.normalizedAddress,
            listing: addressListing(r.matches),
          })),
        },
      );
      return paidUntil === undefined ? undefined : { paidUntil: paidUntil.toISOString() };
    },
  };
}
