import type { AnyOperation, ListStatusAnswer } from "@svc/compliance";
import type { PaymentTerms } from "@svc/payments";
import type { FreeEndpoint } from "../service/free-endpoint.js";

/** What every discovery document is derived from, resolved for one request. */
export interface DiscoveryContext {
  /** The paid operations, in catalog order. */
  readonly operations: readonly AnyOperation[];
  /**
   * Who is paid, where: the same terms the payment gates use, one per network paid on (each an
   * `accepts` entry of every 402), the default first. Never empty.
   */
  readonly terms: readonly PaymentTerms[];
  /** The public base URL, without a trailing slash. */
  readonly baseUrl: string;
  /** The free endpoints of the list (status, editions, changes), as the documents describe them. */
  readonly freeEndpoints: readonly FreeEndpoint[];
  /** Which list screening runs on now (the landing page says so, loudly for the sample). */
  readonly list?: ListStatusAnswer["data"] | undefined;
}
