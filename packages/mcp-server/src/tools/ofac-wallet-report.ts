import {
  EDD_OUTPUT_FORMATS,
  outputFormatField,
  reportDocxGenerate,
  reportPdfGenerate,
  screeningInstant,
  strictInput,
  WalletReportAnswerSchema,
  WalletSanctionsReportInputSchema,
  walletSanctionsReport,
} from "@svc/compliance";
import { sumPrices } from "@svc/payments";
import { renderPart } from "./render-answer.js";
import { operationTool } from "./tool.js";

/** The report route's members, with its rules, and the document format asked for. */
const Input = strictInput({
  ...WalletSanctionsReportInputSchema.entries,
  output_format: outputFormatField(
    "json: the screening and its report model. pdf or docx: the same, with the report rendered as a document (an embedded resource).",
  ),
});

/**
 * `ofac_wallet_report`: a view of the single-address report (`wallet_sanctions_report`, POST
 * /api/workflows/compliance/wallet-sanctions-report) under its MCP name, rendered when asked. It
 * costs what the same work costs over HTTP: the report, plus the PDF or DOCX route for a
 * document.
 */
export const ofacWalletReportTool = operationTool(walletSanctionsReport, {
  name: "ofac_wallet_report",
  title: "OFAC wallet report",
  description:
    "Screens one wallet address by exact match against OFAC's SDN digital-currency addresses: the match details, listed addresses near it (nearMatches), list freshness and a report model; with output_format pdf or docx, that report rendered as the document (an embedded resource). A string that is no address is refused (INVALID_ADDRESS) and not charged.",
  input: Input,
  inputExample: { ...walletSanctionsReport.inputExample, output_format: "pdf" },
  output: WalletReportAnswerSchema,
  pricing: {
    kind: "paid",
    price: walletSanctionsReport.price,
    formats: EDD_OUTPUT_FORMATS,
    byOutputFormat: {
      pdf: sumPrices(walletSanctionsReport.price, reportPdfGenerate.price),
      docx: sumPrices(walletSanctionsReport.price, reportDocxGenerate.price),
    },
  },
  // The screening takes milliseconds: the document's budget covers both.
  deadlineMs: reportPdfGenerate.deadlineMs,
  run: async ({ output_format, ...screen }, deps, context) => {
    // The report (and the document rendered from it) carries the attestation of a paid call.
    const answer = await walletSanctionsReport.run(screen, deps, context);
    if (output_format === "json") return { ...answer };
    const screening = screeningInstant(answer.data.sourceFreshness, answer.attestation);
    return {
      ...answer,
      ...(await renderPart(answer.report, output_format, deps, screening, context?.signal)),
    };
  },
});
