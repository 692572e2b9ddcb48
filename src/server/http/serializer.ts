// Answers are serialized through their route's response schema, the contract in src/shared.
// Encoding every answer through zod costs more than the whole JSON.stringify (19 µs against
// 3 µs for a method, tests/bench/response-serialization.ts), so each zod schema is turned into
// JSON Schema once, when its route is added, and compiled with fast-json-stringify, Fastify's
// own serializer: it writes only the keys the schema names, faster than JSON.stringify, and
// refuses an answer that lacks a required key. Types are checked at compile time (the type
// provider) and shapes by tests/server/contract. A schema JSON Schema cannot express keeps
// zod's serializer. Compiled at a route's first answer, not when it is added: compiling all of
// them made most of a start's time (Entscheidung HTTP-8), and most routes answer rarely.
// fast-json-stringify itself is imported plainly: Fastify loads it at start anyway (its default
// serializer compiler), so a lazy require only loaded a second copy in the bundled server.
import fastJson from 'fast-json-stringify';
import type { FastifySerializerCompiler } from 'fastify/types/schema.js';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';

const compile: FastifySerializerCompiler<z.ZodType> = (route) => {
  let jsonSchema: object;
  try {
    jsonSchema = z.toJSONSchema(route.schema, { io: 'output', unrepresentable: 'throw' });
    // A tuple (the effect's interval) is `prefixItems` in draft 2020-12, which fast-json-stringify
    // refuses at the first answer; draft 7 writes it as `items: […]`, which it serializes
    // Only such schemas take draft 7, the others keep draft 2020-12.
    if (JSON.stringify(jsonSchema).includes('"prefixItems"')) {
      jsonSchema = z.toJSONSchema(route.schema, {
        io: 'output',
        unrepresentable: 'throw',
        target: 'draft-7',
      });
    }
  } catch {
    return zodSerializerCompiler(route);
  }
  return fastJson(jsonSchema);
};

export const serializerCompiler: FastifySerializerCompiler<z.ZodType> = (route) => {
  let serialize: ((data: unknown) => string) | undefined;
  return (data) => (serialize ??= compile(route))(data);
};
