// What a multiset picker ({widget: "compose"}) may send: the rule of highstakes.table.compose.
// A picker holds values ([500, 100, 100]); it sends {kind: values} only when they are, order
// aside, one of the compositions its `legal` lists.

function canonical(value) {
  if (Array.isArray(value)) return `[${value.map(canonical).join(",")}]`;
  if (value && typeof value === "object") {
    return `{${Object.keys(value).sort().map((key) => `${JSON.stringify(key)}:${canonical(value[key])}`).join(",")}}`;
  }
  return JSON.stringify(value);
}

function counts(values) {
  const found = new Map();
  for (const value of values) found.set(canonical(value), (found.get(canonical(value)) ?? 0) + 1);
  return found;
}

function sameCounts(a, b) {
  if (a.size !== b.size) return false;
  for (const [key, count] of a) if (b.get(key) !== count) return false;
  return true;
}

/** The legal composition `values` make (as the legal list writes it), or null. */
export function legalComposition(compose, values) {
  const wanted = counts(values);
  return (compose.legal ?? []).find((option) => sameCounts(counts(option), wanted)) ?? null;
}

/** Whether one more `value` fits what the choices offer. */
export function canAdd(compose, values, value) {
  const key = canonical(value);
  const offered = (compose.choices ?? []).filter((choice) => canonical(choice.value) === key)
    .reduce((sum, choice) => sum + (choice.count ?? 1), 0);
  return (counts(values).get(key) ?? 0) < offered;
}

/** The action a picker sends for `values`, or null when they are not a legal composition. */
export function composedAction(compose, values) {
  const composition = legalComposition(compose, values);
  return composition ? { [compose.kind]: composition } : null;
}

export { canonical };
