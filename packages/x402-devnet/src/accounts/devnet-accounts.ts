import { getAddress, type Hex } from "viem";

/** An account the devnet controls: its checksummed address and its (public!) private key. */
export interface DevnetAccount {
  readonly address: `0x${string}`;
  readonly privateKey: Hex;
}

/**
 * The ten private keys anvil derives from its default mnemonic ("test test … junk", path
 * m/44'/60'/0'/0/i). They are printed in every Foundry and Hardhat tutorial, so anything sent to
 * them on a real chain is taken within seconds. They are written out rather than derived so that
 * the stack starts without BIP-32 work and so that `isDevnetKey` needs no anvil.
 */
const ANVIL_DEFAULT_KEYS = [
  "0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80",
  "0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d",
  "0x5de4111afa1a4b94908f83103eb1f1706367c2e68ca870fc3fb9a804cdab365a",
  "0x7c852118294e51e653712a81e05800f419141751be58f605c371e15141b007a6",
  "0x47e179ec197488593b187f80a00eb0da91f1b9d0b13f8733639f19c30a34926a",
  "0x8b3a350cf5c34c9194ca85829a2df0ec3153be0318b5e2d3348e872092edffba",
  "0x92db14e403b83dfe3df233f83dfa3a0d7096f21ca9b0d6d6b8d88b2b4ec1564e",
  "0x4bbbf85ce3377467afe5d46f804f221813b2bb87f24d81f60f1fcdbf7cbf4356",
  "0xdbda1821b80551c9d65939329250298aa3472ba22feea921c0cf5d620ea67b97",
  "0x2a871d0798f97d79848a013d4936a73bf4cc922c825d33c1cf7073dff6d409c6",
] as const satisfies readonly Hex[];

/** The matching addresses (a test checks them against anvil's `eth_accounts`). */
const ANVIL_DEFAULT_ADDRESSES = [
  "0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266",
  "0x70997970c51812dc3a010c7d01b50e0d17dc79c8",
  "0x3c44cdddb6a900fa2b585dd299e03d12fa4293bc",
  "0x90f79bf6eb2c4f870365e785982e1f101e93b906",
  "0x15d34aaf54267db7d7c367839aaf71a00a2c6a65",
  "0x9965507d1a55bcc2695c58ba16fb37d819b0a4dc",
  "0x976ea74026e726554db657fa54763abd0c3a0aa9",
  "0x14dc79964da2c08b23698b3d3cc7ca32193d9955",
  "0x23618e81e3f5cdf7f54c3d65f7fbc0abf5b21e8f",
  "0xa0ee7a142d267c1f36714e4a8f75612f20a79720",
] as const;

/** Anvil's default account number `index` (0–9). */
export function anvilAccount(index: number): DevnetAccount {
  const privateKey = ANVIL_DEFAULT_KEYS[index];
  const address = ANVIL_DEFAULT_ADDRESSES[index];
  if (privateKey === undefined || address === undefined) {
    throw new RangeError(`anvil has default accounts 0–9, not ${index}`);
  }
  return { address: getAddress(address), privateKey };
}

/**
 * Who does what on the devnet. Every account starts with anvil's 10 000 ETH, so anyone could
 * pay gas, but only the facilitator signer does: payers only sign EIP-3009 authorizations.
 * - 0 deployer: deploys SignatureChecker, owns USDC and is its master minter, pauser, blacklister,
 *   rescuer and only minter.
 * - 1 facilitator signer: submits `transferWithAuthorization` and pays the gas.
 * - 2 payee: the default `payTo`; starts with 0 USDC.
 * - 3–9 payers: funded with USDC (3 payers by default).
 */
export const DEVNET_ROLES = {
  deployer: 0,
  facilitator: 1,
  payee: 2,
  firstPayer: 3,
} as const;

/** How many payers the default accounts allow (indices 3–9). */
export const MAX_PAYERS = ANVIL_DEFAULT_KEYS.length - DEVNET_ROLES.firstPayer;

/** The first `count` payer accounts. */
export function payerAccounts(count: number): DevnetAccount[] {
  if (!Number.isInteger(count) || count < 0 || count > MAX_PAYERS) {
    throw new RangeError(`payer count must be an integer from 0 to ${MAX_PAYERS}, got ${count}`);
  }
  return Array.from({ length: count }, (_, i) => anvilAccount(DEVNET_ROLES.firstPayer + i));
}

/**
 * Every private key this package uses, lower-case with 0x. They are public: a production
 * configuration should refuse to start when its facilitator or payer key is in this set.
 */
export const DEVNET_PRIVATE_KEYS: ReadonlySet<string> = new Set(ANVIL_DEFAULT_KEYS);

/**
 * Whether `key` is one of the public devnet keys, whatever its case and with or without the
 * 0x prefix, so that a production config check cannot be dodged by reformatting the key.
 */
export function isDevnetKey(key: string): boolean {
  const trimmed = key.trim().toLowerCase();
  return DEVNET_PRIVATE_KEYS.has(trimmed.startsWith("0x") ? trimmed : `0x${trimmed}`);
}
