import { headerRef } from "./openapi-refs.js";

type Responses = Record<string, Record<string, unknown>>;

/**
 * An operation whose every response states its `Access-Control-Allow-Origin` (apps/http sets it
 * on every answer of a route, before the route runs: any origin may read them), beside the
 * headers the response already states.
 */
export function withCorsHeader<T extends { responses: object }>(operation: T): T {
  const responses = operation.responses as Responses;
  return {
    ...operation,
    responses: Object.fromEntries(
      Object.entries(responses).map(([status, response]) => [
        status,
        {
          ...response,
          headers: {
            "Access-Control-Allow-Origin": headerRef("AccessControlAllowOrigin"),
            ...(response.headers as Record<string, unknown> | undefined),
          },
        },
      ]),
    ),
  };
}
