// Vite plugin: after the client build, renders the landing page (prerender-landing.tsx) into a
// copy of index.html, `landing.html`, which the server sends a guest asking for '/'. The first
// visit paints the landing with the HTML and CSS alone, and only its islands
// (components/islands.tsx: the pricing toggle and prices, the newsletter form, the footer's year)
// become interactive, by a script of their own built here (src/client/landing-script.tsx), not the app.
import { readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import react from '@vitejs/plugin-react';
import { build, createServer, type Plugin, type Rolldown } from 'vite';
import { writeRouteList } from './route-list.ts';

const ROOT = '<div id="root"></div>';
const ENTRY = /<script type="module" crossorigin src="\/assets\/index-[\w-]+\.js"><\/script>/;
/** The app's other scripts in the shell (rolldown's runtime): not the landing's. */
const APP_SCRIPTS = /\s*<script type="module" crossorigin src="\/assets\/[\w-]+\.js"><\/script>/g;
const MODULE_PRELOAD = /\s*<link rel="modulepreload"[^>]*>/g;
/** React puts the preloads of the page's images at the start of what it renders: they go to the head. */
const IMAGE_PRELOADS = /^(?:<link rel="preload" as="image"[^>]*\/>)+/;

/**
 * The landing's script, built on its own: the islands, React and what they use, none of the app's
 * chunks (src/client/landing-script.tsx).
 */
async function buildIslands(root: string, outDir: string): Promise<string> {
  const output = (await build({
    root,
    configFile: false,
    logLevel: 'warn',
    plugins: [react()],
    build: {
      outDir,
      emptyOutDir: false,
      copyPublicDir: false,
      rolldownOptions: {
        input: resolve(root, 'src/client/landing-script.tsx'),
        output: {
          entryFileNames: 'assets/landing-[hash].js',
          chunkFileNames: 'assets/landing-[name]-[hash].js',
        },
      },
    },
  })) as Rolldown.RolldownOutput;
  const entry = output.output.find((chunk) => chunk.type === 'chunk' && chunk.isEntry);
  if (!entry) throw new Error('the islands build wrote no entry');
  return `/${entry.fileName}`;
}

/** The landing's script in place of the app's entry; the app's module preloads and runtime go. */
function withLandingScript(shell: string, script: string) {
  if (!ENTRY.test(shell)) throw new Error('index.html has no entry script to replace');
  return shell
    .replace(MODULE_PRELOAD, '')
    .replace(ENTRY, `<script type="module" src="${script}"></script>`)
    .replace(APP_SCRIPTS, '');
}

export function prerenderPlugin(): Plugin {
  let outDir = '';
  let root = '';
  return {
    name: 'kompass-prerender-landing',
    apply: 'build',
    configResolved(config) {
      root = config.root;
      outDir = resolve(config.root, config.build.outDir);
    },
    // Before the compressed copies are made (precompress.ts runs last).
    closeBundle: {
      order: 'pre',
      sequential: true,
      async handler() {
        const vite = await createServer({
          root,
          configFile: false,
          logLevel: 'error',
          appType: 'custom',
          server: { middlewareMode: true, hmr: false },
          // Only this one module is loaded, through SSR: no dependency scan of the whole app.
          optimizeDeps: { noDiscovery: true, include: [] },
        });
        try {
          const { renderLanding } = await vite.ssrLoadModule('/src/client/build/prerender-landing.tsx');
          const shell = readFileSync(resolve(outDir, 'index.html'), 'utf8');
          if (!shell.includes(ROOT)) throw new Error(`index.html has no ${ROOT} to render into`);
          const html = await (renderLanding as () => Promise<string>)();
          const preloads = IMAGE_PRELOADS.exec(html)?.[0] ?? '';
          const landing = withLandingScript(shell, await buildIslands(root, outDir))
            .replace('</head>', `${preloads}</head>`)
            .replace(ROOT, `<div id="root">${html.slice(preloads.length)}</div>`);
          writeFileSync(resolve(outDir, 'landing.html'), landing);
          // The landing's render narrows the shared root route to the landing alone (and loading
          // the whole tree first leaves the landing empty): the route list reads fresh modules.
          vite.moduleGraph.invalidateAll();
          await writeRouteList(vite, outDir);
        } finally {
          await vite.close();
        }
      },
    },
  };
}
