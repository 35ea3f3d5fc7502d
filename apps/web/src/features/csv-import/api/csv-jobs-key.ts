/** Every CSV-import query key starts here, so a finished job refreshes the history and its detail together. */
export const CSV_JOBS_KEY = ['csv', 'jobs'] as const;
