import type { BatchScreenResult, ScreenOptions, ScreenResult } from "@svc/ofac-index";

/**
 * What the operations need from outside: the list they screen against (the service's
 * `ListLoader`, which throws `LIST_UNAVAILABLE` without a list: screening fails closed).
 */
export interface ComplianceDeps {
  readonly list: {
    screen(address: string, options?: ScreenOptions): ScreenResult;
    screenMany(addresses: readonly string[], options?: ScreenOptions): BatchScreenResult;
  };
}
