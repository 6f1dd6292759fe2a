/**
 * What a worker posts to the pool the moment it takes a render up: the proof that a render has
 * left the queue (a queued render that is abandoned never produces one). It travels on the
 * worker's `parentPort`, which piscina re-emits as its `message` event.
 */
export interface RenderBegunMessage {
  readonly renderBegun: number;
}

export const isRenderBegunMessage = (message: unknown): message is RenderBegunMessage =>
  typeof message === "object" &&
  message !== null &&
  typeof (message as { renderBegun?: unknown }).renderBegun === "number";
