import type { AddressScreening, SourceFreshness } from "@svc/ofac-index";
import type { PaymentAuthorization } from "../../attestation/attest.js";

/** A monitor's first screening (or a renewal's): every address, what was signed, on which edition. */
export interface MonitorScreening {
  readonly results: readonly AddressScreening[];
  /** The attestations signed over the screening, one per 1,000 addresses, in address order. */
  readonly attestations: readonly string[];
  readonly sourceFreshness: SourceFreshness;
}

/** A monitor to make, as the paid call asked for it and screened it. */
interface NewMonitor {
  readonly label?: string | undefined;
  readonly webhookUrl: string;
  readonly asset?: string | undefined;
  readonly payment: PaymentAuthorization;
  readonly screening: MonitorScreening;
}

/** A monitor as made: what its owner needs to know once. */
export interface MadeMonitor {
  readonly id: string;
  /** The HMAC secret of its webhook messages (`whsec_…`): shown in this answer only. */
  readonly secret: string;
  /** The paying wallet, as a CAIP-10 account id: who may manage it (Sign-In-With-X). */
  readonly owner: string;
  readonly paidUntil: string;
  readonly createdAt: string;
}

/**
 * What the monitoring operations need from the service (the HTTP app implements it on its
 * ledger's database): where webhooks may go, and where monitors are kept. Absent in a library
 * or an offline server: then monitors are refused (`MONITORING_UNAVAILABLE`), never faked.
 */
export interface MonitorDeps {
  /** Why the service will not deliver to a URL (https to public addresses in production). */
  webhookUrlProblem(url: string): { readonly code: string; readonly message: string } | undefined;
  /** Keeps a new monitor and queues its first screening's message. */
  create(monitor: NewMonitor): Promise<MadeMonitor>;
  /** A monitor's addresses as its owner gave them (undefined: no such monitor, or deleted). */
  addressesOf(monitorId: string): Promise<readonly string[] | undefined>;
  /**
   * Adds one paid period and queues the renewal's message; resolves to the new end (undefined:
   * the monitor was deleted meanwhile).
   */
  extend(
    monitorId: string,
    payment: PaymentAuthorization,
    screening: MonitorScreening,
  ): Promise<{ readonly paidUntil: string } | undefined>;
}
