import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { isOutboundError } from '../../../integrations/http/errors.js';
import type { SafeFetch, SafeResponse } from '../../../integrations/http/safe-fetch.js';
import { cssUrls } from './html.js';
import { inlineTransform, type PageTransform } from './transform-pool.js';
import { hostFinder, originHostNames, originRewriter, stripVer, type OriginRewriter } from './rewrite.js';
import { classify, fileFor, hostIn, httpUrl, UnsafePathError, urlKey } from './urls.js';

/**
 * The crawler of a static export: WordPress is read anonymously through the guarded client, one URL at a time
 * per slot, never following a redirect (each one goes into the redirect map, and its target is crawled in its
 * own right, so every page keeps the path WordPress gave it); pages, feeds, sitemaps and the files they refer to
 * are written under the release's web root with the origin rewritten to the public address.
 */

export interface Redirect {
  /** Path and query asked for (`/?p=12`, `/go/brand/`). */
  from: string;
  /** The site's own path for a target on the site, else the absolute URL. */
  to: string;
  status: number;
}

export interface SavedFile {
  /** Relative to the web root. */
  file: string;
  bytes: number;
  html: boolean;
}

export interface CrawlError {
  url: string;
  message: string;
}

export interface CrawlProgress {
  pages: number;
  files: number;
  queued: number;
  redirects: number;
  errors: number;
}

export interface ExportOptions {
  fetch: SafeFetch;
  /** Where WordPress answers. */
  origin: URL;
  /** The site's public address, which the copy is rewritten to. */
  publicUrl: URL;
  /** URLs to start from (the home page, sitemaps, the companion's list, affiliate permalinks, bought pages). */
  seeds: readonly string[];
  /** The web root written into (a fresh folder). */
  outDir: string;
  concurrency?: number;
  timeoutMs: number;
  /** The largest body read (a page or a file). */
  maxBytes: number;
  maxFiles?: number;
  userAgent?: string;
  /** Where pages are transformed (worker threads in the commands; this thread by default). */
  transform?: PageTransform;
  onProgress?(progress: CrawlProgress): void;
}

export interface ExportResult {
  /** The origin crawled (after its own canonical redirect, http to https or to www, if any). */
  origin: URL;
  /** Saved files by the URL path they answer. */
  files: Map<string, SavedFile>;
  /** For each saved page (by URL path), the site's URLs (absolute) the edited page still refers to. */
  pageLinks: Map<string, string[]>;
  /** By the path and query asked for. */
  redirects: Map<string, Redirect>;
  errors: CrawlError[];
  /** Keys WordPress itself answers 404 or 410 for: links to them are broken on the site already. */
  gone: Map<string, number>;
  /** URLs of the site left out, by reason. */
  excluded: Map<string, number>;
  /** Files still holding the origin's host after the rewrite, with the place. */
  hostLeft: Array<{ file: string; sample: string }>;
  pages: number;
  bytes: number;
}

const REDIRECTS = new Set([301, 302, 303, 307, 308]);
const DEFAULT_MAX_FILES = 50_000;
/** Saves (transforms and writes) under way at most beside the fetches. */
const MAX_SAVING = 64;

const typeOf = (res: SafeResponse) => (res.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
const isHtml = (type: string) => type === 'text/html' || type === 'application/xhtml+xml';
const isCss = (type: string) => type === 'text/css';
const isText = (type: string) =>
  type.startsWith('text/') || /(?:javascript|json|xml|rss|atom|svg|manifest)/.test(type);
/** A script, JSON or style sheet refers to files: only URLs naming one are crawled from their text. */
const namesFile = (url: URL) => /\.[a-z0-9]{1,8}$/i.test(url.pathname);

interface Task {
  url: URL;
  key: string;
  kind: 'fetch' | 'probe';
}

/** The origin as WordPress itself names it: follows the home page's redirect to another scheme or www form. */
export async function canonicalOrigin(fetch: SafeFetch, origin: URL, timeoutMs: number): Promise<URL> {
  let current = origin;
  for (let hop = 0; hop < 3; hop += 1) {
    let res: SafeResponse;
    try {
      res = await fetch(new URL('/', current).href, { maxRedirects: 0, timeoutMs, discardBody: true });
    } catch {
      return current;
    }
    const next =
      REDIRECTS.has(res.status) && res.headers.location ? httpUrl(res.headers.location, current) : null;
    const sameSite =
      next !== null &&
      next.pathname === '/' &&
      next.origin !== current.origin &&
      next.hostname.replace(/^www\./, '') === current.hostname.replace(/^www\./, '');
    if (!sameSite) return current;
    current = new URL(next.origin);
  }
  return current;
}

/** Crawls and writes the copy; never throws for what the site answers (failures are in `errors`). */
export async function exportSite(options: ExportOptions): Promise<ExportResult> {
  return new StaticExport(options).run();
}

class StaticExport {
  private readonly origin: URL;
  private readonly hosts: Set<string>;
  private readonly rewriter: OriginRewriter;
  private readonly findHost: (text: string) => string | null;
  private readonly transform: PageTransform;
  private readonly checkHost: boolean;
  private readonly queue: Task[] = [];
  private readonly seen = new Set<string>();
  private readonly dirs = new Set<string>();
  private readonly written = new Set<string>();
  private readonly result: ExportResult;
  private readonly ownHosts = new Map<string, boolean>();
  /** Absolute URLs already enqueued or passed over. */
  private readonly handled = new Set<string>();
  private active = 0;
  /** The next task of the queue to start (tasks before it were started). */
  private next = 0;
  /** Saves under way (a page's transform and the file's write). */
  private readonly saving = new Set<Promise<void>>();
  /** URLs taken into the crawl (fetched or to be), against maxFiles. */
  private accepted = 0;
  private lastProgress = 0;

  constructor(private readonly o: ExportOptions) {
    this.origin = o.origin;
    this.hosts = new Set(
      [o.origin.host, o.publicUrl.host].flatMap((h) => [
        h.toLowerCase(),
        h.toLowerCase().replace(/^www\./, ''),
      ]),
    );
    this.rewriter = originRewriter(o.origin, o.publicUrl);
    this.transform = o.transform ?? inlineTransform;
    const originHosts = originHostNames(o.origin);
    this.findHost = hostFinder(originHosts);
    this.checkHost = !originHosts.includes(o.publicUrl.hostname.toLowerCase());
    this.result = {
      origin: o.origin,
      files: new Map(),
      pageLinks: new Map(),
      redirects: new Map(),
      errors: [],
      gone: new Map(),
      excluded: new Map(),
      hostLeft: [],
      pages: 0,
      bytes: 0,
    };
  }

  async run(): Promise<ExportResult> {
    for (const seed of this.o.seeds) {
      const url = httpUrl(seed, this.origin);
      if (url) this.enqueue(url);
    }
    const slots = Math.max(1, this.o.concurrency ?? 8);
    // Fetch slots only fetch: what an answer needs next (a page's transform, the file's write) goes on while
    // the slot fetches again, up to MAX_SAVING at once (then the slots wait for saves to finish).
    await new Promise<void>((resolve, reject) => {
      let failed = false;
      const fail = (err: unknown) => {
        if (failed) return;
        failed = true;
        // Nothing more starts: the caller discards the build.
        this.queue.length = 0;
        this.next = 0;
        reject(err instanceof Error ? err : new Error(String(err)));
      };
      const settle = () => {
        if (failed) return;
        this.report();
        if (!this.active && !this.saving.size && this.next >= this.queue.length) resolve();
        else pump();
      };
      const pump = () => {
        while (
          !failed &&
          this.active < slots &&
          this.saving.size < MAX_SAVING &&
          this.next < this.queue.length
        ) {
          const task = this.queue[this.next]!;
          this.next += 1;
          this.active += 1;
          this.visit(task).then((saving) => {
            this.active -= 1;
            if (saving) {
              this.saving.add(saving);
              saving.then(() => {
                this.saving.delete(saving);
                settle();
              }, fail);
            }
            settle();
          }, fail);
        }
        // The queue's done part is dropped now and then, so it does not grow without bound.
        if (this.next > 4096 && this.next * 2 > this.queue.length) {
          this.queue.splice(0, this.next);
          this.next = 0;
        }
        if (!this.active && !this.saving.size && this.next >= this.queue.length) resolve();
      };
      pump();
    });
    this.report(true);
    return this.result;
  }

  /** Whether a URL is the site's own (the origin's or the public address's host, either www form). */
  private internal(url: URL): boolean {
    let own = this.ownHosts.get(url.host);
    if (own === undefined) {
      own = hostIn(url.host, this.hosts);
      this.ownHosts.set(url.host, own);
    }
    return own;
  }

  /** An absolute URL the crawl may follow (a page's reference): parsed only the first time it is seen. */
  private enqueueHref(href: string): void {
    if (this.handled.has(href)) return;
    const url = httpUrl(href);
    if (url) this.enqueue(url);
  }

  private enqueue(url: URL): void {
    if (this.handled.has(url.href)) return;
    this.handled.add(url.href);
    if (!this.internal(url)) return;
    const key = urlKey(url);
    if (this.seen.has(key)) return;
    this.seen.add(key);
    const c = classify(url);
    if (c.kind === 'excluded') {
      this.result.excluded.set(c.reason, (this.result.excluded.get(c.reason) ?? 0) + 1);
      return;
    }
    const max = this.o.maxFiles ?? DEFAULT_MAX_FILES;
    this.accepted += 1;
    if (this.accepted > max) {
      if (this.accepted === max + 1) this.fail(url.href, `more than ${max} URLs: the rest is left out`);
      return;
    }
    const at = new URL(key, this.origin);
    this.queue.push({ url: at, key, kind: c.kind });
  }

  private fail(url: string, message: string): void {
    this.result.errors.push({ url, message });
  }

  private report(force = false): void {
    const now = Date.now();
    if (!this.o.onProgress || (!force && now - this.lastProgress < 200)) return;
    this.lastProgress = now;
    this.o.onProgress({
      pages: this.result.pages,
      files: this.result.files.size,
      queued: this.queue.length - this.next + this.active + this.saving.size,
      redirects: this.result.redirects.size,
      errors: this.result.errors.length,
    });
  }

  /** Fetches one URL; a 200 answer's save (transform, write) is answered to go on beside the next fetches. */
  private async visit(task: Task): Promise<Promise<void> | null> {
    let res: SafeResponse;
    try {
      res = await this.o.fetch(task.url.href, {
        maxRedirects: 0,
        timeoutMs: this.o.timeoutMs,
        maxBytes: this.o.maxBytes,
        ...(this.o.userAgent ? { headers: { 'user-agent': this.o.userAgent } } : {}),
      });
    } catch (err) {
      if (!isOutboundError(err)) throw err;
      this.fail(task.url.href, err.message);
      return null;
    }
    if (REDIRECTS.has(res.status)) {
      this.redirect(task, res);
      return null;
    }
    if (res.status === 404 || res.status === 410) {
      this.result.gone.set(task.key, res.status);
      return null;
    }
    if (res.status !== 200) {
      this.fail(task.url.href, `answered HTTP ${res.status}`);
      return null;
    }
    if (task.kind === 'probe') {
      // A query page that answers itself: a static server serves its path, which is crawled on its own.
      this.enqueue(new URL(task.url.pathname, this.origin));
      return null;
    }
    return this.save(task, res);
  }

  private redirect(task: Task, res: SafeResponse): void {
    const target = res.headers.location ? httpUrl(res.headers.location, task.url) : null;
    if (!target) {
      this.fail(task.url.href, `answered HTTP ${res.status} without a usable Location`);
      return;
    }
    const internal = this.internal(target);
    const to = internal ? urlKey(target) : target.href;
    if (internal && to === task.key) {
      this.fail(task.url.href, `redirects to itself (${res.headers.location})`);
      return;
    }
    this.result.redirects.set(task.key, { from: task.key, to, status: res.status });
    if (internal) this.enqueue(target);
  }

  private async save(task: Task, res: SafeResponse): Promise<void> {
    const type = typeOf(res);
    let file: string;
    try {
      file = fileFor(task.url.pathname, type);
    } catch (err) {
      if (!(err instanceof UnsafePathError)) throw err;
      this.fail(task.url.href, err.message);
      return;
    }
    if (this.written.has(file)) return;
    this.written.add(file);
    let body: Buffer | string = res.body;
    const html = isHtml(type) && file.endsWith('.html');
    if (html) body = await this.page(task, res.text(), file);
    else if (isCss(type)) {
      const css = res.text();
      body = this.text(task.url, css, cssUrls(css), false);
    } else if (isText(type)) body = this.text(task.url, res.text(), [], /xml|rss|atom/.test(type));
    if (typeof body === 'string' && !html && this.checkHost) {
      const sample = this.findHost(body);
      if (sample !== null) this.result.hostLeft.push({ file, sample });
    }
    const bytes = typeof body === 'string' ? Buffer.byteLength(body) : body.length;
    await this.write(file, body);
    this.result.files.set(task.url.pathname, { file, bytes, html });
    this.result.bytes += bytes;
    if (html) this.result.pages += 1;
  }

  /** A page: transformed (on a worker thread), its references crawled, what the gate reads kept. */
  private async page(task: Task, text: string, file: string): Promise<string> {
    const out = await this.transform({
      html: text,
      url: task.url.href,
      origin: this.origin.href,
      publicUrl: this.o.publicUrl.href,
      hosts: [...this.hosts],
      checkHost: this.checkHost,
    });
    for (const href of out.refs) this.enqueueHref(href);
    this.result.pageLinks.set(task.url.pathname, out.kept);
    if (out.hostLeft !== null) this.result.hostLeft.push({ file, sample: out.hostLeft });
    return out.html;
  }

  /** A style sheet, feed, sitemap, script or JSON file: the URLs it names crawled, the origin rewritten. */
  private text(url: URL, text: string, css: string[], everyUrl: boolean): string {
    for (const raw of css) {
      const ref = httpUrl(raw, url);
      if (ref) this.enqueue(ref);
    }
    for (const raw of this.rewriter.urls(text)) {
      const ref = httpUrl(raw);
      if (ref && (everyUrl || namesFile(ref))) this.enqueue(ref);
    }
    return stripVer(this.rewriter.rewrite(text));
  }

  private async write(file: string, body: Buffer | string): Promise<void> {
    const full = path.join(this.o.outDir, file);
    // fileFor keeps paths inside the web root; this holds whatever it is given.
    if (!full.startsWith(path.join(this.o.outDir, path.sep)))
      throw new UnsafePathError(`${file} leaves the web root`);
    const dir = path.dirname(full);
    if (!this.dirs.has(dir)) {
      await mkdir(dir, { recursive: true });
      this.dirs.add(dir);
    }
    await writeFile(full, body);
  }
}
