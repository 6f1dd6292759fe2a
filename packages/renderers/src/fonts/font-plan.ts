import { fontCoverage } from "./cmap.js";
import {
  DEJAVU_SANS_BOLD_PATH,
  DEJAVU_SANS_PATH,
  type NotoPackage,
  rangesContain,
  type SubsetFace,
  subsetFaces,
} from "./font-files.js";

/** The base family: DejaVu Sans regular + bold (Latin, Greek, Cyrillic, Arabic, symbols). */
export const BASE_FAMILY = "DejaVu Sans";
/**
 * DejaVu Sans Bold has fewer glyphs than the regular face. Registered with the regular file
 * only, right after the base family, so bold text falls back to a regular glyph of the same
 * design instead of to Noto or Helvetica. Only planned when the text needs it.
 */
const BASE_REGULAR_FAMILY = "DejaVu Sans Book";

/** A family to register with the PDF engine: one regular and optionally one bold file. */
interface PlannedFamily {
  readonly family: string;
  readonly regular: string;
  readonly bold: string | null;
}

export interface FontPlan {
  /** In fallback order: the base family first, then the Noto slices the text needs. */
  readonly families: readonly PlannedFamily[];
  /** The family names in fallback order, for a `fontFamily` style (react-pdf takes arrays). */
  readonly fontFamily: readonly string[];
  /** Every file the plan may embed (regular and bold). */
  readonly files: readonly string[];
  /** Visible code points no embedded font has a glyph for (e.g. most emoji), sorted. */
  readonly uncovered: readonly number[];
  /** Invisible format characters (ZWJ, variation selectors…) no font covers: safe to drop. */
  readonly invisible: readonly number[];
}

/**
 * Which fonts a document needs: DejaVu Sans for everything it has a glyph for, and for the rest
 * (Han, Hangul, CJK punctuation…) only the fontsource WOFF slices that actually contain a glyph
 * for a character of the text. Hangul prefers Noto Sans KR, everything else Noto Sans SC.
 * Characters nothing covers are reported in `uncovered` (see {@link substituteUncovered}).
 */
export function fontPlanFor(texts: Iterable<string>): FontPlan {
  const seen = new Set<number>();
  for (const text of texts) {
    for (let i = 0; i < text.length; i++) {
      const cp = text.codePointAt(i) as number;
      if (cp > 0xffff) i++;
      seen.add(cp);
    }
  }
  const regular = fontCoverage(DEJAVU_SANS_PATH);
  const bold = fontCoverage(DEJAVU_SANS_BOLD_PATH);
  let needsBookForBold = false;
  const faces = new Set<SubsetFace>();
  const uncovered: number[] = [];
  const invisible: number[] = [];
  for (const cp of seen) {
    if (cp === 0x0a) continue; // line breaks are layout, not glyphs
    if (regular.has(cp)) {
      if (!bold.has(cp)) needsBookForBold = true;
      continue;
    }
    const face = notoFaceFor(cp);
    if (face !== null) faces.add(face);
    else if (isInvisible(cp)) invisible.push(cp);
    else uncovered.push(cp);
  }
  const families: PlannedFamily[] = [
    { family: BASE_FAMILY, regular: DEJAVU_SANS_PATH, bold: DEJAVU_SANS_BOLD_PATH },
  ];
  if (needsBookForBold) {
    families.push({ family: BASE_REGULAR_FAMILY, regular: DEJAVU_SANS_PATH, bold: null });
  }
  const ordered = [...faces].sort(
    (a, b) =>
      PACKAGE_ORDER.indexOf(a.pkg) - PACKAGE_ORDER.indexOf(b.pkg) ||
      a.subset.localeCompare(b.subset, "en", { numeric: true }),
  );
  for (const f of ordered) families.push({ family: f.family, regular: f.regular, bold: f.bold });
  return {
    families,
    fontFamily: families.map((f) => f.family),
    files: [
      ...new Set(families.flatMap((f) => (f.bold === null ? [f.regular] : [f.regular, f.bold]))),
    ],
    uncovered: uncovered.sort((a, b) => a - b),
    invisible: invisible.sort((a, b) => a - b),
  };
}

const PACKAGE_ORDER: readonly NotoPackage[] = ["sc", "kr"];
const HANGUL = /\p{Script=Hangul}/u;

/** The first slice (preferred package first) whose WOFF really has a glyph for `cp`. */
function notoFaceFor(cp: number): SubsetFace | null {
  const order: readonly NotoPackage[] = HANGUL.test(String.fromCodePoint(cp))
    ? ["kr", "sc"]
    : ["sc", "kr"];
  for (const pkg of order) {
    for (const face of subsetFaces(pkg)) {
      if (rangesContain(face.ranges, cp) && fontCoverage(face.regular).has(cp)) return face;
    }
  }
  return null;
}

/** Controls and default-ignorable format characters: they draw nothing when dropped. */
function isInvisible(cp: number): boolean {
  return (
    cp < 0x20 ||
    (cp >= 0x7f && cp <= 0x9f) ||
    cp === 0xad ||
    (cp >= 0x200b && cp <= 0x200f) ||
    (cp >= 0x202a && cp <= 0x202e) ||
    (cp >= 0x2060 && cp <= 0x206f) ||
    (cp >= 0xfe00 && cp <= 0xfe0f) ||
    cp === 0xfeff ||
    (cp >= 0xe0000 && cp <= 0xe0fff)
  );
}

/** What stands in for a character no font covers: U+FFFD, which DejaVu Sans draws. */
export const REPLACEMENT_CHARACTER = "\uFFFD";

const substituters = new WeakMap<FontPlan, (text: string) => string>();

/**
 * `text` with every uncovered character replaced by U+FFFD (a visible �, never a silent drop
 * or a tofu box from a fallback font) and uncovered invisible format characters removed.
 * The identity when the plan covers everything.
 */
export function substituteUncovered(text: string, plan: FontPlan): string {
  let fn = substituters.get(plan);
  if (fn === undefined) {
    fn = makeSubstituter(plan);
    substituters.set(plan, fn);
  }
  return fn(text);
}

function makeSubstituter(plan: FontPlan): (text: string) => string {
  if (plan.uncovered.length === 0 && plan.invisible.length === 0) return (t) => t;
  const cls = (cps: readonly number[]) =>
    new RegExp(`[${cps.map((c) => `\\u{${c.toString(16)}}`).join("")}]`, "gu");
  const bad = plan.uncovered.length === 0 ? null : cls(plan.uncovered);
  const gone = plan.invisible.length === 0 ? null : cls(plan.invisible);
  return (text) => {
    let out = text;
    if (bad !== null) out = out.replace(bad, REPLACEMENT_CHARACTER);
    if (gone !== null) out = out.replace(gone, "");
    return out;
  };
}

/** `U+1F984 "🦄"` for messages. */
export function describeCodePoint(cp: number): string {
  return `U+${cp.toString(16).toUpperCase().padStart(4, "0")} "${String.fromCodePoint(cp)}"`;
}
