// Every kind of document the service files, made on OFAC's real 2025-11-19 edition (the second
// publication of that day, read from ../shared/data/ofac) through the operations themselves: the
// EDD memo as PDF and DOCX, and the PDF, DOCX and XLSX of the wallet report, the batch screen,
// the exposure forecast, the review-queue optimizer and a Monte Carlo decision report, each
// made from the report of its result as a caller posts it to the document routes.
//
// Plain JavaScript on the packages' built entries (self-reference to @svc/compliance), so the
// preview script runs it with Node alone and compliance's tests import it beside their source:
// build @svc/compliance (and what it uses) before either.
import { createHash } from "node:crypto";
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { generateSigningKey, publicJwks } from "@svc/attestations";
import {
  attesterFor,
  authorizationPayment,
  batchWalletScreen,
  eddReport,
  exposureForecast,
  queueOptimize,
  reportDocxGenerate,
  reportPdfGenerate,
  reportXlsxGenerate,
  walletSanctionsReport,
  withByline,
} from "@svc/compliance";
import {
  EXAMPLE_SCENARIO_REQUEST,
  parseMonteCarloDecisionInput,
  runScenarioAnalysis,
} from "@svc/montecarlo";
import { EMBEDDED_DCA_HISTORY } from "@svc/ofac-index";
import { loadIndex } from "@svc/ofac-index/node";
import { renderDocument } from "@svc/renderers";
import * as v from "valibot";

/** OFAC's sdn_advanced.xml of 2025-11-19 (second publication), beside the repository. */
const REAL_EDITION = fileURLToPath(
  new URL(
    "../../../../../shared/data/ofac/xml/sdn_advanced_2025-11-19_3ed6690688.xml.gz",
    import.meta.url,
  ),
);

/** When the edition "was refreshed", fixed so the documents are the same on every run. */
const REFRESHED_AT = new Date("2025-11-20T09:00:00Z");

/**
 * Real deps on the real edition: the list loaded from the XML, the embedded list history the
 * runtime uses without a snapshot store, and the renderers on the calling thread.
 */
export async function realEditionDeps(edition = REAL_EDITION) {
  if (!existsSync(edition)) {
    throw new Error(
      `the real OFAC edition is not at ${edition}: ../shared must be beside the repository`,
    );
  }
  const list = await loadIndex(edition, { now: REFRESHED_AT });
  return { list, history: () => EMBEDDED_DCA_HISTORY, render: renderDocument };
}

/**
 * Addresses listed in the 2025-11-19 edition (checked against Brave's peer lists of the same
 * XML), chosen for their shapes: the longest (Monero, 95 characters; bech32, 62), base58, CashAddr,
 * and EVM in checksum case and in lower case.
 */
export const LISTED = {
  ETH_LAZARUS: "0x098B716B8Aaf21512996dC57EB0615e2383E2f96",
  XMR: "49HqitRzdnhYjgTEAhgGpCfsjdTeMbUTU6cyR4JV1R7k2Eej9rGT8JpFiYDa4tZM6RZiFrHmMzgSrhHEqpDYKBe5B2ufNsL",
  XMR_2:
    "84AwzjeFWXNEuhj8LWinXo93AqYr6wS8ZcnaBCoGhrL7EtvBMBovdhiUSV9xLhjrPA8t64hYSaMc8bHtWXoV9129EHUjU62",
  XBT_BECH32: "bc1q4rzdtlt0uslyw86cp29sctl6ct29g9a95cuup7pn5md9ddj7xgmqpp5m73",
  XBT_BECH32_2: "bc1q86tl9255vg5wldamfymaaz36uqxzm30gs7fhkljvzdlt9t38s3lqgdwdfq",
  XBT: "123WBUDmSJv4GctdVEz6Qq6z8nXSKrJ4KX",
  TRX: "TAYhjpL8pPs8T84FSM329nffQpc6jD8GBM",
  SOL: "42RLPACwZPx3vYYmxSueqsogfynBDqXK298EDsNoyoHi",
  LTC: "LNf2JDiuunBz7GMDKFYHN4rq5meXWxiwfb",
  ZEC: "t1MMXtBrSp1XG38Lx9cePcNUCJj5vdWfUWL",
  BCH_CASHADDR: "qpf2cphc5dkuclkqur7lhj2yuqq9pk3hmukle77vhq",
  DASH: "XnPFsRWTaSgiVauosEwQ6dEitGYXgwznz2",
  XRP: "rnXyVQzgxZe7TR1EPzTkGj2jxH4LMJYh66",
  USDT: "0x175d44451403Edf28469dF03A9280c1197ADb92c",
  ARB: "0x4f47bc496083c727c5fbe3ce9cdf2b0f6496270c",
  ETH_2: "0x72a5843cc08275C8171E582972Aa4fDa8C397B2A",
};

/** Addresses not in the edition: the Ethereum Foundation's old multisig, Bitcoin's genesis output. */
export const CLEAR = {
  ETH: "0xde0B295669a9FD93d5F28D9Ec85E40f4cb697BAe",
  XBT: "1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa",
  TRX: "TNPeeaaFB7K9cmo4uQpcU32zGK8G1NYqeL",
  ETH_2: "0x00000000219ab540356cBB839Cbe05303d7705Fa",
};

/** The EDD memo's ten wallets (the issue's measured case): eight listed, two clear. */
export const EDD_ADDRESSES = [
  LISTED.ETH_LAZARUS,
  LISTED.XBT_BECH32,
  LISTED.XMR,
  LISTED.TRX,
  LISTED.SOL,
  LISTED.LTC,
  LISTED.ZEC,
  LISTED.BCH_CASHADDR,
  CLEAR.ETH,
  CLEAR.XBT,
];

/** `n` Ethereum addresses no list holds: the first 20 bytes of SHA-256("clear-<i>"). */
const hashedClear = (n) =>
  Array.from(
    { length: n },
    (_, i) => `0x${createHash("sha256").update(`clear-${i}`).digest("hex").slice(0, 40)}`,
  );

/**
 * A counterparty book as an EDD desk screens it: the memo's ten wallets (eight listed on eight
 * chains, two clear) and 90 clear Ethereum addresses (a 31,950-character JWS when signed).
 */
export const HUNDRED_ADDRESSES = [...EDD_ADDRESSES, ...hashedClear(100 - EDD_ADDRESSES.length)];

/** The issue's bounds for the 100-address memo of a paid answer: PDF pages, DOCX printed pages. */
export const HUNDRED_PAGE_BOUNDS = { pdf: 8, docx: 9 };

/**
 * What a paid call signs with, as the service does: a fresh Ed25519 key, an attester binding each
 * screening to a payment (an authorization on Base Sepolia's USDC), and the published keys the
 * document routes verify attached attestations with (`attestationKeys` of the deps).
 */
export async function paidSigning(baseUrl = "https://screening.example.com") {
  const key = await generateSigningKey();
  const attest = attesterFor({
    key,
    baseUrl,
    payment: authorizationPayment({
      network: "eip155:84532",
      asset: "0x036CbD53842c5426634e7929541eC2318f3dCF7e",
      payer: "0x7E5F4552091A69125d5DfCb7b8C2659029395Bdf",
      nonce: `0x${"5a".repeat(32)}`,
    }),
  });
  return { key, attest, attestationKeys: publicJwks([key]) };
}

/**
 * Well-formed addresses near a listed one, not listed themselves: Lazarus Group's ETH address in
 * lower case with its last digit changed (clear, with a near match naming Lazarus Group).
 */
export const NEAR = {
  ETH_LAZARUS: `${LISTED.ETH_LAZARUS.toLowerCase().slice(0, -1)}7`,
};

/** Twenty wallets for the batch screen: sixteen listed, four clear, one of them a near miss. */
export const TWENTY_ADDRESSES = [
  ...Object.values(LISTED),
  CLEAR.ETH,
  CLEAR.XBT,
  CLEAR.TRX,
  NEAR.ETH_LAZARUS,
];

/**
 * Made-up EVM wallets for the clear part of the review queue: 40 hex digits of SHA-256 of a
 * name, so they look like real addresses and are the same on every run.
 */
const madeUpWallet = (name) => `0x${createHash("sha256").update(name).digest("hex").slice(0, 40)}`;

/**
 * The review queue of 20 items, as a queue looks: four listed wallets (the Monero and bech32
 * ones among them) at positions 3, 9, 14 and 18 of the current order, the rest clear; each
 * with an exposure, a tier, the last activity and a label.
 */
const QUEUE_LISTED = new Map([
  [3, LISTED.ETH_LAZARUS],
  [9, LISTED.XMR],
  [14, LISTED.XBT_BECH32],
  [18, LISTED.TRX],
]);
const QUEUE_CLEAR = [CLEAR.ETH, CLEAR.XBT, CLEAR.TRX, CLEAR.ETH_2];
const TIERS = ["low", "standard", "high", "critical"];

const REVIEW_ITEMS = Array.from({ length: 20 }, (_, i) => {
  const position = i + 1;
  const address =
    QUEUE_LISTED.get(position) ??
    QUEUE_CLEAR[position % 5 === 0 ? position / 5 - 1 : -1] ??
    madeUpWallet(`counterparty-${position}`);
  return {
    address,
    exposure_usd: [900, 12_500, 40_000, 250_000, 2_500_000][i % 5],
    relationship_tier: TIERS[i % 4],
    current_queue_position: position,
    last_activity_days: (i * 7) % 45,
    label: `Counterparty ${1040 + i}`,
  };
});

/** The request bodies, as a caller sends them (the operations' own examples, on real addresses). */
export const REQUESTS = {
  edd: {
    subject_name: "Northwind OTC Ltd",
    case_name: "EDD - Northwind OTC onboarding",
    review_reason: "Onboarding of a new OTC counterparty",
    jurisdiction: "United States",
    requested_by: "Compliance Operations",
    reference_id: "CASE-2026-0142",
    addresses: EDD_ADDRESSES,
  },
  wallet: { address: LISTED.XMR },
  batch: { addresses: TWENTY_ADDRESSES },
  forecast: {
    addresses: EDD_ADDRESSES,
    address_metadata: [
      {
        address: CLEAR.ETH,
        relationship_tier: "critical",
        exposure_usd: 2_500_000,
        last_activity_days: 3,
        policy_priority: 8,
      },
      { address: CLEAR.XBT, relationship_tier: "standard", exposure_usd: 40_000 },
    ],
    horizon_days: 180,
    target: { operator: ">=", k: 2 },
  },
  queue: { review_items: REVIEW_ITEMS, review_budget: 6 },
  /** monte_carlo_decision_report's own example: reach and quality against cost. */
  monteCarlo: { analysis_type: "probability", request: EXAMPLE_SCENARIO_REQUEST },
};

/**
 * The most printed pages a reviewer would accept for each result, whatever the format (the
 * PDF, or LibreOffice's print of the DOCX or XLSX). The queue's 4 is the issue's own bound; the
 * others are set the same way, by what the content needs: about a page for a single wallet's
 * answer, a summary page and a table of one printed row per wallet, and a page per part of a
 * memo whose parts are each a short table or paragraph.
 */
const PAGE_BOUNDS = {
  /** Ten wallets, eight of them listed: header, scope, results, designations, evidence, follow-up, sign-off. */
  edd: 8,
  /** One wallet and its designation. */
  wallet: 2,
  /** Twenty wallets: a summary and a twenty-row table. */
  batch: 3,
  /** Ten wallets: the forecast, its distribution and the per-wallet table. */
  forecast: 4,
  /** Twenty review items: the issue's bound. */
  queue: 4,
  /** One scenario: the estimate, the decision, the summary and assumptions tables. */
  monteCarlo: 3,
};

/**
 * The pages a signed document's attestation adds to its bound: its evidence block (fingerprint,
 * kid, instant, edition, URL and QR code), at most one page however many addresses it covers;
 * the JWS itself is attached, never printed.
 */
const attestationPages = (jws) => (jws === undefined ? 0 : 1);

const ROUTES = { pdf: reportPdfGenerate, docx: reportDocxGenerate, xlsx: reportXlsxGenerate };

const bytesOf = (artifact) => Buffer.from(artifact.contentBase64, "base64");

/**
 * Runs an operation on a body as the route does: parsed by its input schema first, with the run's
 * context (`attest`, as a paid route signs its screenings).
 */
const runOperation = (operation, body, deps, context = {}) =>
  operation.run(v.parse(operation.input, body), deps, context);

/** The result reports each document is made from, with the wallets each screened. */
async function resultReports(deps, context) {
  const wallet = await runOperation(walletSanctionsReport, REQUESTS.wallet, deps, context);
  const batch = await runOperation(batchWalletScreen, REQUESTS.batch, deps, context);
  const forecast = await runOperation(exposureForecast, REQUESTS.forecast, deps);
  const queue = await runOperation(queueOptimize, REQUESTS.queue, deps);
  const monteCarlo = runScenarioAnalysis(parseMonteCarloDecisionInput(REQUESTS.monteCarlo));
  return [
    {
      result: "wallet",
      title: "Wallet report",
      report: wallet.report,
      addresses: [REQUESTS.wallet.address],
      attestation: wallet.attestation,
    },
    {
      result: "batch",
      title: "Batch screen",
      report: batch.report,
      addresses: TWENTY_ADDRESSES,
      attestation: batch.attestation,
    },
    {
      result: "forecast",
      title: "Exposure forecast",
      report: forecast.report,
      addresses: EDD_ADDRESSES,
    },
    {
      result: "queue",
      title: "Review queue (20 items)",
      report: queue.report,
      addresses: REVIEW_ITEMS.map((item) => item.address),
    },
    {
      result: "monteCarlo",
      title: "Monte Carlo decision",
      report: withByline(monteCarlo.report),
      addresses: [],
    },
  ];
}

/**
 * Makes every document of the set on `deps` (see `realEditionDeps`), one after another, each
 * with the time its render took through the operation (`renderMs`). `only` keeps the documents
 * whose name it matches; with `attest`, the screenings (EDD memo, wallet report, batch screen)
 * are signed as a paid run signs them, and their documents print the attestation appendix (and,
 * with `attestationKeys` in the deps, say they were verified against it); `hundred` adds the
 * EDD memo of 100 wallets (`HUNDRED_ADDRESSES`).
 */
export async function documentSet(deps, options = {}) {
  const context = { attest: options.attest };
  const keep = (name) => options.only === undefined || options.only.test(name);
  const documents = [];
  const memos = [
    { suffix: "", title: "EDD memo", addresses: EDD_ADDRESSES },
    ...(options.hundred
      ? [{ suffix: "-100", title: "EDD memo (100 wallets)", addresses: HUNDRED_ADDRESSES }]
      : []),
  ];
  for (const memo of memos) {
    for (const format of ["pdf", "docx"]) {
      const name = `edd-memo${memo.suffix}.${format}`;
      if (!keep(name)) continue;
      const started = performance.now();
      const answer = await runOperation(
        eddReport,
        { ...REQUESTS.edd, addresses: memo.addresses, output_format: format },
        deps,
        context,
      );
      documents.push({
        name,
        title: memo.title,
        result: "edd",
        format,
        addresses: memo.addresses,
        maxPages:
          memo.suffix === ""
            ? PAGE_BOUNDS.edd + attestationPages(answer.attestation)
            : HUNDRED_PAGE_BOUNDS[format],
        fileName: answer.artifact.name,
        bytes: bytesOf(answer.artifact),
        attestation: answer.attestation,
        renderMs: performance.now() - started,
      });
    }
  }
  for (const { result, title, report, addresses, attestation } of await resultReports(
    deps,
    context,
  )) {
    for (const [format, route] of Object.entries(ROUTES)) {
      const name = `${result.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}-report.${format}`;
      if (!keep(name)) continue;
      const started = performance.now();
      const answer = await runOperation(route, report, deps);
      documents.push({
        name,
        title,
        result,
        format,
        addresses,
        maxPages: PAGE_BOUNDS[result] + attestationPages(attestation),
        fileName: answer.data.fileName,
        bytes: bytesOf(answer.data.artifact),
        attestation,
        renderMs: performance.now() - started,
      });
    }
  }
  return documents;
}
