import { afterAll, beforeAll } from 'vitest';
import { createSafeFetch, type SafeFetchClient } from '../../src/integrations/http/safe-fetch.js';
import { noDns } from './fixtures.js';
import {
  createTestServiceAccount,
  startGoogleServer,
  type GoogleRequest,
  type LocalGoogleServer,
  type TestServiceAccount,
} from './google-server.js';
import { startHttpServer, type LocalHttpServer } from './local-servers.js';

/* Setup shared by the provider-client tests (GA4, Search Console, Ahrefs, AccuRanker). */

function ready<T>(value: T | undefined, what: string): T {
  if (value === undefined) throw new Error(`${what} is used before the test file's beforeAll has run`);
  return value;
}

/** An origin nothing listens on any more (a port that was open a moment ago): calls to it fail to connect. */
async function closedOrigin(): Promise<string> {
  const dead = await startHttpServer((_req, res) => res.end());
  await dead.close();
  return dead.origin;
}

/**
 * A provider's local server and what its client tests need beside it. Creating one registers a beforeAll that
 * starts the server and an afterAll that closes it; the getters answer once that beforeAll has run.
 */
export class LocalProvider<S extends LocalHttpServer> {
  #server: S | undefined;
  #fetch: SafeFetchClient | undefined;
  #deadOrigin: string | undefined;

  constructor(start: () => Promise<S>) {
    beforeAll(async () => {
      this.#server = await start();
      this.#fetch = createSafeFetch({ allowPrivate: true, lookup: noDns });
      this.#deadOrigin = await closedOrigin();
    });
    afterAll(async () => {
      await this.#fetch?.close();
      await this.#server?.close();
    });
  }

  get server(): S {
    return ready(this.#server, 'The local server');
  }

  /** Outbound fetch that may reach loopback addresses and resolves no names. */
  get fetch(): SafeFetchClient {
    return ready(this.#fetch, 'The fetch client');
  }

  /** An origin where nothing listens: a client pointed at it fails with a network error. */
  get deadOrigin(): string {
    return ready(this.#deadOrigin, 'The dead origin');
  }
}

/** Starts a provider's local server for the whole test file (see LocalProvider). */
export const useLocalProvider = <S extends LocalHttpServer>(start: () => Promise<S>): LocalProvider<S> =>
  new LocalProvider(start);

/** A local Google server that knows one service account, whose key file names the server's token URL. */
export async function startGoogleWithAccount(): Promise<{
  google: LocalGoogleServer;
  account: TestServiceAccount;
}> {
  const google = await startGoogleServer();
  const account = createTestServiceAccount(google.tokenUrl);
  google.registerServiceAccount(account);
  return { google, account };
}

/** The local Google server for the whole test file, with a registered service account. */
export class LocalGoogle extends LocalProvider<LocalGoogleServer> {
  #account: TestServiceAccount | undefined;

  constructor() {
    super(async () => {
      const { google, account } = await startGoogleWithAccount();
      this.#account = account;
      return google;
    });
  }

  get account(): TestServiceAccount {
    return ready(this.#account, 'The service account');
  }
}

export const useLocalGoogle = (): LocalGoogle => new LocalGoogle();

/** Runs a call (which must not reject: assertions inside it count) and returns the requests a server got meanwhile. */
export async function requestsDuring<R>(
  server: { readonly requests: readonly R[] },
  call: () => Promise<unknown>,
): Promise<R[]> {
  const before = server.requests.length;
  await call();
  return server.requests.slice(before);
}

/** The API requests a call made to the local Google server, token requests left out. */
export async function apiRequestsDuring(
  google: LocalGoogleServer,
  call: () => Promise<unknown>,
): Promise<GoogleRequest[]> {
  return (await requestsDuring(google, call)).filter((r) => r.path !== '/token');
}

/** A function giving the error of a class a promise rejects with; it fails the test on anything else. */
export function failureOf<E extends Error>(
  type: abstract new (...args: never[]) => E,
): (promise: Promise<unknown>) => Promise<E> {
  return async (promise) => {
    const err: unknown = await promise.then(
      () => null,
      (e: unknown) => e,
    );
    if (!(err instanceof type)) throw new Error(`expected ${type.name}, got ${String(err)}`);
    return err;
  };
}

/** Runs `use` with a fetch client that refuses private addresses (as in production), then closes it. */
export async function withGuardedFetch(use: (guarded: SafeFetchClient) => Promise<void>): Promise<void> {
  const guarded = createSafeFetch({ lookup: noDns });
  try {
    await use(guarded);
  } finally {
    await guarded.close();
  }
}

/** A local server answering each request with the next of its replies (JSON), and 500 {} when they run out. */
export interface ScriptedJsonServer {
  readonly origin: string;
  replies: Array<[status: number, body: unknown]>;
}

/** Starts a ScriptedJsonServer for the enclosing describe block (or file) and closes it after. */
export function useScriptedJsonServer(): ScriptedJsonServer {
  let server: LocalHttpServer | undefined;
  const scripted: ScriptedJsonServer = {
    replies: [],
    get origin() {
      return ready(server, 'The scripted server').origin;
    },
  };
  beforeAll(async () => {
    server = await startHttpServer((_req, res) => {
      const [status, body] = scripted.replies.shift() ?? [500, {}];
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    });
  });
  afterAll(() => server?.close());
  return scripted;
}
