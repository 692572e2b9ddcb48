// Just enough MIME to read our own mails in tests: headers, multipart, quoted-printable, base64.

export type ParsedMail = { subject: string; text: string; html: string };

type Part = { headers: Map<string, string>; body: string };

function splitPart(raw: string): Part {
  const normalized = raw.replace(/\r\n/g, '\n');
  const end = normalized.indexOf('\n\n');
  const head = end === -1 ? normalized : normalized.slice(0, end);
  const body = end === -1 ? '' : normalized.slice(end + 2);
  const headers = new Map<string, string>();
  for (const line of head.replace(/\n[ \t]+/g, ' ').split('\n')) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return { headers, body };
}

function decodeQuotedPrintable(input: string): string {
  const bytes: number[] = [];
  const text = input.replace(/=\n/g, '');
  for (let i = 0; i < text.length; i++) {
    const hex = text.slice(i + 1, i + 3);
    if (text[i] === '=' && /^[0-9A-F]{2}$/i.test(hex)) {
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(text[i]!, 'utf8'));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

function decodeBody(part: Part): string {
  const encoding = (part.headers.get('content-transfer-encoding') ?? '').toLowerCase();
  if (encoding === 'base64') return Buffer.from(part.body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (encoding === 'quoted-printable') return decodeQuotedPrintable(part.body);
  return part.body;
}

/** RFC 2047 encoded words, e.g. =?UTF-8?Q?Passwort_zur=C3=BCcksetzen?=. */
export function decodeHeader(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?([^?]+)\?([BQ])\?([^?]*)\?=/gi, (_m, _charset, kind: string, data: string) =>
      kind.toUpperCase() === 'B'
        ? Buffer.from(data, 'base64').toString('utf8')
        : decodeQuotedPrintable(data.replace(/_/g, ' ')),
    );
}

function collect(part: Part, out: ParsedMail) {
  const type = (part.headers.get('content-type') ?? 'text/plain').toLowerCase();
  const boundary = /boundary="?([^";]+)"?/i.exec(part.headers.get('content-type') ?? '')?.[1];
  if (type.startsWith('multipart/') && boundary) {
    const sections = part.body.split(`--${boundary}`).slice(1);
    for (const section of sections) {
      if (section.startsWith('--')) break;
      collect(splitPart(section.replace(/^\n/, '')), out);
    }
  } else if (type.startsWith('text/html')) {
    out.html += decodeBody(part);
  } else if (type.startsWith('text/')) {
    out.text += decodeBody(part);
  }
}

export function parseMail(raw: string): ParsedMail {
  const root = splitPart(raw);
  const mail: ParsedMail = { subject: decodeHeader(root.headers.get('subject') ?? ''), text: '', html: '' };
  collect(root, mail);
  return mail;
}

/** The first link in the mail whose path starts with `path`, e.g. '/email' or '/password/reset'. */
export function findLink(mail: ParsedMail, path: string): string | undefined {
  const urls = `${mail.text}\n${mail.html}`.match(/https?:\/\/[^\s"'<>]+/g) ?? [];
  return urls.map((u) => u.replace(/&amp;/g, '&')).find((u) => new URL(u).pathname.startsWith(path));
}
