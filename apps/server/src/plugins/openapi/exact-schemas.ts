type Node = Record<string, unknown>;

const isNode = (value: unknown): value is Node => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Two shapes zod's OpenAPI 3.0 output gets wrong, made exact in place:
 * - a record keyed by an enum (`z.record(ZStatus, z.number())`) keeps `required` but loses the key names
 *   (3.0 has no `propertyNames`): every key becomes a property, and no other key is allowed, as zod checks;
 * - a nullable enum (`ZStatus.nullable()`) gets `nullable: true` without `null` among its values, which
 *   OpenAPI 3.0.3 reads as "null refused".
 */
export function exactSchemas(node: unknown): void {
  if (Array.isArray(node)) return node.forEach(exactSchemas);
  if (!isNode(node)) return;
  const { required, additionalProperties } = node;
  if (node.type === 'object' && Array.isArray(required) && isNode(additionalProperties) && !node.properties) {
    node.properties = Object.fromEntries(required.map((key) => [key, additionalProperties]));
    node.additionalProperties = false;
  }
  if (node.nullable === true && Array.isArray(node.enum) && !node.enum.includes(null)) node.enum.push(null);
  Object.values(node).forEach(exactSchemas);
}
