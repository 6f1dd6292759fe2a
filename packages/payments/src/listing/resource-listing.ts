/**
 * How a paid resource's service is named in directories (the x402 Bazaar's "service metadata"):
 * a short name, a few topical tags and an icon, carried on the `resource` of every
 * PaymentRequired beside its URL, description and type, and echoed by clients in their payment.
 * One listing per service: every route and every tool carries the same.
 */
export interface ResourceListing {
  /** Printable ASCII, 1 to 32 characters. */
  readonly serviceName: string;
  /** At most 5, each printable ASCII of 1 to 32 characters, distinct whatever the case. */
  readonly tags: readonly string[];
  /**
   * An absolute http(s) URL of the service's icon, on a public host name (the Bazaar drops a
   * loopback or IP host); none where the service has no public base URL.
   */
  readonly iconUrl?: string | undefined;
}

/** The listing's fields as a PaymentRequired's `resource` carries them (none when unset). */
export const listingFieldsOf = (
  listing: ResourceListing | undefined,
): { serviceName?: string; tags?: string[]; iconUrl?: string } =>
  listing === undefined
    ? {}
    : {
        serviceName: listing.serviceName,
        tags: [...listing.tags],
        ...(listing.iconUrl === undefined ? {} : { iconUrl: listing.iconUrl }),
      };
