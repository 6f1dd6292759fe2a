import type { FailedTransactionMetadata } from "litesvm";

/**
 * The names of litesvm's `TransactionErrorFieldless` values, in order (index = value), as the
 * RPC spells them. litesvm declares them as an ambient const enum, which isolated modules cannot
 * read, hence the copy; a unit test holds it against the declaration.
 */
export const TRANSACTION_ERROR_NAMES = [
  "AccountInUse",
  "AccountLoadedTwice",
  "AccountNotFound",
  "ProgramAccountNotFound",
  "InsufficientFundsForFee",
  "InvalidAccountForFee",
  "AlreadyProcessed",
  "BlockhashNotFound",
  "CallChainTooDeep",
  "MissingSignatureForFee",
  "InvalidAccountIndex",
  "SignatureFailure",
  "InvalidProgramForExecution",
  "SanitizeFailure",
  "ClusterMaintenance",
  "AccountBorrowOutstanding",
  "WouldExceedMaxBlockCostLimit",
  "UnsupportedVersion",
  "InvalidWritableAccount",
  "WouldExceedMaxAccountCostLimit",
  "WouldExceedAccountDataBlockLimit",
  "TooManyAccountLocks",
  "AddressLookupTableNotFound",
  "InvalidAddressLookupTableOwner",
  "InvalidAddressLookupTableData",
  "InvalidAddressLookupTableIndex",
  "InvalidRentPayingAccount",
  "WouldExceedMaxVoteCostLimit",
  "WouldExceedAccountDataTotalLimit",
  "MaxLoadedAccountsDataSizeExceeded",
  "ResanitizationNeeded",
  "InvalidLoadedAccountsDataSizeLimit",
  "UnbalancedTransaction",
  "ProgramCacheHitMaxLimit",
  "CommitCancelled",
] as const;

/** The names of litesvm's `InstructionErrorFieldless` values, in order, as the RPC spells them. */
export const INSTRUCTION_ERROR_NAMES = [
  "GenericError",
  "InvalidArgument",
  "InvalidInstructionData",
  "InvalidAccountData",
  "AccountDataTooSmall",
  "InsufficientFunds",
  "IncorrectProgramId",
  "MissingRequiredSignature",
  "AccountAlreadyInitialized",
  "UninitializedAccount",
  "UnbalancedInstruction",
  "ModifiedProgramId",
  "ExternalAccountLamportSpend",
  "ExternalAccountDataModified",
  "ReadonlyLamportChange",
  "ReadonlyDataModified",
  "DuplicateAccountIndex",
  "ExecutableModified",
  "RentEpochModified",
  "NotEnoughAccountKeys",
  "AccountDataSizeChanged",
  "AccountNotExecutable",
  "AccountBorrowFailed",
  "AccountBorrowOutstanding",
  "DuplicateAccountOutOfSync",
  "InvalidError",
  "ExecutableDataModified",
  "ExecutableLamportChange",
  "ExecutableAccountNotRentExempt",
  "UnsupportedProgramId",
  "CallDepth",
  "MissingAccount",
  "ReentrancyNotAllowed",
  "MaxSeedLengthExceeded",
  "InvalidSeeds",
  "InvalidRealloc",
  "ComputationalBudgetExceeded",
  "PrivilegeEscalation",
  "ProgramEnvironmentSetupFailure",
  "ProgramFailedToComplete",
  "ProgramFailedToCompile",
  "Immutable",
  "IncorrectAuthority",
  "AccountNotRentExempt",
  "InvalidAccountOwner",
  "ArithmeticOverflow",
  "UnsupportedSysvar",
  "IllegalOwner",
  "MaxAccountsDataAllocationsExceeded",
  "MaxAccountsExceeded",
  "MaxInstructionTraceLengthExceeded",
  "BuiltinProgramsMustConsumeComputeUnits",
  "BorshIoError",
] as const;

/**
 * Errors that stop a transaction before it runs: a real cluster records nothing for them (no
 * fee, no status), so neither does the devnet.
 */
const REFUSED_BEFORE_EXECUTION: ReadonlySet<unknown> = new Set([
  "AlreadyProcessed",
  "BlockhashNotFound",
  "SignatureFailure",
  "SanitizeFailure",
  "MissingSignatureForFee",
  "InsufficientFundsForFee",
  "AccountNotFound",
  "InvalidAccountForFee",
]);

type LitesvmTransactionError = ReturnType<FailedTransactionMetadata["err"]>;

/**
 * A litesvm transaction error in the RPC's JSON form: `"BlockhashNotFound"`, or
 * `{ InstructionError: [index, "InvalidAccountData" | { Custom: code }] }` (the SPL Token
 * program's own errors are `Custom`: 1 is insufficient funds).
 */
export function transactionErrorJson(error: LitesvmTransactionError): unknown {
  if (typeof error === "number")
    return TRANSACTION_ERROR_NAMES[error] ?? `TransactionError${error}`;
  if ("err" in error && typeof error.err === "function") {
    const inner = error.err();
    const detail =
      typeof inner === "number"
        ? (INSTRUCTION_ERROR_NAMES[inner] ?? `InstructionError${inner}`)
        : "code" in inner
          ? { Custom: inner.code }
          : { BorshIoError: inner.msg };
    return { InstructionError: [error.index, detail] };
  }
  return error.toString();
}

/** True when the error means the transaction never ran (nothing to record). */
export function isRefusedBeforeExecution(errorJson: unknown): boolean {
  return REFUSED_BEFORE_EXECUTION.has(errorJson);
}
