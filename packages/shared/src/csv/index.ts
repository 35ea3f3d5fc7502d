export * from './fields.ts';
export * from './rows.ts';
export * from './schemas.ts';
