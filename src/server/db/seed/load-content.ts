// Reads and validates the editorial content (methods, sets, advices, ...) from the files beside it.
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import matter from 'gray-matter';
import YAML from 'yaml';
import { z } from 'zod';
import {
  adviceFileSchema,
  categoryFileSchema,
  changelogFileSchema,
  compilationFileSchema,
  keywordFileSchema,
  practiceFileSchema,
  roadmapFileSchema,
  type PracticeFile,
} from '../../../shared/content.ts';
import { contentDir } from './content-files.ts';

export { contentDir };

const matterOptions = { engines: { yaml: (s: string) => YAML.parse(s) as object } };

export type PracticeContent = PracticeFile & { file: string; description: string };

function parse<T>(schema: z.ZodType<T>, data: unknown, file: string): T {
  const result = schema.safeParse(data);
  if (!result.success) throw new Error(`${file}: ${z.prettifyError(result.error)}`);
  return result.data;
}

function readYaml<T>(name: string, schema: z.ZodType<T>): T {
  return parse(schema, YAML.parse(readFileSync(join(contentDir, name), 'utf8')), name);
}

export function loadPractices(dir = join(contentDir, 'practices')): PracticeContent[] {
  return readdirSync(dir)
    .filter((f) => f.endsWith('.md'))
    .sort()
    .map((file) => {
      const { data, content } = matter(readFileSync(join(dir, file), 'utf8'), matterOptions);
      return { ...parse(practiceFileSchema, data, file), file, description: content.trim() };
    });
}

export function loadContent() {
  const changelog = readYaml('changelog.yaml', changelogFileSchema);
  return {
    practices: loadPractices(),
    keywords: readYaml('keywords.yaml', keywordFileSchema),
    compilations: readYaml('compilations.yaml', compilationFileSchema),
    advices: readYaml('advices.yaml', adviceFileSchema),
    categories: readYaml('categories.yaml', categoryFileSchema),
    changelog,
    roadmap: readYaml('roadmap.yaml', roadmapFileSchema),
  };
}
export type Content = ReturnType<typeof loadContent>;
