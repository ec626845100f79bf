// Test helper (not shipped code): the public API's own OpenAPI document as a validator of its answers.
import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';

interface OpenApiDocument {
  openapi: string;
  paths: Record<string, unknown>;
  components: unknown;
}

/**
 * Compiles the document's component schemas with a JSON Schema 2020-12 validator (OpenAPI 3.1's
 * dialect): `check(name)` returns a function that throws, naming what is wrong, when a value does not
 * match the schema `name`.
 */
export function openApiSchemas(document: OpenApiDocument) {
  const ajv = new Ajv2020({ strict: true, allErrors: true });
  addFormats(ajv);
  // Only the components are JSON Schema; OpenAPI's own keywords around them are not.
  ajv.addSchema(
    { $id: 'https://side.example/openapi', components: document.components },
    undefined,
    undefined,
    false,
  );
  ajv.addKeyword('components');
  return {
    paths: Object.keys(document.paths),
    check(name: string) {
      const validate = ajv.compile({ $ref: `https://side.example/openapi#/components/schemas/${name}` });
      return (value: unknown) => {
        if (!validate(value))
          throw new Error(
            `${name}: ${ajv.errorsText(validate.errors)}\n${JSON.stringify(value).slice(0, 500)}`,
          );
      };
    },
  };
}

export type { OpenApiDocument };
