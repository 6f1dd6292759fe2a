/** What a payment's settlement left on chain. */
export type AuthorizationOnChain =
  | { readonly used: false }
  /** Used: its transaction, when the record of it was found. */
  | { readonly used: true; readonly transaction: string | undefined };

/**
 * What settlement after the answer reads from the payment network: a payer's balance (never
 * the client's word for it), and whether a payment's authorization was already used, with the
 * transaction that used it (a settlement sent by a replica that stopped before recording it).
 * Each scheme reads its own chain (`PaymentScheme.chain`).
 */
export interface PaymentChain {
  balanceOf(asset: string, owner: string): Promise<bigint>;
  authorization(asset: string, authorizer: string, nonce: string): Promise<AuthorizationOnChain>;
}
