import {
  createKeyPairSignerFromPrivateKeyBytes,
  getAddressEncoder,
  getBase58Decoder,
  type KeyPairSigner,
} from "@solana/kit";

/** A throwaway keypair made for this devnet, the signer x402's SVM client takes, and its secret. */
export interface SolanaDevnetAccount {
  readonly address: string;
  readonly signer: KeyPairSigner;
  /**
   * The 64-byte secret key (32-byte seed, then the 32-byte public key: the Solana CLI's keypair
   * form) in base58, so another process can rebuild the signer:
   * `createKeyPairSignerFromBytes(getBase58Encoder().encode(secretKey))`.
   */
  readonly secretKey: string;
}

/**
 * A fresh keypair whose secret is known. kit's `generateKeyPairSigner` makes a non-extractable
 * key, whose bytes cannot be read back; the devnet's keys must travel to other processes (a demo
 * payer asks the service for them), so the seed is drawn here and the key derived from it.
 */
export async function generateDevnetAccount(): Promise<SolanaDevnetAccount> {
  const seed = crypto.getRandomValues(new Uint8Array(32));
  const signer = await createKeyPairSignerFromPrivateKeyBytes(seed);
  const secret = new Uint8Array(64);
  secret.set(seed, 0);
  secret.set(getAddressEncoder().encode(signer.address), 32);
  return { address: signer.address, signer, secretKey: getBase58Decoder().decode(secret) };
}
