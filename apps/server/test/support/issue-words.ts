/**
 * `issues[].message` was once a translation key ('csvImport.problems.unparsable'). A message a
 * client reads is a sentence: a single token (a dotted key, a snake_case code, nothing) is not one.
 */
export const looksLikeKey = (message: unknown) => typeof message !== 'string' || !/\S\s+\S/.test(message.trim());

/** The issue messages of an error body that are keys rather than sentences. */
export function keyLikeIssueMessages(body: unknown): string[] {
  const issues = (body as { issues?: unknown } | null)?.issues;
  if (!Array.isArray(issues)) return [];
  return issues
    .map((issue) => (issue as { message?: unknown } | null)?.message)
    .filter(looksLikeKey)
    .map((message) => JSON.stringify(message));
}
