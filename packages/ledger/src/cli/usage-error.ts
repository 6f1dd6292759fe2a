/** A wrong invocation: printed with the usage hint, exit code 2. */
export class UsageError extends Error {
  override readonly name = "UsageError";
}
