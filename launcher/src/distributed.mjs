// Starts every service, the gateway and the three static remote servers as separate processes
// against real PostgreSQL, NATS JetStream and (when S3_ENDPOINT is set) an S3 endpoint.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository: the launcher starts the apps' builds from their folders. */
const repoRoot = fileURLToPath(new URL('../..', import.meta.url)).replace(/\/$/, '');

/**
 * A port nobody listens on now (127.0.0.1): server-kit's one helper, loaded when first asked for (this file
 * is imported before anything is built; the apps it starts are built by then).
 */
export async function freePort() {
  const { freePort: pick } = await import('@kcf/server-kit/free-port');
  return pick();
}

/** postgres://…/kcf + 'identity' -> postgres://…/kcf_identity */
function databaseUrl(base, suffix) {
  const u = new URL(base);
  const name = u.pathname.replace(/^\//, '') || 'kcf';
  u.pathname = `/${name}_${suffix}`;
  return u.toString();
}

/** What a process printed last, for the error when it stops before it is ready. */
const TAIL_LINES = 30;

async function waitReady(url, child, name, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) {
      await child.outputClosed;
      const tail = child.lastLines?.length ? `; it printed last:\n${child.lastLines.join('\n')}` : '';
      throw new Error(`${name} exited with code ${child.exitCode} before it was ready${tail}`);
    }
    try {
      const res = await fetch(`${url}/health/ready`, { signal: AbortSignal.timeout(2000) });
      if (res.ok) return;
    } catch {
      /* not listening yet */
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${name} was not ready within ${timeoutMs} ms`);
}

/**
 * @param {object} o
 * @param {Record<string,string|undefined>} [o.env] base environment (process.env by default)
 * @param {boolean} [o.autoPorts] choose free ports instead of the defaults (tests, benchmarks)
 * @param {(name: string, line: string) => void} [o.log]
 */
export async function startDistributed(o = {}) {
  const env = { ...(o.env ?? process.env) };
  const log = o.log ?? ((name, line) => process.stdout.write(`[${name}] ${line}\n`));
  const port = async (fallback) => (o.autoPorts ? freePort() : fallback);
  const ports = {
    identity: await port(Number(env.IDENTITY_PORT ?? 3001)),
    beneficiaries: await port(Number(env.BENEFICIARIES_PORT ?? 3002)),
    finance: await port(Number(env.FINANCE_PORT ?? 3003)),
    remoteBeneficiaries: await port(3011),
    remoteFinance: await port(3012),
    remoteAdmin: await port(3013),
    gateway: o.autoPorts && !env.PORT ? await freePort() : Number(env.PORT ?? 8080),
  };
  // Each process's Prometheus metrics (GET /metrics), never through the gateway.
  const metricsPorts = {
    gateway: await port(9100),
    identity: await port(9101),
    beneficiaries: await port(9102),
    finance: await port(9103),
  };
  const dbBase = env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/kcf';
  const common = {
    ...env,
    HOST: '127.0.0.1',
    NODE_ENV: env.NODE_ENV ?? 'production',
    NATS_URL: env.NATS_URL ?? 'nats://127.0.0.1:4222',
    INTERNAL_SECRET: env.INTERNAL_SECRET ?? randomBytes(48).toString('base64url'),
    DATA_DIR: env.DATA_DIR ?? join(repoRoot, '.data-distributed'),
  };
  const url = (p) => `http://127.0.0.1:${p}`;
  const specs = [
    {
      name: 'svc-identity',
      script: 'svc-identity/dist/main.js',
      port: ports.identity,
      env: {
        METRICS_PORT: String(metricsPorts.identity),
        DATABASE_URL: env.IDENTITY_DATABASE_URL ?? databaseUrl(dbBase, 'identity'),
        BENEFICIARIES_URL: url(ports.beneficiaries),
      },
    },
    {
      name: 'svc-beneficiaries',
      script: 'svc-beneficiaries/dist/main.js',
      port: ports.beneficiaries,
      env: {
        METRICS_PORT: String(metricsPorts.beneficiaries),
        DATABASE_URL: env.BENEFICIARIES_DATABASE_URL ?? databaseUrl(dbBase, 'beneficiaries'),
        FINANCE_URL: url(ports.finance),
        IDENTITY_URL: url(ports.identity),
      },
    },
    {
      name: 'svc-finance',
      script: 'svc-finance/dist/main.js',
      port: ports.finance,
      env: {
        METRICS_PORT: String(metricsPorts.finance),
        DATABASE_URL: env.FINANCE_DATABASE_URL ?? databaseUrl(dbBase, 'finance'),
        BENEFICIARIES_URL: url(ports.beneficiaries),
        IDENTITY_URL: url(ports.identity),
      },
    },
    {
      name: 'remote-beneficiaries',
      script: 'static-server/dist/main.js',
      port: ports.remoteBeneficiaries,
      env: { STATIC_DIR: join(repoRoot, 'mf-beneficiaries/dist') },
    },
    {
      name: 'remote-finance',
      script: 'static-server/dist/main.js',
      port: ports.remoteFinance,
      env: { STATIC_DIR: join(repoRoot, 'mf-finance/dist') },
    },
    {
      name: 'remote-admin',
      script: 'static-server/dist/main.js',
      port: ports.remoteAdmin,
      env: { STATIC_DIR: join(repoRoot, 'mf-admin/dist') },
    },
  ];
  const children = new Map();
  const spawnOne = (spec, extraEnv = {}) => {
    const child = spawn(process.execPath, [join(repoRoot, spec.script)], {
      cwd: repoRoot,
      env: { ...common, ...spec.env, ...extraEnv, PORT: String(spec.port) },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.lastLines = [];
    // Resolves once everything the process printed has been read (at most a second after it ends).
    child.outputClosed = new Promise((resolve) => {
      child.once('close', resolve);
      child.once('exit', () => setTimeout(resolve, 1000).unref());
    });
    for (const stream of [child.stdout, child.stderr]) {
      let buf = '';
      stream.on('data', (d) => {
        buf += d;
        let i;
        while ((i = buf.indexOf('\n')) >= 0) {
          const line = buf.slice(0, i);
          buf = buf.slice(i + 1);
          child.lastLines.push(line);
          if (child.lastLines.length > TAIL_LINES) child.lastLines.shift();
          log(spec.name, line);
        }
      });
    }
    children.set(spec.name, { child, spec });
    return child;
  };
  const stopOne = (name) =>
    new Promise((resolve) => {
      const entry = children.get(name);
      if (!entry || entry.child.exitCode !== null || entry.child.signalCode !== null) return resolve();
      const timer = setTimeout(() => entry.child.kill('SIGKILL'), 10_000);
      entry.child.once('exit', () => {
        clearTimeout(timer);
        resolve();
      });
      entry.child.kill('SIGTERM');
    });
  const stopAll = async () => {
    await Promise.all([...children.keys()].reverse().map(stopOne));
  };
  try {
    await Promise.all(specs.map(async (spec) => waitReady(url(spec.port), spawnOne(spec), spec.name)));
    const gatewaySpec = {
      name: 'gateway',
      script: 'gateway/dist/main.js',
      port: ports.gateway,
      env: {
        HOST: env.HOST ?? '0.0.0.0',
        METRICS_PORT: String(metricsPorts.gateway),
        IDENTITY_URL: url(ports.identity),
        BENEFICIARIES_URL: url(ports.beneficiaries),
        FINANCE_URL: url(ports.finance),
        REMOTE_BENEFICIARIES_URL: url(ports.remoteBeneficiaries),
        REMOTE_FINANCE_URL: url(ports.remoteFinance),
        REMOTE_ADMIN_URL: url(ports.remoteAdmin),
        // Identity's session notices (NATS core, not JetStream): the gateway caches sessions only while it hears them.
        NATS_URL: common.NATS_URL,
        NATS_SUBJECT_PREFIX: env.NATS_SUBJECT_PREFIX ?? 'kcf',
      },
    };
    await waitReady(url(ports.gateway), spawnOne(gatewaySpec), 'gateway');
  } catch (e) {
    await stopAll();
    throw e;
  }
  return {
    url: url(ports.gateway),
    ports,
    /** Each process's metrics port, by process (gateway, identity, beneficiaries, finance). */
    metricsPorts,
    /** Each service's database, by service. */
    databaseUrls: Object.fromEntries(
      specs
        .filter((spec) => spec.env?.DATABASE_URL)
        .map((spec) => [spec.name.replace(/^svc-/, ''), spec.env.DATABASE_URL]),
    ),
    internalSecret: common.INTERNAL_SECRET,
    /** Stops one process (e.g. 'remote-finance') to see how the rest copes. */
    stop: stopOne,
    /** Starts a stopped process again with the same settings. */
    async restart(name) {
      const entry = children.get(name);
      await stopOne(name);
      await waitReady(url(entry.spec.port), spawnOne(entry.spec), name);
    },
    stopAll,
    /** Process ids by name (benchmarks read their memory). */
    pids: () => Object.fromEntries([...children].map(([name, { child }]) => [name, child.pid])),
  };
}
