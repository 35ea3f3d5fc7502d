/** Query flags /callback and the guards leave for the sign-in page (SPEC §2's login messages). */
export const SIGN_IN_NOTICE = { linked: 'linked', error: 'error' } as const;
