// Installing the app to the home screen. Chromium offers it through `beforeinstallprompt`, which
// we keep and replay from our own button ('App installieren'); iOS has no such event, so there we
// explain the share menu instead. Once installed (or when running installed), both disappear.
import { create } from 'zustand';

/** Chromium's event (not in TypeScript's DOM types). */
export type InstallPromptEvent = Event & {
  prompt: () => Promise<unknown>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
};

declare global {
  interface Navigator {
    /** iOS Safari: true when opened from the home screen. */
    standalone?: boolean;
  }
}

/** 'prompt': our button replays the browser's prompt; 'ios': instructions; null: nothing to offer. */
export type InstallMode = 'prompt' | 'ios' | null;

type InstallState = { event: InstallPromptEvent | null; installed: boolean; ios: boolean };

export const useInstallState = create<InstallState>(() => ({ event: null, installed: false, ios: false }));

/** iPhone, iPod and iPad (iPadOS says "Macintosh" but has touch). Every iOS browser is WebKit. */
export function isIos(userAgent: string, maxTouchPoints: number): boolean {
  return /iPhone|iPad|iPod/.test(userAgent) || (/Macintosh/.test(userAgent) && maxTouchPoints > 1);
}

/** Whether the app runs from the home screen (an installed app), not in a browser tab. */
export function runsInstalled(): boolean {
  return (
    navigator.standalone === true ||
    window.matchMedia('(display-mode: standalone)').matches ||
    window.matchMedia('(display-mode: fullscreen)').matches
  );
}

function keep(event: Event) {
  // Without this Chromium shows its own mini-infobar on phones; we offer the install ourselves.
  event.preventDefault();
  useInstallState.setState({ event: event as InstallPromptEvent });
}

/** Listens from the start: the browser fires `beforeinstallprompt` once, maybe before any screen. */
export function watchInstall() {
  useInstallState.setState({
    installed: runsInstalled(),
    ios: isIos(navigator.userAgent, navigator.maxTouchPoints),
  });
  window.addEventListener('beforeinstallprompt', keep);
  window.addEventListener('appinstalled', () => useInstallState.setState({ installed: true, event: null }));
  window
    .matchMedia('(display-mode: standalone)')
    .addEventListener('change', (e) => e.matches && useInstallState.setState({ installed: true }));
}

/** Shows the browser's install dialog; the event works once, so it is dropped either way. */
export async function promptInstall() {
  const { event } = useInstallState.getState();
  if (!event) return;
  useInstallState.setState({ event: null });
  await event.prompt();
  const choice = await event.userChoice.catch(() => ({ outcome: 'dismissed' as const }));
  if (choice.outcome === 'accepted') useInstallState.setState({ installed: true });
}

/** What there is to offer in this state. */
export function installMode(s: InstallState): InstallMode {
  if (s.installed) return null;
  if (s.event) return 'prompt';
  return s.ios ? 'ios' : null;
}

export function useInstallMode(): InstallMode {
  return useInstallState(installMode);
}
