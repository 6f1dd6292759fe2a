import { type AnyOperation, defineOperation } from "@svc/compliance";
import * as v from "valibot";

/** A paid GET with a path parameter and a query parameter, shaped like the single-address screening (GET /api/ofac-wallet-screen/:address). */
const screenLike = defineOperation({
  name: "fixture_screen",
  title: "Fixture wallet screen",
  method: "GET",
  path: "/api/fixture-screen/:address",
  price: "0.01",
  category: "screening",
  tags: ["fixture", "screening"],
  description: "Screens one address (a test fixture, not a real route).",
  mimeType: "application/json",
  input: v.strictObject({
    address: v.pipe(v.string(), v.minLength(1), v.description("The address to screen.")),
    asset: v.optional(v.pipe(v.string(), v.minLength(2))),
  }),
  inputExample: { address: "0x098B716B8Aaf21512996dC57EB0615e2383E2f96", asset: "ETH" },
  output: v.looseObject({ success: v.literal(true) }),
  outputExample: { success: true, data: { summary: { status: "match" } } },
  deadlineMs: 5_000,
  run: () => ({ success: true, data: { summary: { status: "match" } } }),
});

/**
 * Paid POST operations shaped like the service's workflow and document routes, for testing the
 * documents generically while the real catalog still grows: a closed body with nested arrays,
 * enums and bounds, and a document answer.
 */
const batchLike = defineOperation({
  name: "fixture_batch_screen",
  title: "Fixture batch screen",
  method: "POST",
  path: "/api/workflows/fixture/batch-screen",
  price: "0.10",
  category: "workflow",
  tags: ["fixture", "batch"],
  description: "Screens a batch of addresses (a test fixture, not a real route).",
  mimeType: "application/json",
  input: v.strictObject({
    addresses: v.pipe(
      v.array(v.pipe(v.string(), v.minLength(10))),
      v.minLength(1),
      v.maxLength(100),
      v.description("The addresses to screen."),
    ),
    review_items: v.optional(
      v.array(
        v.strictObject({
          address: v.string(),
          relationship_tier: v.picklist(["low", "standard", "high", "critical"]),
          policy_priority: v.optional(v.pipe(v.number(), v.minValue(0), v.maxValue(10))),
        }),
      ),
    ),
    asset: v.optional(v.string()),
  }),
  inputExample: { addresses: ["0x098B716B8Aaf21512996dC57EB0615e2383E2f96"], asset: "ETH" },
  output: v.looseObject({ success: v.literal(true) }),
  outputExample: { success: true, data: { summary: { totalScreened: 1 } } },
  deadlineMs: 10_000,
  run: (input) => ({ success: true, data: { summary: { totalScreened: input.addresses.length } } }),
});

const documentLike = defineOperation({
  name: "fixture_pdf_generate",
  title: "Fixture PDF report",
  method: "POST",
  path: "/api/tools/fixture/pdf/generate",
  price: "0.05",
  category: "document",
  tags: ["fixture", "pdf"],
  description: "Renders a PDF (a test fixture, not a real route).",
  mimeType: "application/pdf",
  input: v.union([
    v.looseObject({ report_meta: v.looseObject({ title: v.optional(v.string()) }) }),
    v.looseObject({ title: v.string() }),
  ]),
  inputExample: { title: "Quarterly review" },
  output: v.looseObject({ success: v.literal(true) }),
  outputExample: { success: true, data: { documentType: "pdf" }, source: "auto-local-engine" },
  deadlineMs: 30_000,
  run: () => ({ success: true, data: { documentType: "pdf" }, source: "auto-local-engine" }),
});

const erase = (op: unknown): AnyOperation => op as AnyOperation;

/**
 * A fixed catalog for tests that assert exact values (counts, prices, ranges) while the real
 * catalog grows: a paid GET, and paid POSTs of both output kinds.
 */
export const FIXTURE_OPERATIONS: readonly AnyOperation[] = [
  erase(screenLike),
  erase(batchLike),
  erase(documentLike),
];

/** An operation whose every echoed text is an attack, for the escaping tests. */
export const hostileOperation = (payload: string): AnyOperation =>
  erase(
    defineOperation({
      ...batchLike,
      name: "hostile",
      title: `Hostile ${payload}`,
      path: "/api/workflows/fixture/hostile",
      description: `Describes itself with ${payload}`,
      tags: [payload],
      inputExample: { addresses: [payload] },
      outputExample: { note: payload },
    }),
  );

/** A payee for documents built without a devnet. */
export const FIXTURE_PAY_TO = "0x1111111111111111111111111111111111111111" as const;

/** A Solana payee for the documents' tests of a service paid on Solana too (a valid address). */
export const FIXTURE_SOLANA_PAY_TO = "9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM" as const;
