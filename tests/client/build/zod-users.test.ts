// What an app screen loads right after its first paint (the deferred menus and dialogs, the
// dashboard's lower widgets) builds no zod schemas: zod's chunk and every schema in it took ~200 ms
// of a phone's main thread there. Forms load zod with their screen or dialog.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { usesZod } from '../../../src/client/build/zod-users.ts';

const client = join(import.meta.dirname, '../../../src/client');

describe('modules loaded after the first paint', () => {
  it.each([
    'components/profile-menu-content.tsx',
    'components/feedback-dialog.tsx',
    'features/assistances/components/assistant-popover.tsx',
    'features/podcasts/components/podcast-selector-menu.tsx',
    'features/practices/components/practice-menu-content.tsx',
    'features/practices/components/save-for-offline.tsx',
    'features/podcasts/components/dashboard/dashboard-more.tsx',
  ])('%s imports no zod', (path) => {
    expect(usesZod(join(client, path))).toBe(false);
  });

  it('a form does', () => {
    expect(usesZod(join(client, 'features/podcasts/components/edit/strategy-section.tsx'))).toBe(true);
  });
});
