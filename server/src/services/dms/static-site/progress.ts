import type { StaticPhase, StaticProgress } from '@sitefleet/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Queryable } from '../../../db/db.js';
import type { CrawlProgress } from './crawler.js';
import { saveProgress } from './repository.js';

/** How often the progress row is written at most while a crawl runs. */
const EVERY_MS = 500;

/**
 * What a running static operation tells the console's progress dialog: its phase and the crawl's counts,
 * written to the site's row at most twice a second, outside any transaction (a write that fails is logged; the
 * operation goes on).
 */
export class ProgressReporter {
  private state: StaticProgress;
  private last = 0;
  private writing: Promise<void> = Promise.resolve();

  constructor(
    private readonly db: Queryable,
    private readonly websiteId: number,
    private readonly runId: number,
    private readonly log: FastifyBaseLogger,
  ) {
    this.state = {
      phase: 'seeding',
      pages: 0,
      files: 0,
      queued: 0,
      redirects: 0,
      errors: 0,
      message: '',
      at: Math.floor(Date.now() / 1000),
    };
  }

  /** The progress as it stands, with a final phase and message (what the unit's commit stores). */
  final(phase: StaticPhase, message: string): StaticProgress {
    return { ...this.state, phase, message, at: Math.floor(Date.now() / 1000) };
  }

  phase(phase: StaticPhase, message = ''): Promise<void> {
    this.state = { ...this.state, phase, message, at: Math.floor(Date.now() / 1000) };
    return this.write(true);
  }

  crawl = (p: CrawlProgress): void => {
    this.state = { ...this.state, ...p, at: Math.floor(Date.now() / 1000) };
    void this.write(false);
  };

  private write(force: boolean): Promise<void> {
    const now = Date.now();
    if (!force && now - this.last < EVERY_MS) return this.writing;
    this.last = now;
    const snapshot = this.state;
    this.writing = this.writing
      .then(() => saveProgress(this.db, this.websiteId, this.runId, snapshot))
      .catch((err: unknown) =>
        this.log.warn({ err, websiteId: this.websiteId }, 'static progress not saved'),
      );
    return this.writing;
  }

  /** Waits for the writes in flight (before the final state is recorded). */
  settle(): Promise<void> {
    return this.writing;
  }
}
