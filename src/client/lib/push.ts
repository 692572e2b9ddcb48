// Web Push in the page, in one place: what this device can do (state), and turning notifications
// on (only ever from a tap: the permission prompt is asked for by a button, never on load) and
// off. The subscription itself lives in the service worker's registration (sw/push.ts shows the
// pushes); the server keeps it per device (POST/DELETE /api/account/push-subscriptions).
import { useCallback, useEffect, useState } from 'react';
import { api } from '../api/client.ts';
import { apiError } from '../api/errors.ts';
import { parseLazily } from '../api/parse.ts';
import { isIos, runsInstalled } from './install.ts';

export type PushState =
  /** No service worker, no Push API or no notifications in this browser. */
  | 'unsupported'
  /** iOS and iPadOS allow push only to an app on the home screen. */
  | 'ios-install'
  /** The user blocked notifications for this site. */
  | 'denied'
  | 'off'
  | 'subscribed';

const SUBSCRIPTIONS = 'api/account/push-subscriptions';

const supported = () => 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;

async function registration() {
  return 'serviceWorker' in navigator ? navigator.serviceWorker.getRegistration() : undefined;
}

/** This device's subscription, if it has one. */
const deviceSubscription = async () => (await registration())?.pushManager.getSubscription();

/** What this device can do now; asks nothing. */
export async function pushState(): Promise<PushState> {
  // Before the support check: iOS Safari outside the home screen has no PushManager at all.
  if (isIos(navigator.userAgent, navigator.maxTouchPoints) && !runsInstalled()) return 'ios-install';
  if (!supported()) return 'unsupported';
  if (Notification.permission === 'denied') return 'denied';
  const reg = await registration();
  if (!reg) return 'unsupported';
  const subscription = await reg.pushManager.getSubscription();
  return subscription && Notification.permission === 'granted' ? 'subscribed' : 'off';
}

const sameKey = (a: ArrayBuffer | null, b: Uint8Array) =>
  a !== null && a.byteLength === b.byteLength && new Uint8Array(a).every((x, i) => x === b[i]);

const fromBase64url = (text: string) =>
  Uint8Array.from(atob(text.replace(/-/g, '+').replace(/_/g, '/')), (c) => c.charCodeAt(0));

/** Tells the server about this device's subscription (again: it may have changed hands). */
async function register(subscription: PushSubscription) {
  await api.post(SUBSCRIPTIONS, { json: subscription.toJSON() });
}

/**
 * Turns notifications on; call it only from a tap. Asks for the permission, subscribes with the
 * server's key (a subscription made for another key is replaced) and registers the device.
 */
export async function subscribe(): Promise<PushState> {
  const permission = await Notification.requestPermission();
  if (permission === 'denied') return 'denied';
  if (permission !== 'granted') return 'off';
  const { data } = await api
    .get('api/push/key')
    .json()
    .then(parseLazily(() => import('../../shared/push.ts').then((m) => m.pushKeyResponse)));
  const key = fromBase64url(data.public_key);
  const reg = await navigator.serviceWorker.ready;
  let subscription = await reg.pushManager.getSubscription();
  if (subscription && !sameKey(subscription.options.applicationServerKey, key)) {
    await subscription.unsubscribe();
    subscription = null;
  }
  subscription ??= await reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key });
  await register(subscription);
  return 'subscribed';
}

/**
 * At logout: the device stops getting this user's tips (the server forgets it while the session
 * still holds, the browser drops the subscription). Never in the way of logging out.
 */
export async function forgetDevice() {
  await unsubscribe().catch(() => undefined);
}

/**
 * After the account was deleted (the server deleted its devices with it): the browser drops the
 * subscription too, so the next person signing in on this device does not find it switched on.
 */
export async function dropSubscription() {
  const subscription = await deviceSubscription();
  await subscription?.unsubscribe();
}

/** Turns notifications off on this device (the server forgets it, the browser too). */
export async function unsubscribe(): Promise<PushState> {
  const subscription = await deviceSubscription();
  if (subscription) {
    await api.delete(SUBSCRIPTIONS, { json: { endpoint: subscription.endpoint } });
    await subscription.unsubscribe();
  }
  return 'off';
}

/** Subscribed on this device: tell the server again (the signed-in user may be another one now). */
async function resync() {
  const subscription = await deviceSubscription();
  if (subscription) await register(subscription).catch(() => {});
}

export const pushFailure = (error: unknown) =>
  error instanceof DOMException
    ? 'Benachrichtigungen lassen sich auf diesem Gerät gerade nicht einschalten. Bitte versuche es später noch einmal.'
    : apiError(error).message;

/** The device's push state for the opt-in, with the two taps it offers. */
export function usePush() {
  const [state, setState] = useState<PushState | 'loading'>('loading');
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    let live = true;
    void pushState().then((s) => {
      if (!live) return;
      setState(s);
      if (s === 'subscribed') void resync();
    });
    return () => void (live = false);
  }, []);

  const run = useCallback(async (action: () => Promise<PushState>) => {
    setPending(true);
    setError(null);
    try {
      setState(await action());
    } catch (e) {
      setError(pushFailure(e));
      setState(await pushState().catch(() => 'off' as const));
    } finally {
      setPending(false);
    }
  }, []);

  return {
    state,
    pending,
    error,
    turnOn: () => run(subscribe),
    turnOff: () => run(unsubscribe),
  };
}
