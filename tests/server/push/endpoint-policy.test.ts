// Which push endpoints a device may register, judged from the URL alone (nothing is sent, no DNS
// lookup is made), and what a tip's notification says.
import { describe, expect, it } from 'vitest';
import { classifyEndpoint } from '../../../src/server/push/endpoint-policy.ts';
import { plainText, tipPayload } from '../../../src/server/push/tip-payload.ts';

type Policy = { allowedHosts: string[]; onlyAllowedHosts: boolean };
const open: Policy = { allowedHosts: [], onlyAllowedHosts: false };
const verdict = (url: string, policy: Policy = open) => {
  const v = classifyEndpoint(url, policy);
  return v.allowed ? 'ok' : v.message;
};
const REFUSED = 'An diese Adresse dürfen wir keine Benachrichtigungen senden.';
const HTTPS = 'Push-Adressen müssen mit https:// beginnen.';
const INVALID = 'Diese Push-Adresse ist ungültig.';

describe('push endpoint classification', () => {
  it('accepts the public push services over https', () => {
    for (const url of [
      'https://fcm.googleapis.com/fcm/send/dGVzdA:APA91b',
      'https://updates.push.services.mozilla.com/wpush/v2/gAAAAABk',
      'https://web.push.apple.com/QGuQyavXutnMDl',
      'https://wns2-par02p.notify.windows.com/w/?token=BQYAAA',
      'https://[2a00:1450:4001:830::200a]/push',
      'https://142.250.185.74/fcm/send/x',
    ]) {
      expect(verdict(url), url).toBe('ok');
    }
  });

  it('refuses plain http, other schemes and URLs that are none', () => {
    expect(verdict('http://fcm.googleapis.com/fcm/send/x')).toBe(HTTPS);
    expect(verdict('ws://fcm.googleapis.com/x')).toBe(HTTPS);
    expect(verdict('file:///etc/passwd')).toBe(HTTPS);
    expect(verdict('javascript:alert(1)')).toBe(HTTPS);
    expect(verdict('fcm.googleapis.com/fcm/send/x')).toBe(INVALID);
    expect(verdict('https://user:secret@fcm.googleapis.com/x')).toBe(INVALID);
  });

  it('refuses loopback, private, link-local and other non-public addresses in every spelling', () => {
    for (const url of [
      'https://127.0.0.1/x',
      'https://2130706433/x', // 127.0.0.1 in decimal
      'https://0x7f.1/x',
      'https://0177.0.0.1/x',
      'https://10.1.2.3/x',
      'https://172.16.0.1/x',
      'https://192.168.178.1/x',
      'https://169.254.169.254/latest/meta-data',
      'https://100.64.0.1/x',
      'https://0.0.0.0/x',
      'https://[::1]/x',
      'https://[::ffff:127.0.0.1]/x',
      'https://[::ffff:7f00:1]/x',
      'https://[fe80::1]/x',
      'https://[fd00::1]/x',
      'https://[64:ff9b::a9fe:a9fe]/x', // NAT64 of 169.254.169.254
      'https://[2002:c0a8:0101::1]/x', // 6to4 of 192.168.1.1
      'https://localhost/x',
      'https://push.localhost/x',
      'https://intranet/x',
      'https://push.internal/x',
      'https://fritz.box.local/x',
      'https://router.home.arpa/x',
    ]) {
      expect(verdict(url), url).toBe(REFUSED);
    }
  });

  it('lets only configured hosts through the address check (and plain http to them)', () => {
    const tests = { allowedHosts: ['127.0.0.1:4321', '127.0.0.1'], onlyAllowedHosts: true };
    expect(verdict('http://127.0.0.1:4321/push/abc', tests)).toBe('ok');
    expect(verdict('https://127.0.0.1/push/abc', tests)).toBe('ok');
    // A bare host opens its default ports only: another port is neither plain http nor allowed.
    expect(verdict('http://127.0.0.1:4322/push/abc', tests)).toBe(HTTPS);
    expect(verdict('https://127.0.0.1:4322/push/abc', tests)).toBe(REFUSED);
    // The allow-list names one spelling; the mapped IPv6 form of it is not on the list.
    expect(verdict('https://[::ffff:127.0.0.1]/push', tests)).toBe(REFUSED);
    expect(verdict('http://127.0.0.2/push', tests)).toBe(HTTPS);
    expect(verdict('https://127.0.0.2/push', tests)).toBe(REFUSED);
    // Closed network: nothing else, public or not.
    expect(verdict('https://fcm.googleapis.com/fcm/send/x', tests)).toBe(REFUSED);
    // An allowed name does not allow plain http to other names.
    const named = { allowedHosts: ['push.firma.example.org'], onlyAllowedHosts: false };
    expect(verdict('http://push.firma.example.org/x', named)).toBe('ok');
    expect(verdict('http://fcm.googleapis.com/x', named)).toBe(HTTPS);
  });
});

describe('a tip as a notification', () => {
  it('has the subject as title, the podcast and the first sentence as body, and links the tip', () => {
    const payload = tipPayload(
      {
        id: 42,
        subject: 'Lege deine Podcast-Ziele fest',
        message:
          'Für **„Tippfunk“** sind noch keine Ziele gesetzt. [Ziele festlegen](/app/podcasts/7/edit/objective) hilft.',
      },
      'Tippfunk',
    );
    expect(payload).toEqual({
      title: 'Lege deine Podcast-Ziele fest',
      body: 'Tippfunk: Für „Tippfunk“ sind noch keine Ziele gesetzt.',
      url: '/app/assistances/42',
      tag: 'tip-42',
    });
    const long = tipPayload({ id: 1, subject: 'S', message: 'Wort '.repeat(60) }, 'Funk');
    expect(long.body.length).toBeLessThanOrEqual(140);
    expect(long.body.endsWith('…')).toBe(true);
    expect(plainText('## Kopf\n\n- [Link](https://x.example) und `code`')).toBe('Kopf - Link und code');
  });
});
