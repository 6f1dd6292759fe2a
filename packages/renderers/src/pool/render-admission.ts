import type { DocumentType } from "../artifact/artifact.js";
import { RenderError } from "../errors/render-error.js";
import { estimateRenderMs } from "./render-cost.js";

/** A render asked for before its input is validated: what it is, how big, for whom, by when. */
export interface RenderRequest {
  readonly type: DocumentType;
  /** Its table cells, counted on the request body (`countRows` of the parsed report). */
  readonly cells: number;
  /** Who pays for it (the x402 authorization's `from`): at most `maxPerPayer` each. */
  readonly payer?: string | undefined;
  /** The time it has to be rendered in, from now: refused when the queue ahead would outlast it. */
  readonly deadlineMs?: number | undefined;
}

/** A render admitted: its place counts in the queue until it is released (once, idempotent). */
export interface RenderTicket {
  /** How long it is expected to take on a worker, in milliseconds, as modelled. */
  readonly estimateMs: number;
  release(): void;
}

/** How far the model may be off before observed renders stop correcting it. */
const SLOWDOWN_RANGE = [1, 4] as const;

/**
 * How much slower than the model renders are taken to run until some have been observed: the
 * model is measured on an idle machine, and a burst admitted at it on a loaded one outlasts its
 * deadline before any render finishes to correct it (the flood bench's 70 maximum-size DOCX at
 * load 7 to 17: 3 or 4 of the 6 admitted ended EXECUTION_TIMEOUT). Observed renders then move
 * it toward what they show, down to the model itself.
 */
export const INITIAL_SLOWDOWN = 2;

/**
 * Admission of renders to the pool, before their work starts: a render is refused up front,
 * when the queue ahead of it (every admitted render, at its modelled cost over the pool's
 * threads) and its own render would outlast its deadline (`RENDER_BUSY`), when its payer already
 * has `maxPerPayer` renders admitted (`RENDER_PAYER_BUSY`), or when `capacity` renders are
 * admitted (`RENDER_QUEUE_FULL`). The model (`RENDER_COST`) is scaled by how much slower than it
 * renders have lately run (a loaded machine), never faster; until renders are observed, by
 * `INITIAL_SLOWDOWN`.
 */
export class RenderAdmission {
  private pendingMs = 0;
  private admitted = 0;
  private readonly payers = new Map<string, number>();
  private slowdown: number;

  constructor(
    private readonly threads: number,
    private readonly capacity: number,
    private readonly maxPerPayer: number,
    initialSlowdown = INITIAL_SLOWDOWN,
  ) {
    this.slowdown = initialSlowdown;
  }

  /** The wait a render admitted now would have before a worker takes it, in milliseconds. */
  get waitMs(): number {
    return (this.pendingMs * this.slowdown) / this.threads;
  }

  admit({ type, cells, payer, deadlineMs }: RenderRequest): RenderTicket {
    const estimateMs = estimateRenderMs(type, cells);
    const ownMs = estimateMs * this.slowdown;
    if (this.admitted >= this.capacity) {
      throw new RenderError("RENDER_QUEUE_FULL", "too many documents are being rendered", {
        retryAfterSeconds: seconds(ownMs),
      });
    }
    const held = payer === undefined ? 0 : (this.payers.get(payer) ?? 0);
    if (payer !== undefined && held >= this.maxPerPayer) {
      throw new RenderError(
        "RENDER_PAYER_BUSY",
        `this payer already has ${held} documents being rendered, the most one payer may`,
        { retryAfterSeconds: seconds(ownMs) },
      );
    }
    const waitMs = this.waitMs;
    if (deadlineMs !== undefined && waitMs + ownMs > deadlineMs) {
      throw new RenderError(
        "RENDER_BUSY",
        `the documents queued ahead take about ${seconds(waitMs)} s and this one about ${seconds(ownMs)} s, past its ${seconds(deadlineMs)} s deadline`,
        { retryAfterSeconds: seconds(waitMs + ownMs - deadlineMs), waitMs, estimateMs: ownMs },
      );
    }
    this.admitted++;
    this.pendingMs += estimateMs;
    if (payer !== undefined) this.payers.set(payer, held + 1);
    let released = false;
    return {
      estimateMs,
      release: () => {
        if (released) return;
        released = true;
        this.admitted--;
        this.pendingMs -= estimateMs;
        if (payer === undefined) return;
        const left = (this.payers.get(payer) ?? 1) - 1;
        if (left === 0) this.payers.delete(payer);
        else this.payers.set(payer, left);
      },
    };
  }

  /** A render that ran on a worker for `actualMs`: corrects the model for how loaded it runs. */
  observe(type: DocumentType, cells: number, actualMs: number): void {
    const ratio = actualMs / estimateRenderMs(type, cells);
    const next = 0.8 * this.slowdown + 0.2 * ratio;
    this.slowdown = Math.min(SLOWDOWN_RANGE[1], Math.max(SLOWDOWN_RANGE[0], next));
  }
}

const seconds = (ms: number): number => Math.max(1, Math.ceil(ms / 1000));
