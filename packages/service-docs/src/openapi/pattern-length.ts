/**
 * The most characters a string matching `pattern` (a JSON Schema `pattern`, anchored at both
 * ends) can have, or undefined when the pattern does not bound it: not anchored, or a repetition
 * without an upper bound (`*`, `+`, `{n,}`), or a construct not read here (a back-reference).
 * `^pay_[0-9a-f]{32}$` → 36; `^(?:[0-9a-f]{64}|\d{4}-\d{2}-\d{2})$` → 64; `^\d{1,12}$` → 12.
 *
 * OpenAPI readers (and the OWASP rules) want `maxLength` beside a `pattern`: this is how the
 * published schemas state the bound the pattern already enforces, never a new one.
 */
export function patternMaxLength(pattern: string): number | undefined {
  if (!pattern.startsWith("^") || !endsAnchored(pattern)) return undefined;
  const parser = new Parser(pattern.slice(1, -1));
  // `^a|b$` is `^a` or `b$`: anchored at one end each, so bounding neither.
  const length = parser.sequence();
  return parser.done() ? length : undefined;
}

/** Whether the pattern ends with a `$` that is no escaped character. */
function endsAnchored(pattern: string): boolean {
  if (!pattern.endsWith("$")) return false;
  let backslashes = 0;
  for (let i = pattern.length - 2; i >= 0 && pattern[i] === "\\"; i--) backslashes++;
  return backslashes % 2 === 0;
}

/** A longest-match reader of the regular expressions JSON Schema patterns use. */
class Parser {
  private at = 0;

  constructor(private readonly source: string) {}

  /** Whether the whole source was read (an unread `)` means the anchors were not the ends). */
  done(): boolean {
    return this.at === this.source.length;
  }

  /** `a|b|c`: the longest alternative, undefined when one is unbounded. */
  alternatives(): number | undefined {
    let longest: number | undefined = this.sequence();
    while (this.source[this.at] === "|") {
      this.at++;
      const next = this.sequence();
      longest = longest === undefined || next === undefined ? undefined : Math.max(longest, next);
    }
    return longest;
  }

  /** A run of atoms up to a `|` or a `)`. */
  sequence(): number | undefined {
    let total: number | undefined = 0;
    while (this.at < this.source.length && !"|)".includes(this.source[this.at] as string)) {
      const atom = this.atom();
      const times = this.quantifier();
      total =
        total === undefined || atom === undefined || times === undefined
          ? undefined
          : total + atom * times;
    }
    return total;
  }

  /** One atom's longest match: a character, a class, an escape or a group. */
  private atom(): number | undefined {
    const c = this.source[this.at++] as string;
    if (c === "^" || c === "$") return 0;
    if (c === "[") return this.characterClass();
    if (c === "(") return this.group();
    if (c === "\\") return this.escape();
    return 1;
  }

  private characterClass(): number | undefined {
    while (this.at < this.source.length && this.source[this.at] !== "]") {
      if (this.source[this.at] === "\\") this.at++;
      this.at++;
    }
    if (this.source[this.at] !== "]") return undefined;
    this.at++;
    return 1;
  }

  private group(): number | undefined {
    const rest = this.source.slice(this.at);
    const lookaround = /^\?<?[=!]/.exec(rest);
    if (lookaround !== null) this.at += lookaround[0].length;
    else if (rest.startsWith("?:")) this.at += 2;
    else {
      const named = /^\?<[A-Za-z_][A-Za-z0-9_]*>/.exec(rest);
      if (named !== null) this.at += named[0].length;
    }
    const inner = this.alternatives();
    if (this.source[this.at] !== ")") return undefined;
    this.at++;
    return lookaround === null ? inner : 0;
  }

  private escape(): number | undefined {
    const c = this.source[this.at++];
    if (c === undefined || /[1-9k]/.test(c)) return undefined;
    if (c === "b" || c === "B") return 0;
    // \uXXXX, \u{…}, \xXX, \p{…}: one character whatever their length.
    const long = /^(?:u\{[0-9a-fA-F]+\}|u[0-9a-fA-F]{4}|x[0-9a-fA-F]{2}|[pP]\{[^}]+\})/.exec(
      this.source.slice(this.at - 1),
    );
    if (long !== null) this.at += long[0].length - 1;
    return 1;
  }

  /** How many times the atom before may repeat at most: 1 without a quantifier. */
  private quantifier(): number | undefined {
    const rest = this.source.slice(this.at);
    const braces = /^\{(\d+)(,(\d*))?\}/.exec(rest);
    let times: number | undefined;
    if (braces !== null) {
      this.at += braces[0].length;
      times =
        braces[2] === undefined
          ? Number(braces[1])
          : braces[3] === ""
            ? undefined
            : Number(braces[3]);
    } else if (rest.startsWith("?")) {
      this.at++;
      times = 1;
    } else if (rest.startsWith("*") || rest.startsWith("+")) {
      this.at++;
      times = undefined;
    } else return 1;
    // A lazy quantifier (`{1,3}?`) matches as much at most.
    if (this.source[this.at] === "?") this.at++;
    return times;
  }
}
