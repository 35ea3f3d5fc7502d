import { STATUS_CODES } from 'node:http';
import type { OpenAPIV3 } from 'openapi-types';
import { exactSchemas } from './exact-schemas.ts';

/**
 * The last pass over the whole document: schemas made exact, each response described by its status's
 * name where the route gave no description (@fastify/swagger says "Default Response"), and the component
 * schemas no operation uses dropped (fastify-type-provider-zod emits an input and an output variant of each).
 */
export function finishDocument(document: OpenAPIV3.Document): OpenAPIV3.Document {
  exactSchemas(document);
  for (const path of Object.values(document.paths)) {
    for (const operation of Object.values(path ?? {})) {
      if (typeof operation !== 'object' || !('responses' in operation)) continue;
      for (const [status, response] of Object.entries(operation.responses)) {
        if ('description' in response && response.description === 'Default Response')
          response.description = STATUS_CODES[status] ?? status;
      }
    }
  }
  const schemas = document.components?.schemas ?? {};
  const used = new Set<string>();
  let referring: unknown = document.paths;
  while (referring) {
    const text = JSON.stringify(referring);
    const found = Object.keys(schemas).filter(
      (name) => !used.has(name) && text.includes(`"#/components/schemas/${name}"`),
    );
    found.forEach((name) => used.add(name));
    referring = found.length ? found.map((name) => schemas[name]) : undefined;
  }
  for (const name of Object.keys(schemas)) if (!used.has(name)) delete schemas[name];
  return document;
}
