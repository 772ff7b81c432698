// JSON.parse reads a number literal too small for a double (1e-400) as 0, silently: a price of
// "1e-400" would be stored as a price of 0. A reviver sees each literal's source text
// (JSON.parse source text access), so a literal with a non-zero digit that parsed to 0 is named.

/** Stands in for an underflowed number while the parsed tree is walked for its paths. */
const UNDERFLOW = Object.freeze({});

/** Whether a number literal's mantissa (the part before any exponent) has a non-zero digit. */
const hasNonZeroDigit = (source: string) => /[1-9]/.test(source.split(/[eE]/)[0] ?? "");

/** Field paths ("items.0.unit_price") of number literals in `text` that are not 0 but parsed to 0. */
export function underflowedNumberPaths(text: string): string[] {
  let found = false;
  let tree: unknown;
  try {
    tree = JSON.parse(text, (_key, value: unknown, context?: { source?: string }) => {
      if (value === 0 && context?.source !== undefined && hasNonZeroDigit(context.source)) {
        found = true;
        return UNDERFLOW;
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
    for (let at: Entry | undefined = entry; at?.key !== undefined; at = at.parent) keys.unshift(at.key);
    return keys.length > 0 ? keys.join(".") : "_";
  };
  const paths: string[] = [];
  const stack: Entry[] = [{ value: tree }];
  for (let entry = stack.pop(); entry !== undefined; entry = stack.pop()) {
    const { value } = entry;
    if (value === UNDERFLOW) paths.push(pathOf(entry));
    else if (value !== null && typeof value === "object") {
      for (const key of Object.keys(value).reverse()) {
        stack.push({ value: (value as Record<string, unknown>)[key], key, parent: entry });
      }
    }
  }
  return paths;
}
