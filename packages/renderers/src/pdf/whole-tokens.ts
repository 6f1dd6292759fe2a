import { looksLikeAddress, looksLikeHash } from "@svc/report-model";

/** Punctuation prose puts around a value: "(#1 0x098B…;", "SHA-256 36c5…)". */
const EDGES = /^[("'[{<#]+|[)"'\]}>.,;:!?]+$/g;

/** A word of prose as the value it holds, without the punctuation around it. */
export const bareWord = (word: string): string => word.replace(EDGES, "");

/**
 * Whether a word of prose is a value kept whole (`VALUE_KIND_TRAITS`): a wallet address or a
 * digest, which a line must never break, whatever the text around it.
 */
export function isWholeToken(word: string): boolean {
  if (word.length < 25) return false;
  const bare = bareWord(word);
  return looksLikeAddress(bare) || looksLikeHash(bare);
}

/** The words of `text` that are kept whole (with their punctuation, as they are set). */
export function keepWholeTokens(text: string): string[] {
  if (text.length < 25) return [];
  return text.split(/\s+/).filter(isWholeToken);
}
