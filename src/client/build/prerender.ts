// Vite plugin: after the client build, renders the landing page (prerender-landing.tsx) into a
// copy of index.html, `landing.html`, which the server sends a guest asking for '/'. The first
// visit then paints the landing with the HTML and CSS alone, before ~140 KB of JavaScript have
// loaded and run; the app hydrates that page once they have (main.tsx).
import { readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { createServer, type Plugin } from 'vite';
import { writeRouteList } from './route-list.ts';

const ROOT = '<div id="root"></div>';
const ENTRY = /<script type="module" crossorigin src="(\/assets\/index-[\w-]+\.js)"><\/script>/;
const MODULE_PRELOAD = /\s*<link rel="modulepreload"[^>]*>/g;
/** React puts the preloads of the page's images at the start of what it renders: they go to the head. */
const IMAGE_PRELOADS = /^(?:<link rel="preload" as="image"[^>]*\/>)+/;

/**
 * The landing's page paints from its HTML, so its app code starts after that first paint: a tiny
 * boot script imports the entry on the next frame, and the entry's chunks are not preloaded
 * ahead of the paint. Until then the page's links work as plain links.
 */
function deferApp(shell: string, outDir: string) {
  const entry = ENTRY.exec(shell)?.[1];
  if (!entry) throw new Error('index.html has no entry script to defer');
  const boot = `/assets/boot-${entry.slice('/assets/index-'.length)}`;
  writeFileSync(
    resolve(outDir, boot.slice(1)),
    // The browser may offer the install before the app listens: keep the event for it (lib/install.ts).
    "addEventListener('beforeinstallprompt', (e) => { e.preventDefault(); window.__kompassInstallPrompt = e; }, { once: true });\n" +
      `requestAnimationFrame(() => setTimeout(() => import(${JSON.stringify(entry)})));\n`,
  );
  return shell.replace(MODULE_PRELOAD, '').replace(ENTRY, `<script type="module" src="${boot}"></script>`);
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
          const landing = deferApp(shell, outDir)
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
