import type { Operation } from "./operation.js";

/**
 * An operation of any input and output, as the catalog and the apps hold them. Every
 * `Operation<Input, Output>` is one as it is: its run and admissions are methods, whose
 * parameters are compared both ways (`Executable`). The executor pairs its run with what its own
 * schema parsed.
 */
export type AnyOperation = Operation<unknown, unknown>;
