export * from './enums.ts';
export * from './auth/scopes.ts';
export * from './auth/schemas.ts';
export * from './errors/codes.ts';
export * from './profiles/schemas.ts';
export * from './reports/catalogue.ts';
export * from './config/schemas.ts';
