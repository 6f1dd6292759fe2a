import { ofacWalletScreen } from "../operations/ofac-wallet-screen.js";
import type { Operation } from "./operation.js";

/**
 * An operation of any input and output, as the apps hold them: its input is only known after
 * `input` has parsed a request, so `run` is called with that parse's output.
 */
export type AnyOperation = Operation<never, unknown>;

const erase = <I, O>(op: Operation<I, O>): AnyOperation => op as unknown as AnyOperation;

/** Every paid operation of the service, in the order of spec §4. */
export const CATALOG: readonly AnyOperation[] = [erase(ofacWalletScreen)];
