/** A same-origin path we may send the user back to after sign-in (SPEC §4): '/x', never '//host' or '/\host'. */
export function isSafeLocalPath(value: string | null | undefined): value is string {
  return typeof value === 'string' && value.startsWith('/') && !value.startsWith('//') && !value.startsWith('/\\');
}
