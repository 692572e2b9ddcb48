// Web Push in the service worker: a push carries one new tip ({ title, body, url, tag }, see
// src/shared/push.ts) and is shown as a notification; a tap on it opens the tip, in a window of
// the app that is already open (focused and navigated there) or in a new one.
import type { PushPayload } from '../src/shared/push.ts';

declare const self: ServiceWorkerGlobalScope;

const ICON = '/icons/icon-192.png';

function payloadOf(event: PushEvent): PushPayload | undefined {
  try {
    const data = event.data?.json() as Partial<PushPayload> | undefined;
    if (!data || typeof data.title !== 'string') return undefined;
    return {
      title: data.title,
      body: typeof data.body === 'string' ? data.body : '',
      url: typeof data.url === 'string' && data.url.startsWith('/') ? data.url : '/app/assistances',
      tag: typeof data.tag === 'string' ? data.tag : 'kompass-tip',
    };
  } catch {
    return undefined;
  }
}

self.addEventListener('push', (event) => {
  // A push without a readable tip still shows something: browsers penalize silent pushes.
  const tip = payloadOf(event) ?? {
    title: 'Neuer Tipp von der Kompass-KI',
    body: '',
    url: '/app/assistances',
    tag: 'kompass-tip',
  };
  event.waitUntil(
    self.registration.showNotification(tip.title, {
      body: tip.body,
      icon: ICON,
      badge: ICON,
      tag: tip.tag,
      lang: 'de',
      data: { url: tip.url },
    }),
  );
});

/** Focuses a window of the app and shows `path` in it, or opens a new window there. */
export async function openInApp(path: string) {
  const target = new URL(path, self.location.origin);
  if (target.origin !== self.location.origin) return;
  const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const open = windows.find((w) => new URL(w.url).origin === self.location.origin);
  if (!open) {
    await self.clients.openWindow(target.href);
    return;
  }
  const focused = await open.focus().catch(() => open);
  if (focused.url === target.href) return;
  // navigate() works only for windows this worker controls; others get a window of their own.
  const navigated = await focused.navigate(target.href).catch(() => null);
  if (!navigated) await self.clients.openWindow(target.href);
}

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const url = (event.notification.data as { url?: unknown } | null)?.url;
  event.waitUntil(openInApp(typeof url === 'string' ? url : '/app/assistances'));
});
