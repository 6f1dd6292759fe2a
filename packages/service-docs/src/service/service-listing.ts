import { ICON_PNG_PATH } from "@svc/mcp-server";
import type { ResourceListing } from "@svc/payments";
import { isValidIconUrl } from "@x402/extensions/bazaar";
import { SERVICE } from "./service-info.js";

/**
 * How directories list the service, on every paid route and tool alike: its listing name and
 * tags (`SERVICE`), and its icon (the PNG the API serves beside the MCP endpoint) on the public
 * base URL. The icon is declared only where a directory could fetch it: on a public host name,
 * never on a loopback or IP host (development, or no public base URL configured), which the
 * Bazaar drops.
 */
export function serviceListingOf(baseUrl: string | undefined): ResourceListing {
  const iconUrl = baseUrl === undefined ? undefined : `${baseUrl}${ICON_PNG_PATH}`;
  return {
    serviceName: SERVICE.listingName,
    tags: SERVICE.tags,
    ...(iconUrl !== undefined && isValidIconUrl(iconUrl) ? { iconUrl } : {}),
  };
}
