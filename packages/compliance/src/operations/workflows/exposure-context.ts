import type { ExposureContext } from "@svc/montecarlo";
import type { ComplianceDeps } from "../../catalog/deps.js";

/**
 * What the Monte Carlo engine needs from the service, built from the deps: today's exact-match
 * screening (the engine has no list of its own, so a missing list throws `LIST_UNAVAILABLE`
 * here and a forecast is refused rather than computed as if every wallet were clear) and the
 * list's history (stored-edition differences, or the embedded mirror history).
 */
export function exposureContext(deps: ComplianceDeps): ExposureContext {
  return {
    screen: (address, asset) => {
      const result = deps.list.screen(address, asset ? { asset } : {});
      return {
        status: result.summary.status,
        entities: result.matches.map((m) => m.entityName),
      };
    },
    history: deps.history(),
  };
}
