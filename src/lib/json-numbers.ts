// JSON.parse approximates number literals silently: one too small for a double (1e-400) reads as
// 0, so a price of "1e-400" would be stored as 0; one with more significant digits than a double
// keeps (99.999999999999999) reads as another number (100), so a payment would be stored rounded.
// A reviver sees each literal's source text (JSON.parse source text access), so such literals
// are named by their field path instead.

/** Significant decimal digits a double always keeps exactly (print -> parse -> print). */
export const MAX_NUMBER_DIGITS = 15;

/**
 * The refused literals named in one answer: a path costs its depth to build, so a body of
 * thousands of refused numbers nested deep names the first ones only.
 */
export const MAX_NAMED_NUMBERS = 50;

/** Stand in for a refused number while the parsed tree is walked for its paths. */
const UNDERFLOW = Object.freeze({});
const TOO_PRECISE = Object.freeze({});

/** A number literal's mantissa digits (before any exponent), without sign or point. */
const mantissaDigits = (source: string) => (source.split(/[eE]/)[0] ?? "").replace(/[-+.]/g, "");

/** Whether a number literal's mantissa has a non-zero digit. */
const hasNonZeroDigit = (source: string) => /[1-9]/.test(mantissaDigits(source));

/** How many significant digits a literal states: leading and trailing zeros carry none. */
const significantDigits = (source: string) =>
  mantissaDigits(source).replace(/^0+/, "").replace(/0+$/, "").length;

export type NumberProblem = "underflow" | "too_precise";

/** Why each refused number literal in `text` was refused, keyed by field path ("items.0.unit_price"). */
export function numberLiteralProblems(text: string): { path: string; problem: NumberProblem }[] {
  let found = false;
  let tree: unknown;
  try {
    tree = JSON.parse(text, (_key, value: unknown, context?: { source?: string }) => {
      if (typeof value !== "number" || context?.source === undefined) return value;
      if (value === 0 && hasNonZeroDigit(context.source)) {
        found = true;
        return UNDERFLOW;
      }
      if (significantDigits(context.source) > MAX_NUMBER_DIGITS) {
        found = true;
        return TOO_PRECISE;
      }
      return value;
    });
  } catch {
    // Not JSON (the validator has answered that already), or nested past the reviver's
    // recursion limit: such a body fails every schema anyway.
    return [];
  }
  if (!found) return [];
  // An explicit stack, not recursion, and paths kept as links to the parent entry, so the walk
  // costs one step per value however deep the body nests.
  interface Entry {
    value: unknown;
    key?: string;
    parent?: Entry;
  }
  const pathOf = (entry: Entry) => {
    const keys: string[] = [];
    for (let at: Entry | undefined = entry; at?.key !== undefined; at = at.parent) keys.push(at.key);
    return keys.length > 0 ? keys.reverse().join(".") : "_";
  };
  const problems: { path: string; problem: NumberProblem }[] = [];
  const stack: Entry[] = [{ value: tree }];
  for (
    let entry = stack.pop();
    entry !== undefined && problems.length < MAX_NAMED_NUMBERS;
    entry = stack.pop()
  ) {
    const { value } = entry;
    if (value === UNDERFLOW) problems.push({ path: pathOf(entry), problem: "underflow" });
    else if (value === TOO_PRECISE) problems.push({ path: pathOf(entry), problem: "too_precise" });
    else if (value !== null && typeof value === "object") {
      for (const key of Object.keys(value).reverse()) {
        stack.push({ value: (value as Record<string, unknown>)[key], key, parent: entry });
      }
    }
  }
  return problems;
}

/** Field paths of number literals in `text` that are not 0 but parsed to 0. */
export function underflowedNumberPaths(text: string): string[] {
  return numberLiteralProblems(text)
    .filter((entry) => entry.problem === "underflow")
    .map((entry) => entry.path);
}
