import { execFile, type ExecFileException } from 'node:child_process';
import { isIP } from 'node:net';
import { performance } from 'node:perf_hooks';
import { isOutboundError } from '../../integrations/http/errors.js';
import { resolveChecked } from '../../integrations/http/connector.js';
import { seconds } from './http.js';
import type { CheckResult, CheckType } from './types.js';

// Letters, digits, '-' and '_' in dot-separated labels that never start with '-': nothing ping could
// take for an option, nothing a shell would care about (no shell is involved anyway).
const HOST_NAME =
  /^(?=.{1,253}\.?$)[a-z0-9_](?:[a-z0-9_-]{0,61}[a-z0-9_])?(?:\.[a-z0-9_](?:[a-z0-9_-]{0,61}[a-z0-9_])?)*\.?$/i;
const RTT = /time[=<]([\d.]+) ?ms/;

/** The host of a ping target (a host name, an IPv4/IPv6 address, or a URL), or null when it is not one. */
export function pingHost(raw: string): string | null {
  let host = raw.trim();
  if (host.includes('://')) {
    try {
      host = new URL(host).hostname;
    } catch {
      return null;
    }
  }
  if (host.startsWith('[') && host.endsWith(']')) host = host.slice(1, -1);
  if (isIP(host)) return host;
  return HOST_NAME.test(host) ? host : null;
}

interface Exit {
  code: number | string | null;
  killed: boolean;
  stdout: string;
  stderr: string;
}

function runPing(path: string, args: string[], killAfterMs: number) {
  return new Promise<Exit>((resolve) => {
    execFile(
      path,
      args,
      { timeout: killAfterMs, killSignal: 'SIGKILL', maxBuffer: 64 * 1024, windowsHide: true },
      (err: ExecFileException | null, stdout, stderr) => {
        resolve({ code: err ? (err.code ?? null) : 0, killed: err?.killed === true, stdout, stderr });
      },
    );
  });
}

function firstLine(text: string): string {
  const line = text.trim().split('\n', 1)[0] ?? '';
  return line.length > 120 ? `${line.slice(0, 117)}...` : line;
}

/**
 * One ICMP echo with the system ping. The target is resolved and vetted by the outbound address rules
 * first, and only the vetted IP is passed on, so a refused or malformed target never starts a process.
 */
export const pingCheck: CheckType = {
  type: 'ping',
  async run(target, ctx) {
    const started = performance.now();
    const elapsed = () => performance.now() - started;
    const host = pingHost(target.url);
    if (!host) return { up: false, message: 'Not a valid host name or IP address', responseMs: 0 };
    let ip: string;
    try {
      ip = await resolveChecked(host, ctx.policy, ctx.resolver);
    } catch (err) {
      if (!isOutboundError(err)) throw err;
      return { up: false, message: err.message, responseMs: elapsed() };
    }
    const family = isIP(ip);
    if (family === 0) return { up: false, message: `Could not resolve ${host}`, responseMs: elapsed() };
    const waitS = Math.max(1, Math.ceil(target.timeoutMs / 1000));
    const args = ['-n', '-c', '1', '-W', String(waitS), ...(family === 6 ? ['-6'] : []), '--', ip];
    const sent = performance.now();
    const exit = await runPing(ctx.pingPath, args, target.timeoutMs + 1000);
    const measured = performance.now() - sent;
    const noReply: CheckResult = {
      up: false,
      message: `No reply within ${seconds(target.timeoutMs)} s`,
      responseMs: measured,
    };
    if (exit.code === 0) {
      const rtt = RTT.exec(exit.stdout)?.[1];
      return { up: true, message: 'Reply received', responseMs: rtt ? Number(rtt) : measured };
    }
    if (exit.code === 1 || exit.killed) return noReply;
    if (exit.code === 'ENOENT')
      return { up: false, message: 'ping is not installed (iputils-ping)', responseMs: 0 };
    if (typeof exit.code === 'string')
      return { up: false, message: `ping could not be started (${exit.code})`, responseMs: 0 };
    const detail = firstLine(exit.stderr) || firstLine(exit.stdout) || `exit code ${String(exit.code)}`;
    return { up: false, message: `Ping failed: ${detail}`, responseMs: measured };
  },
};
