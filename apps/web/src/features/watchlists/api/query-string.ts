/** `?a=1&b=2` from the defined values only (an absent owner is not sent as "undefined"). */
export function queryString(values: Record<string, string | number | undefined>): string {
  const defined = Object.entries(values).filter((entry): entry is [string, string | number] => entry[1] !== undefined);
  return defined.length ? `?${new URLSearchParams(defined.map(([k, v]) => [k, String(v)])).toString()}` : '';
}
