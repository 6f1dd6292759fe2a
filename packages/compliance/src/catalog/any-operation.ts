import type * as v from "valibot";
import type { HandleJson, HandleOperation, OperationInfo } from "./operation.js";

/**
 * An operation of any input and output, as the catalog and the apps hold them: its listing, its
 * schema and example, and `handle`, which takes the raw request. Its `run` is left out: a run
 * needs the input its own schema parsed, which only `handle` can pair with it. Every
 * `Operation<Input, Output>` is one as it is.
 */
export interface AnyOperation extends OperationInfo {
  readonly input: v.GenericSchema;
  readonly inputExample: unknown;
  readonly handle: HandleOperation<unknown>;
  readonly handleJson?: HandleJson<unknown> | undefined;
}
