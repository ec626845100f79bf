/** A query's identity: an array of JSON values, e.g. ['bounty', id] or ['bounties', { stage }]. */
export type QueryKey = readonly unknown[];

/**
 * The key as a string two equal keys share: JSON with every object's properties in sorted order, so
 * { a, b } and { b, a } name the same query.
 */
export function hashQueryKey(key: QueryKey): string {
  return JSON.stringify(key, (_name, value: unknown) =>
    isPlainObject(value)
      ? Object.fromEntries(
          Object.keys(value)
            .sort()
            .map((name) => [name, value[name]]),
        )
      : value,
  );
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const prototype = Object.getPrototypeOf(value) as unknown;
  return prototype === Object.prototype || prototype === null;
}
