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

/**
 * `ahead`: compiled before the first answer (warm-serializers.ts), so also the validators
 * fast-json-stringify checks a union's branches with (else compiled at their first use, which made
 * most of a warmed route's first answer).
 */
const compile = (route: Parameters<FastifySerializerCompiler<z.ZodType>>[0], ahead = false) => {
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
  return fastJson(jsonSchema, ahead ? { compileValidators: true } : undefined);
};

/** A route's serializer of a success (2xx) answer: compiled yet, and compiled now if not. */
export type SuccessSerializer = { method: string; url: string; compiled(): boolean; compile(): void };

/**
 * The serializer compiler of one app, and its routes' success serializers, so the first screens'
 * can be compiled ahead of their first answer (warm-serializers.ts).
 */
export function createSerializers() {
  const successes: SuccessSerializer[] = [];
  const compiler: FastifySerializerCompiler<z.ZodType> = (route) => {
    let serialize: ((data: unknown) => string) | undefined;
    if (/^2/.test(route.httpStatus ?? '')) {
      successes.push({
        method: route.method,
        url: route.url,
        compiled: () => serialize !== undefined,
        compile: () => void (serialize ??= compile(route, true)),
      });
    }
    return (data) => (serialize ??= compile(route))(data);
  };
  return { compiler, successes };
}

/** A compiler outside an app (the contract tests). */
export const serializerCompiler = createSerializers().compiler;
