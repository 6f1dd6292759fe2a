// An x402 v2 buyer as agents are: @x402/core's x402Client with @x402/evm's exact scheme and a
// local account, paying 402s through @x402/fetch or signing a PaymentRequired by hand. One copy
// for every package's tests and benches; what is particular to a package (a devnet's accounts, a
// service's routes) stays in that package and hands this a private key.
import { x402Client } from "@x402/core/client";
import { encodePaymentSignatureHeader } from "@x402/core/http";
import { ExactEvmScheme } from "@x402/evm/exact/client";
import { ExactEvmSchemeV1 } from "@x402/evm/v1";
import { wrapFetchWithPayment } from "@x402/fetch";
import { getAddress } from "viem";
import { privateKeyToAccount } from "viem/accounts";

/** Base mainnet, the network the service's terms name (the local devnet answers as Base too). */
const BASE_NETWORK = "eip155:8453";

/** An x402 v2 client paying from `privateKey` on `network`, as an agent does. */
export const payerOf = (privateKey, network = BASE_NETWORK) =>
  new x402Client().register(network, new ExactEvmScheme(privateKeyToAccount(privateKey)));

/**
 * fetch that pays 402s from `privateKey`, each request handed to `answer` in this process (an
 * app's `request`, a host's handler, a fetch that records), so no socket is needed.
 */
export const payingFetch = (answer, privateKey, network = BASE_NETWORK) =>
  wrapFetchWithPayment(
    (input, init) => Promise.resolve(answer(new Request(input, init))),
    payerOf(privateKey, network),
  );

/** fetch that pays 402s from `privateKey` over the network, as an agent paying a running service. */
export const payingNetworkFetch = (privateKey, network = BASE_NETWORK) =>
  wrapFetchWithPayment(fetch, payerOf(privateKey, network));

/**
 * A payload for the first `accepts` entry of a 402 (each entry possibly altered before signing),
 * signed by a client of Base.
 */
export function payloadFor(paymentRequired, privateKey, alter = (r) => r) {
  const altered = { ...paymentRequired, accepts: paymentRequired.accepts.map(alter) };
  return payerOf(privateKey).createPaymentPayload(altered);
}

/**
 * A payload whose EIP-3009 authorization is signed with chosen validity times and EIP-712 domain
 * (the stock client always signs validAfter 0, validBefore now + maxTimeoutSeconds, and the
 * domain of the requirements).
 */
export async function payloadSignedWith(paymentRequired, privateKey, options = {}) {
  const base = await payloadFor(paymentRequired, privateKey);
  const req = paymentRequired.accepts[0];
  const signed = base.payload.authorization;
  const validAfter = options.validAfter ?? BigInt(signed.validAfter);
  const validBefore = options.validBefore ?? BigInt(signed.validBefore);
  const authorization = {
    ...signed,
    validAfter: validAfter.toString(),
    validBefore: validBefore.toString(),
  };
  const signature = await privateKeyToAccount(privateKey).signTypedData({
    domain: {
      name: String(req.extra.name),
      version: String(req.extra.version),
      chainId: options.chainId ?? 8453,
      verifyingContract: options.verifyingContract ?? getAddress(req.asset),
    },
    types: {
      TransferWithAuthorization: [
        { name: "from", type: "address" },
        { name: "to", type: "address" },
        { name: "value", type: "uint256" },
        { name: "validAfter", type: "uint256" },
        { name: "validBefore", type: "uint256" },
        { name: "nonce", type: "bytes32" },
      ],
    },
    primaryType: "TransferWithAuthorization",
    message: {
      from: getAddress(authorization.from),
      to: getAddress(authorization.to),
      value: BigInt(authorization.value),
      validAfter,
      validBefore,
      nonce: authorization.nonce,
    },
  });
  return { ...base, payload: { authorization, signature } };
}

/** The `PAYMENT-SIGNATURE` header that carries `payload`. */
export const paymentHeader = (payload) => encodePaymentSignatureHeader(payload);

/**
 * An x402 v1 client paying from `privateKey` on v1's `network` name (`base` by default): the
 * v1 client of x402's own SDK, as v1 buyers sign.
 */
export const v1PayerOf = (privateKey, network = "base") =>
  new x402Client().registerV1(network, new ExactEvmSchemeV1(privateKeyToAccount(privateKey)));

/** A v1 payload for the first `accepts` entry of a v1 402 body (each entry possibly altered). */
export function v1PayloadFor(paymentRequiredV1, privateKey, alter = (r) => r) {
  const altered = { ...paymentRequiredV1, accepts: paymentRequiredV1.accepts.map(alter) };
  const network = altered.accepts[0]?.network ?? "base";
  return v1PayerOf(privateKey, network).createPaymentPayload(altered);
}

/** The v1 `X-PAYMENT` header that carries a v1 `payload` (base64 JSON, as v2's). */
export const v1PaymentHeader = (payload) => encodePaymentSignatureHeader(payload);
