import { ANALYSIS_TYPES } from "@svc/montecarlo";
import * as v from "valibot";
import { batchWalletScreenTool } from "../tools/batch-wallet-screen.js";
import { eddReportTool } from "../tools/edd-report.js";
import { exposureForecastTool } from "../tools/exposure-forecast.js";
import { monteCarloDecisionReportTool, monteCarloReportTool } from "../tools/monte-carlo-tools.js";
import { ofacWalletReportTool } from "../tools/ofac-wallet-report.js";
import { ofacWalletScreenTool } from "../tools/ofac-wallet-screen.js";
import { queueOptimizeTool } from "../tools/queue-optimize.js";
import { reportDocxGenerateTool, reportPdfGenerateTool } from "../tools/report-documents.js";
import {
  addressListArgument,
  argument,
  promptArguments as arguments_,
  choiceArgument,
  definePrompt,
  integerArgument,
} from "./prompt.js";
import { requiredMembersOf, toolRequires } from "./tool-requirements.js";

/**
 * The prompts. Whatever a prompt says a tool requires is read from that tool's input schema
 * (`toolRequires`), never written by hand, so an agent that follows a prompt calls the tool with
 * every member the tool requires (`prompts-agree-with-tools.test.ts` checks it).
 */

const optionalArgument = (description: string) => v.optional(argument(description));

/** Asking beats inventing: a required value the user has not given is asked for. */
const ASK_DO_NOT_INVENT =
  "Ask the user for any required value they have not given you; never invent one.";

const assetNote = (asset: string | undefined) =>
  asset === undefined
    ? ""
    : ` Pass asset: "${asset}" to put designations under that ticker first and to learn whether the address is listed under it; a listed address is a match whatever its ticker.`;

/** The prompt "Batch wallet brief": screen a set of wallets and brief a reviewer. */
const batchWalletScreeningBrief = definePrompt({
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
      `Screen these ${wallets.length} wallet addresses against OFAC's SDN digital-currency addresses with the ${batchWalletScreenTool.name} tool (addresses: ${JSON.stringify(wallets)}).${assetNote(asset)}`,
      toolRequires(batchWalletScreenTool),
      "Then brief a compliance reviewer: how many matched, each match's sanctioned entity, programs and listing date, the list edition and its freshness, and whether manual review is required.",
      `Say plainly that exact-match screening is a manual-review signal, not a legal determination. If any wallet matched, recommend that no funds move before a human review, and offer an ${eddReportTool.name} memo.`,
      `${toolRequires(eddReportTool)}\n${ASK_DO_NOT_INVENT}`,
    ].join("\n\n");
  },
});

/** The prompt "Wallet brief": screen one wallet and brief a reviewer. */
const walletOfacScreeningBrief = definePrompt({
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
      `Screen the wallet ${address} against OFAC's SDN digital-currency addresses with the ${ofacWalletScreenTool.name} tool.${assetNote(asset)}`,
      toolRequires(ofacWalletScreenTool),
      "Brief a compliance reviewer in a few sentences: match or clear, the sanctioned entity and programs if any, the list edition and its freshness, and the manual-review signal.",
      `Exact-match screening is a manual-review signal, not a legal determination. If the reviewer needs a file, use ${ofacWalletReportTool.name} with output_format pdf or docx.`,
      toolRequires(ofacWalletReportTool),
    ].join("\n\n"),
});

/** The prompt "Decision report brief": a Monte Carlo scenario analysis written up as a decision brief. */
const decisionReportBrief = definePrompt({
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
      `Build a ${analysis_type} request for the ${monteCarloDecisionReportTool.name} tool from what the user has told you (parameters, weights, uncertainty and the success threshold), with analysis_type "${analysis_type}"${decision_title === undefined ? "" : ` and title ${JSON.stringify(decision_title)}`}. Ask for any parameter you do not know rather than inventing it.`,
      toolRequires(monteCarloDecisionReportTool),
      objective === undefined ? "" : `The decision should achieve: ${objective}.`,
      `From the result, write a short brief: the estimated probability with its interval and the exact normal value beside it, the recommendation, the main drivers and the assumptions. If the user wants it filed, call ${monteCarloReportTool.name} with the same analysis_type and request and output_format pdf or docx.`,
      toolRequires(monteCarloReportTool),
    ]
      .filter((p) => p !== "")
      .join("\n\n"),
});

/** The prompt "Report artifact brief": a result's report model filed as a PDF or DOCX. */
const reportArtifactBrief = definePrompt({
  name: "report_artifact_brief",
  title: "Report artifact brief",
  description: "Turn a result's report model into a filed PDF or DOCX document.",
  arguments: arguments_({
    format: choiceArgument(["pdf", "docx"], "pdf or docx."),
    title: optionalArgument("The document's title."),
    audience: optionalArgument("Who will read it (a reviewer, an auditor, a board)."),
  }),
  render: ({ format, title, audience }) => {
    const tool = format === "pdf" ? reportPdfGenerateTool : reportDocxGenerateTool;
    return [
      `Take the \`report\` of the last screening or analysis result and render it with the ${tool.name} tool.${title === undefined ? "" : ` Set report_meta.title to ${JSON.stringify(title)}.`}`,
      toolRequires(tool, ["tables"]),
      audience === undefined
        ? ""
        : `Write the executive_summary for ${audience}: what was checked, what was found, and what must happen next.`,
      "Keep every table row. Check artifact_summary.degraded: if it is true, tell the user why (degradationReason) before they file the document. Return the file and its name.",
    ]
      .filter((p) => p !== "")
      .join("\n\n");
  },
});

/** The prompt "Exposure forecast brief": screen a set of wallets, forecast their exposure with the exposure_forecast tool, and brief on it. */
const exposureForecastBrief = definePrompt({
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
      `First screen the ${wallets.length} wallets with ${batchWalletScreenTool.name} (up to 100 per call): a wallet that already matches needs review now, not a forecast.`,
      toolRequires(batchWalletScreenTool),
      `Then forecast their exposure over ${horizon_days ?? "90"} days with the ${exposureForecastTool.name} tool (arguments: {"addresses": ${JSON.stringify(wallets)}, "horizon_days": ${horizon_days ?? 90}}).`,
      toolRequires(exposureForecastTool),
      "Brief on the result: the probability that at least one wallet is designated within the horizon, p50 and p90 of the hits, the wallets that carry most of the risk, the history the model used and its confidence, and its limitations. A forecast is a planning aid, not a screening result. Give probabilities to two significant digits, and say that they rest on an assumed base hazard nothing can check (the sensitivity table shows them with it ×0.1 and ×10).",
    ].join("\n\n");
  },
});

/** The prompt "Queue optimization brief": rank a review queue with the queue_optimize tool, and explain the order. */
const queueOptimizationBrief = definePrompt({
  name: "queue_optimization_brief",
  title: "Queue optimization brief",
  description: "Rank a manual-review queue within a review budget, and explain the order.",
  arguments: arguments_({
    review_items: argument(
      `The review items as JSON (an array of objects, each with ${requiredMembersOf(queueOptimizeTool, "review_items")}), or one address per line (the other required values are then asked for).`,
    ),
    review_budget: integerArgument(1, 500, "How many items the team can review (1 to 500)."),
  }),
  render: ({ review_items, review_budget }) =>
    [
      `Rank this manual-review queue for a budget of ${review_budget} reviews with the ${queueOptimizeTool.name} tool (arguments: "review_items", the items below, and "review_budget": ${review_budget}).`,
      `${toolRequires(queueOptimizeTool, ["review_items"])}\nIf an item lacks any of these (the user may have given only its address), ask the user for it; never invent a value.`,
      `Review items: ${review_items}`,
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
