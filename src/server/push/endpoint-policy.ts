// Which push endpoints a device may register. A push endpoint is a URL the server will POST to,
// so it gets the feed import's SSRF rules (net/address-policy.ts) twice: here, from the URL
// alone and without a DNS lookup (https only; IP literals must be public; names that only exist
// inside a network are refused), and again at every send, where the host is resolved and the
// socket pinned to the checked address (push-sender.ts). Hosts on PUSH_ALLOWED_HOSTS skip the
// address check and may use http (a push service in your own network, the tests' fake), on the
// port an entry names or, for a bare host, on 80 and 443 only (net/allow-list.ts, Entscheidung NET-3).
import { pushMessages } from '../../shared/push.ts';
import type { PushConfig } from '../config.ts';
import { classifyAddress, hostOf, isIpAddress } from '../net/address-policy.ts';
import { isAllowed } from '../net/allow-list.ts';

export type EndpointVerdict = { allowed: true; url: URL } | { allowed: false; message: string };

type Policy = Pick<PushConfig, 'allowedHosts' | 'onlyAllowedHosts'>;

/** Host names that never name a public push service. */
const INTERNAL_NAME = /(^|\.)(localhost|local|internal|intranet|lan|home\.arpa|corp|test|invalid|example)$/;

export function classifyEndpoint(text: string, policy: Policy): EndpointVerdict {
  const refuse = (message: string): EndpointVerdict => ({ allowed: false, message });
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return refuse(pushMessages.endpoint);
  }
  if (url.username || url.password) return refuse(pushMessages.endpoint);
  const host = hostOf(url);
  const allowed = isAllowed(policy.allowedHosts, url);
  if (url.protocol !== 'https:' && !(allowed && url.protocol === 'http:')) return refuse(pushMessages.https);
  if (allowed) return { allowed: true, url };
  if (policy.onlyAllowedHosts) return refuse(pushMessages.refused);
  if (isIpAddress(host)) {
    return classifyAddress(host).allowed ? { allowed: true, url } : refuse(pushMessages.refused);
  }
  if (!host.includes('.') || INTERNAL_NAME.test(host)) return refuse(pushMessages.refused);
  return { allowed: true, url };
}
