/**
 * A wallet that proved itself by Sign-In-With-X: its CAIP-2 namespace and its address in the
 * namespace's canonical spelling (EVM: lower-case hex; Solana: base58 as is). The chain it
 * signed on does not matter: an EVM key controls its address on every EVM chain, a Solana key
 * on every cluster.
 */
export interface SignedInWallet {
  readonly namespace: "eip155" | "solana";
  readonly address: string;
}

/** A wallet's address as monitors' owners spell it. */
export const canonicalAddress = (
  namespace: SignedInWallet["namespace"],
  address: string,
): string => (namespace === "eip155" ? address.toLowerCase() : address);

/** The wallet as one string (`eip155:0xabc…`), the key its used nonces are kept under. */
export const walletKey = (w: SignedInWallet): string => `${w.namespace}:${w.address}`;

/**
 * Whether a wallet owns a monitor: the owner (a CAIP-10 account id, `eip155:8453:0xabc…`) has
 * the wallet's namespace and, spelled canonically, its address, on whatever chain it paid.
 */
export function ownsMonitor(wallet: SignedInWallet, owner: string): boolean {
  const [namespace, , address, ...rest] = owner.split(":");
  if (rest.length > 0 || namespace !== wallet.namespace || address === undefined) return false;
  return canonicalAddress(wallet.namespace, address) === wallet.address;
}
