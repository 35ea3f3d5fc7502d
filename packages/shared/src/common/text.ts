import { z } from 'zod';

/**
 * Free text from a user. PostgreSQL text cannot hold U+0000, so a NUL is refused here, at the schema,
 * rather than failing in the database.
 */
export const zText = () => z.string().refine((s) => !s.includes('\u0000'), { message: 'Invalid field value' });
