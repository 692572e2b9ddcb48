// Who gets the 'Teilen → Zum Home-Bildschirm' steps instead of an install button.
import { expect, it } from 'vitest';
import { isIos } from '../../../src/client/lib/install.ts';

const ua = {
  iPhoneSafari:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 18_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.5 Mobile/15E148 Safari/604.1',
  iPhoneChrome:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 18_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/138.0 Mobile/15E148 Safari/604.1',
  // iPadOS asks for desktop pages: it says Macintosh, but a Mac has no touch screen.
  iPad: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.5 Safari/605.1.15',
  android:
    'Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/138.0 Mobile Safari/537.36',
};

it('takes iPhones and iPads for iOS, whichever browser (all are WebKit and install through Teilen)', () => {
  expect(isIos(ua.iPhoneSafari, 5)).toBe(true);
  expect(isIos(ua.iPhoneChrome, 5)).toBe(true);
  expect(isIos(ua.iPad, 5)).toBe(true);
});

it('leaves Macs and Android to the browser prompt', () => {
  expect(isIos(ua.iPad, 0)).toBe(false);
  expect(isIos(ua.android, 5)).toBe(false);
});
