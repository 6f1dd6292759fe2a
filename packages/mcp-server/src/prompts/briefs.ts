import { ANALYSIS_TYPES } from "@svc/montecarlo";
import * as v from "valibot";
import { exposureForecastTool } from "../tools/exposure-forecast.js";
import { queueOptimizeTool } from "../tools/queue-optimize.js";
import {
  addressListArgument,
  argument,
  choiceArgument,
  definePrompt,
  integerArgument,
} from "./prompt.js";

const optionalArgument = (description: string) => v.optional(argument(description));
const arguments_ = <E extends v.ObjectEntries>(entries: E) =>
  v.strictObject(entries, (issue) =>
    issue.expected === "never"
      ? `unknown argument ${issue.received}`
      : `${String(issue.path?.at(-1)?.key)} is required`,
  );

const assetNote = (asset: string | undefined) =>
  asset === undefined
    ? ""
    : ` Pass asset: "${asset}" to put designations under that ticker first and to learn whether the address is listed under it; a listed address is a match whatever its ticker.`;

/** The prompt "Batch wallet brief": screen a set of wallets and brief a reviewer. */
export const batchWalletScreeningBrief = definePrompt({
  name: "batch_wallet_screening_brief",
  title: "Batch wallet brief",
  description: "Screen a set of wallets against OFAC's SDN list and brief a compliance reviewer.",
  arguments: arguments_({
    addresses: addressListArgument(
      100,
      "Wallet addresses, separated by commas, spaces or new lines (1 to 100).",
    ),
    asset: optionalArgument(
      "Optional asset ticker, e.g. ETH, XBT, USDT, TRX: its designations come first.",
    ),
  }),
  render: ({ addresses: wallets, asset }) => {
    return [
      `Screen these ${wallets.length} wallet addresses against OFAC's SDN digital-currency addresses with the batch_wallet_screen tool (addresses: ${JSON.stringify(wallets)}).${assetNote(asset)}`,
      "Then brief a compliance reviewer: how many matched, each match's sanctioned entity, programs and listing date, the list edition and its freshness, and whether manual review is required.",
      "Say plainly that exact-match screening is a manual-review signal, not a legal determination. If any wallet matched, recommend that no funds move before a human review, and offer an edd_report memo.",
    ].join("\n\n");
  },
});

/** The prompt "Wallet brief": screen one wallet and brief a reviewer. */
export const walletOfacScreeningBrief = definePrompt({
  name: "wallet_ofac_screening_brief",
  title: "Wallet brief",
  description: "Screen one wallet against OFAC's SDN list and brief a compliance reviewer.",
  arguments: arguments_({
    address: argument("The wallet address to screen."),
    asset: optionalArgument(
      "Optional asset ticker, e.g. ETH, XBT, USDT, TRX: its designations come first.",
    ),
  }),
  render: ({ address, asset }) =>
    [
      `Screen the wallet ${address} against OFAC's SDN digital-currency addresses with the ofac_wallet_screen tool.${assetNote(asset)}`,
      "Brief a compliance reviewer in a few sentences: match or clear, the sanctioned entity and programs if any, the list edition and its freshness, and the manual-review signal.",
      "Exact-match screening is a manual-review signal, not a legal determination. If the reviewer needs a file, use ofac_wallet_report with output_format pdf or docx.",
    ].join("\n\n"),
});

/** The prompt "Decision report brief": a Monte Carlo scenario analysis written up as a decision brief. */
export const decisionReportBrief = definePrompt({
  name: "decision_report_brief",
  title: "Decision report brief",
  description: "Run a Monte Carlo scenario analysis and write a decision brief from it.",
  arguments: arguments_({
    analysis_type: choiceArgument(
      ANALYSIS_TYPES,
      "probability, batch-probability, compare, sensitivity, forecast, composed or optimize.",
    ),
    decision_title: optionalArgument("The decision the brief is for."),
    objective: optionalArgument("What the decision should achieve."),
  }),
  render: ({ analysis_type, decision_title, objective }) =>
    [
      `Build a ${analysis_type} request for the monte_carlo_decision_report tool from what the user has told you (parameters, weights, uncertainty and the success threshold), with analysis_type "${analysis_type}"${decision_title === undefined ? "" : ` and title ${JSON.stringify(decision_title)}`}. Ask for any parameter you do not know rather than inventing it.`,
      objective === undefined ? "" : `The decision should achieve: ${objective}.`,
      "From the result, write a short brief: the estimated probability with its interval and the exact normal value beside it, the recommendation, the main drivers and the assumptions. If the user wants it filed, call monte_carlo_report with output_format pdf or docx.",
    ]
      .filter((p) => p !== "")
      .join("\n\n"),
});

/** The prompt "Report artifact brief": a result's report model filed as a PDF or DOCX. */
export const reportArtifactBrief = definePrompt({
  name: "report_artifact_brief",
  title: "Report artifact brief",
  description: "Turn a result's report model into a filed PDF or DOCX document.",
  arguments: arguments_({
    format: choiceArgument(["pdf", "docx"], "pdf or docx."),
    title: optionalArgument("The document's title."),
    audience: optionalArgument("Who will read it (a reviewer, an auditor, a board)."),
  }),
  render: ({ format, title, audience }) =>
    [
      `Take the \`report\` of the last screening or analysis result and render it with the report_${format}_generate tool.${title === undefined ? "" : ` Set report_meta.title to ${JSON.stringify(title)}.`}`,
      audience === undefined
        ? ""
        : `Write the executive_summary for ${audience}: what was checked, what was found, and what must happen next.`,
      "Keep every table row. Check artifact_summary.degraded: if it is true, tell the user why (degradationReason) before they file the document. Return the file and its name.",
    ]
      .filter((p) => p !== "")
      .join("\n\n"),
});

/** The prompt "Exposure forecast brief": screen a set of wallets, forecast their exposure with the exposure_forecast tool, and brief on it. */
export const exposureForecastBrief = definePrompt({
  name: "exposure_forecast_brief",
  title: "Exposure forecast brief",
  description: "Forecast how many of a set of wallets may become OFAC-designated, and brief on it.",
  arguments: arguments_({
    addresses: addressListArgument(
      500,
      "Wallet addresses, separated by commas, spaces or new lines (1 to 500).",
    ),
    horizon_days: v.optional(
      integerArgument(7, 365, "Forecast horizon in days, 7 to 365 (default 90)."),
    ),
  }),
  render: ({ addresses: wallets, horizon_days }) => {
    return [
      `First screen the ${wallets.length} wallets with batch_wallet_screen (up to 100 per call): a wallet that already matches needs review now, not a forecast.`,
      `Then forecast their exposure over ${horizon_days ?? "90"} days with the ${exposureForecastTool.name} tool (arguments: {"addresses": ${JSON.stringify(wallets)}, "horizon_days": ${horizon_days ?? 90}}).`,
      "Brief on the result: the probability that at least one wallet is designated within the horizon, p50 and p90 of the hits, the wallets that carry most of the risk, the history the model used and its confidence, and its limitations. A forecast is a planning aid, not a screening result. Give probabilities to two significant digits, and say that they rest on an assumed base hazard nothing can check (the sensitivity table shows them with it ×0.1 and ×10).",
    ].join("\n\n");
  },
});

/** The prompt "Queue optimization brief": rank a review queue with the queue_optimize tool, and explain the order. */
export const queueOptimizationBrief = definePrompt({
  name: "queue_optimization_brief",
  title: "Queue optimization brief",
  description: "Rank a manual-review queue within a review budget, and explain the order.",
  arguments: arguments_({
    review_items: argument(
      "The review items as JSON (an array of objects with at least address), or one address per line.",
    ),
    review_budget: integerArgument(1, 500, "How many items the team can review (1 to 500)."),
  }),
  render: ({ review_items, review_budget }) =>
    [
      `Rank this manual-review queue for a budget of ${review_budget} reviews with the ${queueOptimizeTool.name} tool (arguments: "review_items", an array of objects with at least address, and "review_budget": ${review_budget}). Review items: ${review_items}`,
      "Current OFAC matches are always first. Report the expected hits caught by the optimized order against the naive order, the lift and residual risk, and one sentence per item on why it sits where it does. Do not drop an item the user gave you.",
    ].join("\n\n"),
});

/** The six prompts the tool server offers. */
export const PROMPTS = [
  batchWalletScreeningBrief,
  walletOfacScreeningBrief,
  decisionReportBrief,
  reportArtifactBrief,
  exposureForecastBrief,
  queueOptimizationBrief,
];
