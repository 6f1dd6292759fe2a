import type { Failure } from "@svc/compliance";

/** A refusal's code, its sentence and its issues, as `failureResult` writes them. */
export type RefusalFailure = Pick<Failure, "code" | "message" | "issues" | "moreIssues">;

/**
 * A refusal a tool's run throws that says more than a code and a sentence: `extra` goes into the
 * `isError` result's structured content beside them (a sign-in challenge: the PaymentRequired a
 * client signs). Its code is any the tool documents (`MONITOR_NOT_FOUND`, `SIWX_REQUIRED`), not
 * only those of the catalog's failures.
 */
export class ToolRefusal extends Error {
  constructor(
    readonly failure: RefusalFailure,
    readonly extra: Readonly<Record<string, unknown>> = {},
  ) {
    super(failure.message);
    this.name = "ToolRefusal";
  }
}
