// A local push service (what FCM, Mozilla autopush or Apple's service are to a browser) over real
// HTTP on loopback (random port). It makes devices the way a browser would (a P-256 key pair and a
// 16-byte auth secret per subscription) and does what a real service checks before accepting a
// push: the VAPID header `Authorization: vapid t=<JWT>, k=<key>` (RFC 8292: ES256 signature valid
// with k, `aud` the endpoint's origin, `exp` in the future and at most 24 h away, `sub` set, and k
// the key the subscription was made with), `TTL`, and `Content-Encoding: aes128gcm`. Then it
// decrypts the body with the device's private key and auth secret (RFC 8291 over RFC 8188, with
// node:crypto only) and records the message; 201 answers. `gone(endpoint)` makes it answer 410
// for a device, as for an expired subscription.
import {
  createCipheriv,
  createDecipheriv,
  createECDH,
  createPublicKey,
  hkdfSync,
  randomBytes,
  verify,
} from 'node:crypto';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { listenOnOneOf } from './loopback-server.ts';

export type FakeDevice = {
  /** `PushSubscription.toJSON()` of this device. */
  subscription: { endpoint: string; expirationTime: null; keys: { p256dh: string; auth: string } };
  /** The decrypted payloads pushed to this device, oldest first. */
  messages(): string[];
};

export type Delivery = { endpoint: string; status: number; payload?: string; problem?: string; ttl?: number };

type DeviceKeys = { ecdh: ReturnType<typeof createECDH>; auth: Buffer; serverKey: string | undefined };

const b64url = (buffer: Buffer) => buffer.toString('base64url');

/** The public key in `k` (an uncompressed P-256 point) as a KeyObject. */
function vapidKey(k: string) {
  const point = Buffer.from(k, 'base64url');
  if (point.length !== 65 || point[0] !== 4) throw new Error('k is no uncompressed P-256 point');
  return createPublicKey({
    key: { kty: 'EC', crv: 'P-256', x: b64url(point.subarray(1, 33)), y: b64url(point.subarray(33)) },
    format: 'jwk',
  });
}

/** RFC 8292 checks; returns what is wrong, or undefined. */
function checkVapid(headers: IncomingHttpHeaders, endpoint: URL, expectedKey: string | undefined) {
  const match = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(headers.authorization ?? '');
  if (!match) return 'no vapid authorization';
  const [, jwt, k] = match as unknown as [string, string, string];
  const [head, claims, signature] = jwt.split('.');
  if (!head || !claims || !signature) return 'malformed JWT';
  const header = JSON.parse(Buffer.from(head, 'base64url').toString()) as { alg?: string; typ?: string };
  if (header.alg !== 'ES256') return `alg ${header.alg}`;
  const valid = verify(
    'sha256',
    Buffer.from(`${head}.${claims}`),
    { key: vapidKey(k), dsaEncoding: 'ieee-p1363' },
    Buffer.from(signature, 'base64url'),
  );
  if (!valid) return 'bad signature';
  const body = JSON.parse(Buffer.from(claims, 'base64url').toString()) as {
    aud?: string;
    exp?: number;
    sub?: string;
  };
  if (body.aud !== endpoint.origin) return `aud ${body.aud}`;
  const now = Date.now() / 1000;
  if (typeof body.exp !== 'number' || body.exp <= now) return 'expired';
  if (body.exp > now + 24 * 3600 + 60) return 'exp more than 24 h away';
  if (!body.sub || !/^(mailto:|https:)/.test(body.sub)) return `sub ${body.sub}`;
  if (expectedKey && k !== expectedKey) return 'not the key the subscription was made with';
  return undefined;
}

const hkdf = (ikm: Buffer, salt: Buffer, info: Buffer, length: number) =>
  Buffer.from(hkdfSync('sha256', ikm, salt, info, length));

/** RFC 8291 key derivation (the same on both sides). */
function contentKeys(secret: Buffer, auth: Buffer, uaPublic: Buffer, asPublic: Buffer, salt: Buffer) {
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), uaPublic, asPublic]);
  const ikm = hkdf(secret, auth, keyInfo, 32);
  return {
    cek: hkdf(ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16),
    nonce: hkdf(ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12),
  };
}

/** RFC 8188 aes128gcm, decrypted with the device's (user agent's) keys. */
export function decryptAes128gcm(body: Buffer, ecdh: ReturnType<typeof createECDH>, auth: Buffer): string {
  const salt = body.subarray(0, 16);
  const rs = body.readUInt32BE(16);
  const idLength = body[20]!;
  const asPublic = body.subarray(21, 21 + idLength);
  const records = body.subarray(21 + idLength);
  if (rs < 18 || idLength !== 65) throw new Error('bad aes128gcm header');
  const { cek, nonce } = contentKeys(ecdh.computeSecret(asPublic), auth, ecdh.getPublicKey(), asPublic, salt);
  const parts: Buffer[] = [];
  for (let seq = 0, at = 0; at < records.length; seq++, at += rs) {
    const record = records.subarray(at, at + rs);
    const iv = Buffer.from(nonce);
    iv.writeUInt32BE((iv.readUInt32BE(8) ^ seq) >>> 0, 8); // the record's sequence number, XORed in
    const decipher = createDecipheriv('aes-128-gcm', cek, iv);
    decipher.setAuthTag(record.subarray(record.length - 16));
    const plain = Buffer.concat([decipher.update(record.subarray(0, record.length - 16)), decipher.final()]);
    // Padding: data, a delimiter (2 = last record, 1 = more follow), then zeros.
    let end = plain.length - 1;
    while (end >= 0 && plain[end] === 0) end--;
    const last = at + rs >= records.length;
    if (plain[end] !== (last ? 2 : 1)) throw new Error('bad padding delimiter');
    parts.push(plain.subarray(0, end));
  }
  return Buffer.concat(parts).toString('utf8');
}

/** The sending side of RFC 8291 (for the fake's own unit test). */
export function encryptAes128gcm(plain: string, uaPublic: Buffer, auth: Buffer): Buffer {
  const sender = createECDH('prime256v1');
  sender.generateKeys();
  const salt = randomBytes(16);
  const asPublic = sender.getPublicKey();
  const { cek, nonce } = contentKeys(sender.computeSecret(uaPublic), auth, uaPublic, asPublic, salt);
  const cipher = createCipheriv('aes-128-gcm', cek, nonce);
  const sealed = Buffer.concat([
    cipher.update(Buffer.concat([Buffer.from(plain), Buffer.from([2])])),
    cipher.final(),
  ]);
  const header = Buffer.alloc(21);
  salt.copy(header);
  header.writeUInt32BE(4096, 16);
  header[20] = 65;
  return Buffer.concat([header, asPublic, sealed, cipher.getAuthTag()]);
}

/** `ports`: where it may listen (the first free one; any port when empty), for PUSH_ALLOWED_HOSTS. */
export async function startFakePush(ports: number[] = []) {
  const devices = new Map<string, DeviceKeys>();
  const gone = new Set<string>();
  const held = new Map<string, { arrived: boolean; release: () => void; released: Promise<void> }>();
  const deliveries: Delivery[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', async () => {
      const hold = held.get(new URL(req.url ?? '/', url).toString());
      if (hold) {
        hold.arrived = true;
        await hold.released;
      }
      const endpoint = new URL(req.url ?? '/', url);
      const key = endpoint.toString();
      const answer = (status: number, problem?: string, payload?: string) => {
        const ttl = Number(req.headers.ttl);
        deliveries.push({ endpoint: key, status, problem, payload, ttl });
        res.writeHead(status, { 'content-type': 'text/plain' }).end(problem ?? '');
      };
      const device = devices.get(key);
      if (req.method !== 'POST') return answer(405, 'POST only');
      if (!device || gone.has(key)) return answer(gone.has(key) ? 410 : 404, 'no such subscription');
      const vapidProblem = checkVapid(req.headers, endpoint, device.serverKey);
      if (vapidProblem) return answer(403, vapidProblem);
      if (!/^[0-9]+$/.test(String(req.headers.ttl ?? ''))) return answer(400, 'TTL missing');
      if (req.headers['content-encoding'] !== 'aes128gcm') return answer(415, 'not aes128gcm');
      try {
        return answer(201, undefined, decryptAes128gcm(Buffer.concat(chunks), device.ecdh, device.auth));
      } catch (error) {
        return answer(400, `cannot decrypt: ${String(error)}`);
      }
    });
  });
  await listenOnOneOf(server, ports);
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url,
    /** Every POST the service received, with its status and the decrypted payload. */
    deliveries,
    /**
     * A new subscription as a browser would make it; `applicationServerKey` (the server's public
     * VAPID key) binds it like `pushManager.subscribe` does: other keys are refused.
     */
    device(applicationServerKey?: string): FakeDevice {
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      const auth = randomBytes(16);
      const endpoint = `${url}/push/${randomBytes(12).toString('hex')}`;
      devices.set(endpoint, { ecdh, auth, serverKey: applicationServerKey });
      return {
        subscription: {
          endpoint,
          expirationTime: null,
          keys: { p256dh: b64url(ecdh.getPublicKey()), auth: b64url(auth) },
        },
        messages: () =>
          deliveries.filter((d) => d.endpoint === endpoint && d.status === 201).map((d) => d.payload!),
      };
    },
    /** From now on the service answers 410 Gone for this endpoint (an expired subscription). */
    gone(endpoint: string) {
      gone.add(endpoint);
    },
    /**
     * Pushes to this endpoint wait unanswered until `release()`; `arrived()` tells whether one came
     * (to show that a request answered while its push was still open).
     */
    hold(endpoint: string) {
      let release = () => {};
      const released = new Promise<void>((resolve) => (release = resolve));
      const entry = { arrived: false, release, released };
      held.set(endpoint, entry);
      return {
        arrived: () => entry.arrived,
        release: () => {
          held.delete(endpoint);
          release();
        },
      };
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
export type FakePush = Awaited<ReturnType<typeof startFakePush>>;
