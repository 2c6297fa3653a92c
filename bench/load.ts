// The load generator the benches share: wrk (C, one thread) when it is on the PATH — Debian's
// `wrk` package — else autocannon. autocannon parses every byte in JavaScript on one thread: at a
// kept page's ~9 KB it saturates its core while the shop is less than half busy, so it measures
// itself, not the shop. `BENCH_LOADER=autocannon` forces it.
import { spawn, spawnSync } from 'node:child_process';
import autocannon from 'autocannon';

export interface Figure {
  rps: number;
  p99: number;
  mean: number;
  errors: number;
}

export const loader: 'wrk' | 'autocannon' =
  process.env.BENCH_LOADER === 'autocannon' || spawnSync('wrk', ['--version']).error ? 'autocannon' : 'wrk';

/** `connections` at once for `seconds`, asking for compressed answers. */
export async function load(
  url: string,
  options: { headers?: Record<string, string>; connections: number; seconds: number },
): Promise<Figure> {
  const headers: Record<string, string> = { 'accept-encoding': 'br, gzip', ...options.headers };
  if (loader === 'wrk') return wrk(url, headers, options.connections, options.seconds);
  const result = await autocannon({
    url,
    connections: options.connections,
    duration: options.seconds,
    headers,
  });
  return {
    rps: result.requests.average,
    p99: result.latency.p99,
    mean: result.latency.average,
    errors: result.errors + result.non2xx,
  };
}

/** One wrk run (one thread), its summary read from its output. */
async function wrk(
  url: string,
  headers: Record<string, string>,
  connections: number,
  seconds: number,
): Promise<Figure> {
  // autocannon's 10 s timeout: a slow answer counts in the latency, not as an error.
  const args = ['-t1', `-c${connections}`, `-d${seconds}s`, '--timeout', '10s', '--latency'];
  for (const [name, value] of Object.entries(headers)) args.push('-H', `${name}: ${value}`);
  const child = spawn('wrk', [...args, url], { stdio: ['ignore', 'pipe', 'inherit'] });
  let out = '';
  child.stdout!.on('data', (chunk: Buffer) => {
    out += chunk;
  });
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  if (code !== 0) throw new Error(`wrk exited with ${code}: ${out}`);
  /** A wrk duration ("812.00us", "3.21ms", "1.02s") in ms. */
  const duration = (text: string | undefined): number => {
    const m = /^([\d.]+)(us|ms|s|m)$/.exec(text ?? '');
    if (!m) return Number.NaN;
    return Number(m[1]) * { us: 0.001, ms: 1, s: 1000, m: 60_000 }[m[2] as 'us' | 'ms' | 's' | 'm'];
  };
  const errors = /Non-2xx or 3xx responses: (\d+)/.exec(out);
  const socket = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(out);
  return {
    rps: Number(/Requests\/sec:\s+([\d.]+)/.exec(out)?.[1]),
    p99: duration(/ 99%\s+(\S+)/.exec(out)?.[1]),
    mean: duration(/Latency\s+(\S+)/.exec(out)?.[1]),
    errors: Number(errors?.[1] ?? 0) + (socket ? socket.slice(1).reduce((sum, n) => sum + Number(n), 0) : 0),
  };
}
