import { UsageError } from "../cli-error.js";
import { defineCommand } from "../command.js";
import { EXIT } from "../exit-codes.js";
import { loadChosenEdition, sampleNotice } from "../load-edition.js";

/** Prints the screening result (the API's JSON); several addresses give the batch form. */
export const screenCommand = defineCommand(
  {
    name: "screen",
    summary: "screen addresses against --list FILE (or --sample, the demo excerpt)",
    synopsis:
      "ADDRESS... (--list FILE | --sample) [--asset TICKER] [--fail-on-match] [--fail-on-near-match]",
    description:
      "Screens wallet addresses against OFAC's SDN list: exact match on each address's canonical form, under any ticker. Prints the result as JSON on stdout, the HTTP API's answer; two or more addresses give the batch form, in the order given. A clear address near a listed one (a typo, another letter case, a look-alike) stays clear and names it in nearMatches. A string that is not a well-formed address is refused (INVALID_ADDRESS, exit 1), never answered clear; in a batch, one refused address refuses the batch, and every refused address is listed on stderr.",
    arguments: [
      [
        "ADDRESS...",
        "one or more wallet addresses as written (EVM 0x…, Bitcoin, Tron, Solana, Monero, …)",
      ],
    ],
    options: {
      list: {
        type: "string",
        value: "FILE",
        help: "the edition to screen against: an OFAC SDN Advanced XML (.xml or .xml.gz), a snapshot written by ofac-index build, or - to read either from standard input. Required unless --sample is given",
      },
      sample: {
        type: "boolean",
        default: false,
        help: "screen the embedded sample edition instead: an excerpt of the list for demos and tests, NOT the OFAC list (a notice on stderr says so). Excludes --list",
      },
      asset: {
        type: "string",
        value: "TICKER",
        help: "the asset the address is for (ETH, BTC or XBT, USDT, TRX, …): its records come first. It never narrows the answer: a listed address matches under every ticker. A ticker the edition does not cover is refused (UNSUPPORTED_ASSET, exit 1)",
      },
      "fail-on-match": {
        type: "boolean",
        default: false,
        help: "exit 3 when an address is on the list (the JSON is printed all the same)",
      },
      "fail-on-near-match": {
        type: "boolean",
        default: false,
        help: "exit 4 when no address is on the list but one is near a listed address (summary.nearMatchCount > 0); includes --fail-on-match: a match exits 3",
      },
    },
    exitCodes: [
      [
        EXIT.OK,
        "screened: every address clear, or a match (or near match) without the --fail-on-… option that turns it into exit 3 (4)",
      ],
      [
        EXIT.FAILURE,
        'refused or failed: nothing on stdout, "ofac-index: CODE: message" on stderr, e.g. INVALID_ADDRESS (then one line per refused address of a batch), UNSUPPORTED_ASSET, or a list that does not load (SOURCE_NOT_FOUND, NOT_SDN_ADVANCED, …)',
      ],
      [EXIT.USAGE, "usage error: no ADDRESS, neither --list nor --sample, or both"],
      [EXIT.MATCH, "with --fail-on-match or --fail-on-near-match: an address is on the list"],
      [
        EXIT.NEAR_MATCH,
        "with --fail-on-near-match: no address is on the list, but one is near a listed address",
      ],
    ],
    notes: [
      "example:\n  ofac-index screen 0x098B716B8Aaf21512996dC57EB0615e2383E2f96 --fail-on-match \\\n    --list sdn_advanced.xml.gz",
    ],
  },
  async (values, addresses) => {
    if (addresses.length === 0) {
      throw new UsageError("screen needs at least one ADDRESS", "screen");
    }
    const index = await loadChosenEdition(values, "screen");
    const options = { asset: values.asset };
    const result =
      addresses.length === 1
        ? index.screen(addresses[0] as string, options)
        : index.screenMany(addresses, options);
    sampleNotice(index);
    process.stdout.write(`${JSON.stringify(result, null, 2)}\n`);
    const matched = result.summary.matchCount > 0;
    const near = result.summary.nearMatchCount > 0;
    if (matched && (values["fail-on-match"] || values["fail-on-near-match"])) return EXIT.MATCH;
    if (near && values["fail-on-near-match"]) return EXIT.NEAR_MATCH;
    return EXIT.OK;
  },
);
