import { looksLikeAddress, looksLikeHash } from "@svc/report-model";
import { GROUP_JOINER } from "./clean-text.js";

/** Punctuation prose puts around a value: "(#1 0x098B…;", "SHA-256 36c5…)". */
const EDGES = /^[("'[{<#]+|[)"'\]}>.,;:!?]+$/g;

/** A word of prose as the value it holds, without the punctuation around it. */
const bareWord = (word: string): string => word.replace(EDGES, "");

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

/**
 * A digest cut short for prose: hex digits (a letter among them) and "…", at the end or between
 * its head and its tail ("36c517bd264d8d97…", "36c517bd…3117").
 */
const SHORT_DIGEST = /^(?=[0-9a-f…]*[a-f])(?=.{12})[0-9a-f]{6,}…[0-9a-f]*$/i;

/** A digest grouped for reading, its groups joined into one word (`cleanText`). */
const GROUPED = new RegExp(`^[0-9a-f]{4}(?:${GROUP_JOINER}[0-9a-f]{4}){15}$`);

/**
 * A word of prose split around the value it holds when that value is set in the monospace face
 * (an address, a digest, or a digest cut short with "…"): the punctuation before it, the value,
 * the punctuation after it. Null for every other word.
 */
export function monoSpan(word: string): readonly [string, string, string] | null {
  if (word.length < 12) return null;
  const core = bareWord(word);
  if (!SHORT_DIGEST.test(core) && !GROUPED.test(core) && !isWholeToken(word)) return null;
  const at = word.indexOf(core);
  return [word.slice(0, at), core, word.slice(at + core.length)];
}

/**
 * A line cut into runs of the text face and runs of the monospace face (its addresses and
 * digests, `monoSpan`), in order; the spaces between words stay in the text face, as measured.
 */
export function monoSegments(line: string): { readonly text: string; readonly mono: boolean }[] {
  const out: { text: string; mono: boolean }[] = [];
  let plain = "";
  line.split(" ").forEach((word, i) => {
    const sep = i === 0 ? "" : " ";
    const span = monoSpan(word);
    if (span === null) {
      plain += sep + word;
      return;
    }
    const [lead, core, trail] = span;
    if (plain + sep + lead !== "") out.push({ text: plain + sep + lead, mono: false });
    out.push({ text: core, mono: true });
    plain = trail;
  });
  if (plain !== "") out.push({ text: plain, mono: false });
  return out;
}
