/**
 * Rewriting WordPress's origin into the public site's address in every form it takes in HTML, CSS, JS, XML and
 * JSON: plain (`http://origin/x`), JSON-escaped (`http:\/\/origin\/x`), protocol-relative (`//origin/x`),
 * URL-encoded (`http%3A%2F%2Forigin`, a share link's parameter), entity-encoded (`http&#58;&#47;&#47;origin`),
 * and the bare host (`"domain":"origin"`). A file is searched once for the host name; each place holding it is
 * written back in the encoding it was found in.
 */

/** A `:` as the forms write it: plain, URL-encoded, entity (decimal, hex, named), JSON \u escape. */
const COLON = String.raw`(?::|%3a|&#0*58;|&#x0*3a;|&colon;|\\u003a)`;
/** A `/`: plain, JSON-escaped, URL-encoded, entity, JSON \u escape. */
const SLASH = String.raw`(?:/|\\/|%2f|&#0*47;|&#x0*2f;|&sol;|\\u002f)`;
/** A host must end here: not followed by another label character or a further label (`origin.example.net`). */
const HOST_END = String.raw`(?![a-z0-9-]|\.[a-z0-9])`;

const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\/-]/g, '\\$&');

/** The host names that stand for the origin: its own and its www form (not for an IP address). */
export function originHostNames(origin: URL): string[] {
  const host = origin.hostname.toLowerCase();
  const ip = /^\d+\.\d+\.\d+\.\d+$/.test(host) || host.startsWith('[');
  if (ip) return [host];
  return host.startsWith('www.') ? [host, host.slice(4)] : [host, `www.${host}`];
}

export interface OriginRewriter {
  /** The text with every form of the origin replaced by the public address. */
  rewrite(text: string): string;
  /** Every origin URL in the text (any form), decoded to a plain absolute URL: what a script or feed refers to. */
  urls(text: string): string[];
}

/** Decodes the encodings of the forms above (entities of `:` `/` `&`, JSON escapes, URL-encoding of the prefix). */
function decodeForm(raw: string): string {
  return raw
    .replace(/\\\//g, '/')
    .replace(/\\u002f/gi, '/')
    .replace(/\\u003a/gi, ':')
    .replace(/\\u0026/gi, '&')
    .replace(/&#0*58;|&#x0*3a;|&colon;/gi, ':')
    .replace(/&#0*47;|&#x0*2f;|&sol;/gi, '/')
    .replace(/&amp;|&#0*38;|&#x0*26;/gi, '&')
    .replace(/%3a/gi, ':')
    .replace(/%2f/gi, '/');
}

/**
 * The rewriter from `origin` (where WordPress answers) to `publicUrl` (the site's address): scheme, host and
 * port of the origin become the public ones, in whatever encoding each piece was written.
 *
 * It looks for the host name itself (a plain search, fast over a whole page), then reads what stands before it
 * (a scheme and slashes, in some encoding, or nothing: a bare host) and after it (a port): a page is scanned
 * once, and only the few places holding the host are looked at closely.
 */
export function originRewriter(origin: URL, publicUrl: URL): OriginRewriter {
  const hosts = originHostNames(origin).map(escapeRe).join('|');
  const hostRe = new RegExp(hosts, 'gi');
  const prefixRe = new RegExp(`(?:(https?)(${COLON}))?(${SLASH})(${SLASH})$`, 'i');
  // Sticky: matched where lastIndex is set, without slicing the text.
  const portRe = new RegExp(`(${COLON})(\\d{1,5})`, 'iy');
  const endRe = new RegExp(HOST_END, 'iy');
  const bareColon = /^(:|%3a)$/i;
  const ends = (text: string, at: number) => {
    endRe.lastIndex = at;
    return endRe.test(text);
  };
  const pubScheme = publicUrl.protocol.replace(/:$/, '');
  const pubHost = publicUrl.hostname;
  const pubPort = publicUrl.port;
  const port = (colon: string) => (pubPort ? `${colon}${pubPort}` : '');

  const rewrite = (text: string): string => {
    hostRe.lastIndex = 0;
    const parts: string[] = [];
    let done = 0;
    for (let m = hostRe.exec(text); m; m = hostRe.exec(text)) {
      const at = m.index;
      const after = at + m[0].length;
      // What follows: a port, then something that cannot continue a host name.
      portRe.lastIndex = after;
      const p = portRe.exec(text);
      let end = p ? after + p[0].length : after;
      if (!ends(text, end)) {
        if (!p || !ends(text, after)) continue;
        end = after;
      }
      const portColon = end > after ? p![1]! : null;
      // The usual form, `http://host` or `//host`, is read directly; the encoded ones through prefixRe.
      if (at - 2 >= done && text.charCodeAt(at - 1) === 47 && text.charCodeAt(at - 2) === 47) {
        const https = at - 8 >= done && text.slice(at - 8, at - 2).toLowerCase() === 'https:';
        const http = !https && at - 7 >= done && text.slice(at - 7, at - 2).toLowerCase() === 'http:';
        const c = portColon ?? ':';
        parts.push(text.slice(done, at - (https ? 8 : http ? 7 : 2)));
        parts.push(`${https || http ? `${pubScheme}:` : ''}//${pubHost}${port(c)}`);
        done = end;
        hostRe.lastIndex = end;
        continue;
      }
      const window = text.slice(Math.max(done, at - 40), at);
      const prefix = prefixRe.exec(window);
      if (prefix) {
        const [whole, scheme, colon, s1, s2] = prefix;
        const c = portColon ?? colon ?? ':';
        parts.push(text.slice(done, at - whole.length));
        parts.push(`${scheme ? `${pubScheme}${colon}` : ''}${s1}${s2}${pubHost}${port(c)}`);
      } else {
        // A bare host: not the end of a longer name, and its port written plainly or URL-encoded.
        const before = at > 0 ? text[at - 1]! : '';
        if (/[a-z0-9.-]/i.test(before)) continue;
        if (portColon !== null && !bareColon.test(portColon)) end = after;
        parts.push(text.slice(done, at));
        parts.push(`${pubHost}${port(end > after ? portColon! : ':')}`);
      }
      done = end;
      hostRe.lastIndex = end;
    }
    if (!done) return text;
    parts.push(text.slice(done));
    return parts.join('');
  };

  // Absolute origin URLs with the path that follows, up to a quote, space, bracket or markup.
  const withPath = new RegExp(
    `(?:https?${COLON})?${SLASH}${SLASH}(?:${hosts})(?:${COLON}\\d{1,5})?${HOST_END}[^\\s"'<>()\\[\\]{},;|^\`]*`,
    'gi',
  );
  const urls = (text: string): string[] => {
    const out: string[] = [];
    for (const m of text.matchAll(withPath)) {
      // A quote written as an entity (`&quot;`) ends the URL: the match stops at its semicolon.
      let raw = m[0].replace(/&(?:quot|lt|gt|apos|#0*3[49]|#x0*2[27])$/i, '');
      // A URL-encoded URL is a parameter of another URL (a share link): it ends where that parameter ends.
      const encoded = /^(?:https?)?%3a|^%2f/i.test(raw);
      if (encoded) raw = raw.split(/&|%26/i)[0]!;
      let decoded = decodeForm(raw);
      if (encoded) {
        try {
          decoded = decodeURIComponent(decoded);
        } catch {
          // left as decoded so far
        }
      }
      decoded = decoded.replace(/\\+$/, '');
      if (decoded.startsWith('//')) decoded = `${origin.protocol}${decoded}`;
      out.push(decoded);
    }
    return out;
  };
  return { rewrite, urls };
}

/** A separator before a query parameter, at the end of the text before it: `?`, `&`, `&amp;`, `&#038;`, `\u0026`. */
const SEP_BEFORE = /(\?|&amp;|&#0*38;|&#x0*26;|\\u0026|&)$/i;
/** A separator after a parameter's value (not an entity that merely starts with `&`). */
const SEP_AFTER = /^(&amp;|&#0*38;|&#x0*26;|\\u0026|&(?![a-z0-9#]+;))/i;
const VER_VALUE = /^[\w.~+%-]*/;

/**
 * The text without WordPress's `ver` query parameter (`style.css?ver=6.4` → `style.css`, `?ver=1&x=2` → `?x=2`),
 * in URLs written plainly, with entities (`&amp;ver=`) or JSON escapes (`\u0026ver=`).
 */
export function stripVer(text: string): string {
  let at = text.indexOf('ver=');
  if (at < 0) return text;
  const parts: string[] = [];
  let done = 0;
  for (; at >= 0; at = text.indexOf('ver=', at + 4)) {
    const sep = SEP_BEFORE.exec(text.slice(Math.max(done, at - 8), at));
    if (!sep) continue;
    const start = at - sep[0].length;
    const valueEnd = at + 4 + VER_VALUE.exec(text.slice(at + 4, at + 4 + 200))![0].length;
    const next = SEP_AFTER.exec(text.slice(valueEnd, valueEnd + 8));
    parts.push(text.slice(done, start));
    if (sep[1] === '?') {
      if (next) parts.push('?');
    } else if (next) parts.push(next[1]!);
    done = next ? valueEnd + next[0].length : valueEnd;
    at = done - 4;
  }
  if (!done) return text;
  parts.push(text.slice(done));
  return parts.join('');
}

/**
 * A finder of the origin's host name in a text, in any form a reader or crawler could follow: plain, or hidden
 * by entities or percent-encoding. It answers the first place found (with some context), or null.
 */
export function hostFinder(hostNames: readonly string[]): (text: string) => string | null {
  const hostRe = new RegExp(hostNames.map(escapeRe).join('|'), 'gi');
  const endRe = new RegExp(HOST_END, 'iy');
  const at = (t: string): string | null => {
    hostRe.lastIndex = 0;
    for (let m = hostRe.exec(t); m; m = hostRe.exec(t)) {
      const end = m.index + m[0].length;
      if (m.index > 0 && /[a-z0-9.-]/i.test(t[m.index - 1]!)) continue;
      endRe.lastIndex = end;
      if (!endRe.test(t)) continue;
      return t.slice(Math.max(0, m.index - 40), end + 40).replace(/\s+/g, ' ');
    }
    return null;
  };
  // Entities and percent-encoding that could spell the host: a host name is letters, digits, dots and dashes
  // (`:` and `/` apart, which every page has encoded).
  const encoded =
    /&#0*(?:4[56]|4[89]|5[0-7]|6[5-9]|[78]\d|9[07-9]|1[01]\d|12[0-2]);|&#x0*(?:2[de]|3[0-9]|[46][1-9a-f]|[57][0-9a]);|%(?:2[de]|3[0-9]|[46][1-9a-f]|[57][0-9a])/i;
  return (text) => {
    const plain = at(text);
    if (plain !== null || !encoded.test(text)) return plain;
    let decoded = text.replace(/&#(x[0-9a-f]+|\d+);/gi, (_m, ref: string) => {
      const code = ref[0] === 'x' || ref[0] === 'X' ? parseInt(ref.slice(1), 16) : Number(ref);
      return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : '';
    });
    decoded = decoded.replace(/%([0-9a-f]{2})/gi, (_m, hex: string) =>
      String.fromCharCode(parseInt(hex, 16)),
    );
    return at(decoded);
  };
}

/** hostFinder for one text. */
export const findHost = (text: string, hostNames: readonly string[]): string | null =>
  hostFinder(hostNames)(text);
