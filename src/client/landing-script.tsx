// The landing page's script (landing.html, build/prerender.ts), in place of the app: follows the
// browser's install offer, registers the service worker (a first visit installs the app's shell
// for the next one), and starts the page's islands (components/islands.tsx) when they come near
// the screen. React and the islands load with the first of them: a visitor who reads the top of
// the page runs none of it (Entscheidung CLI-14).
import './lib/zod-jitless.ts';
import {
  type InstallMode,
  installMode,
  promptInstall,
  useInstallState,
  watchInstall,
} from './lib/install.ts';
import { registerServiceWorker } from './lib/service-worker.ts';

watchInstall();
registerServiceWorker();
// The newsletter form sends through its island; sent before that has started, it does nothing,
// rather than reload the page with the address in its URL.
addEventListener('submit', (event) => event.preventDefault());

const start = (island: HTMLElement) =>
  void import('./components/islands.tsx').then((m) => m.startIsland(island));

// An island takes no box of its own (`display: contents`): its parent's box is what comes into view.
const waiting = new Map<Element, HTMLElement[]>();
const observer = new IntersectionObserver(
  (entries) => {
    for (const entry of entries) {
      if (!entry.isIntersecting) continue;
      observer.unobserve(entry.target);
      waiting.get(entry.target)?.forEach(start);
    }
  },
  { rootMargin: '50% 0px' },
);
for (const island of document.querySelectorAll<HTMLElement>('[data-island]:not([data-island="install"])')) {
  const box = island.parentElement!;
  waiting.set(box, [...(waiting.get(box) ?? []), island]);
  observer.observe(box);
}

// The install offer: empty in the HTML, shown from the page's templates (rendered at build time,
// build/prerender-landing.tsx) without React, which it would otherwise load on every browser
// that offers the install.
const install = document.querySelector<HTMLElement>('[data-island="install"]');
if (install) {
  let shown: InstallMode = null;
  const show = () => {
    const mode = installMode(useInstallState.getState());
    if (mode === shown) return;
    shown = mode;
    const template = document.querySelector<HTMLTemplateElement>(`template[data-install="${mode}"]`);
    install.replaceChildren(...(template ? [template.content.cloneNode(true)] : []));
    install.querySelector('button')?.addEventListener('click', () => void promptInstall());
  };
  show();
  useInstallState.subscribe(show);
}
