/** `?a=1&b=x` from the defined values of an object (empty string: none). */
export function queryString(query: object): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query))
    if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** 204, no body: nothing to check. */
export const NO_CONTENT = { parse: () => undefined };
