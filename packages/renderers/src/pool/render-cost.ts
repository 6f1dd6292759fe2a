import type { DocumentType } from "../artifact/artifact.js";

/**
 * What a render of each type costs on one worker, as a line in its table cells: measured on the
 * 2-core machine the service runs on (`bench/render-limits.bench.mjs` prints the figures and
 * the model beside them), rounded up. A PDF's time follows its text more than its cells, and
 * every PDF a 1 MiB body can hold took 1.7 to 3 s, so its line starts high.
 */
export const RENDER_COST: Readonly<
  Record<DocumentType, { readonly baseMs: number; readonly msPerCell: number }>
> = Object.freeze({
  pdf: { baseMs: 2_500, msPerCell: 0.005 },
  docx: { baseMs: 400, msPerCell: 0.035 },
  xlsx: { baseMs: 150, msPerCell: 0.0025 },
});

/** The time a render of `cells` table cells is expected to take on one worker, in milliseconds. */
export const estimateRenderMs = (type: DocumentType, cells: number): number =>
  RENDER_COST[type].baseMs + RENDER_COST[type].msPerCell * cells;
