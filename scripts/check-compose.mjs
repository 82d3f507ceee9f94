#!/usr/bin/env node
// Checks docker-compose.yml without a Docker engine, with Debian's docker-compose 1.29 (`config` needs none):
// - the file is valid once the required secrets are set, and refuses to load while any one of them is unset;
// - every service has a health check, except one-shot jobs, which others wait for to complete successfully;
// - every service has a restart policy and every depends_on waits on health or completion;
// - only the gateway publishes ports.
// Exits non-zero with a message naming what is wrong. Usage: node scripts/check-compose.mjs
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const COMPOSE_FILE = 'docker-compose.yml';
const REQUIRED_VARIABLES = [
  'INTERNAL_SECRET',
  'ADMIN_PASSWORD',
  'POSTGRES_PASSWORD',
  'MINIO_ROOT_USER',
  'MINIO_ROOT_PASSWORD',
  'S3_ACCESS_KEY',
  'S3_SECRET_KEY',
];
const EXPECTED_SERVICES = [
  'postgres',
  'nats',
  'minio',
  'createbuckets',
  'svc-identity',
  'svc-beneficiaries',
  'svc-finance',
  'remote-beneficiaries',
  'remote-finance',
  'remote-admin',
  'gateway',
];
const PUBLISHING_SERVICE = 'gateway';
const WAITING_CONDITIONS = new Set(['service_healthy', 'service_completed_successfully']);

class CheckFailed extends Error {}

function fail(message) {
  throw new CheckFailed(message);
}

// An empty env file keeps a developer's .env out of the check; the variables come from the child env only.
const scratch = mkdtempSync(join(tmpdir(), 'check-compose-'));
const emptyEnvFile = join(scratch, 'empty.env');
writeFileSync(emptyEnvFile, '');

function composeEnv(unset) {
  const env = { ...process.env };
  for (const name of REQUIRED_VARIABLES) env[name] = `dummy-${name.toLowerCase()}`;
  delete env[unset];
  return env;
}

function compose(args, unset) {
  return new Promise((resolve, reject) => {
    const child = spawn('docker-compose', ['--env-file', emptyEnvFile, '-f', COMPOSE_FILE, ...args], {
      cwd: ROOT,
      env: composeEnv(unset),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => (stderr += chunk));
    child.on('error', reject);
    child.on('close', (status) => resolve({ status, stdout, stderr: stderr.trim() }));
  });
}

function requireDockerCompose() {
  const probe = spawnSync('docker-compose', ['version', '--short'], { encoding: 'utf8' });
  if (probe.error?.code === 'ENOENT') {
    fail('docker-compose is not installed: apt-get install -y --no-install-recommends docker-compose');
  }
  if (probe.status !== 0) fail(`docker-compose does not run: ${probe.stderr || probe.error?.message}`);
  return probe.stdout.trim();
}

// Reads the services section of `docker-compose config` output, which is normalised YAML: two-space
// indentation, one key per line, sequences at their parent key's indentation, depends_on in long form.
function parseServices(yaml) {
  const services = new Map();
  let inServices = false;
  let service = null;
  let section = null;
  let subKey = null;
  for (const line of yaml.split('\n')) {
    if (!line.trim()) continue;
    const indent = line.length - line.trimStart().length;
    const text = line.trim();
    if (indent === 0) {
      inServices = text === 'services:';
      continue;
    }
    if (!inServices) continue;
    if (indent === 2) {
      service = { name: text.replace(/:$/, ''), keys: new Map(), dependsOn: new Map(), healthTest: [] };
      services.set(service.name, service);
      continue;
    }
    if (indent === 4 && !text.startsWith('- ')) {
      const colon = text.indexOf(':');
      section = text.slice(0, colon);
      service.keys.set(
        section,
        text
          .slice(colon + 1)
          .trim()
          .replace(/^"(.*)"$/, '$1'),
      );
      subKey = null;
      continue;
    }
    if (indent === 6 && !text.startsWith('- ')) subKey = text.slice(0, text.indexOf(':'));
    if (section === 'depends_on' && indent === 8 && text.startsWith('condition:')) {
      service.dependsOn.set(subKey, text.slice('condition:'.length).trim());
    }
    if (section === 'healthcheck' && subKey === 'test' && indent === 6 && text.startsWith('- ')) {
      service.healthTest.push(text.slice(2).replace(/^"(.*)"$/, '$1'));
    }
  }
  return services;
}

function checkServices(services) {
  const problems = [];
  for (const name of EXPECTED_SERVICES) {
    if (!services.has(name)) problems.push(`service ${name} is missing`);
  }
  const dependents = (target) => [...services.values()].filter((s) => s.dependsOn.has(target));
  for (const service of services.values()) {
    const { name, keys } = service;
    if (!keys.has('restart')) problems.push(`${name} has no restart policy`);
    for (const [target, condition] of service.dependsOn) {
      if (!services.has(target)) problems.push(`${name} depends on unknown service ${target}`);
      if (!WAITING_CONDITIONS.has(condition)) {
        problems.push(
          `${name} depends on ${target} with condition ${condition}; wait for service_healthy or service_completed_successfully`,
        );
      }
    }
    if (!keys.has('healthcheck') || service.healthTest.length === 0) {
      problems.push(`${name} has no healthcheck`);
    } else if (service.healthTest[0] === 'NONE') {
      const waiters = dependents(name);
      const oneShot =
        keys.get('restart') === 'no' &&
        waiters.length > 0 &&
        waiters.every((s) => s.dependsOn.get(name) === 'service_completed_successfully');
      if (!oneShot) {
        problems.push(
          `${name} disables its healthcheck but is not a one-shot job (restart "no", awaited with service_completed_successfully)`,
        );
      }
    }
    if (keys.has('ports') && name !== PUBLISHING_SERVICE)
      problems.push(`${name} publishes ports; only ${PUBLISHING_SERVICE} may`);
  }
  if (services.has(PUBLISHING_SERVICE) && !services.get(PUBLISHING_SERVICE).keys.has('ports')) {
    problems.push(`${PUBLISHING_SERVICE} publishes no port`);
  }
  return problems;
}

async function main() {
  const version = requireDockerCompose();
  console.log(`docker-compose ${version}: checking ${COMPOSE_FILE}`);

  const valid = await compose(['config', '-q']);
  if (valid.status !== 0) fail(`${COMPOSE_FILE} is invalid:\n${valid.stderr}`);
  console.log('ok - the file is valid with the required variables set');

  const withoutOne = await Promise.all(REQUIRED_VARIABLES.map((name) => compose(['config', '-q'], name)));
  const accepted = REQUIRED_VARIABLES.filter(
    (name, i) => withoutOne[i].status === 0 || !withoutOne[i].stderr.includes(name),
  );
  if (accepted.length > 0) {
    fail(`${COMPOSE_FILE} loads without ${accepted.join(', ')}: require each with \${NAME:?message}`);
  }
  console.log(`ok - the file refuses to load without each of ${REQUIRED_VARIABLES.join(', ')}`);

  const rendered = await compose(['config']);
  if (rendered.status !== 0) fail(`docker-compose config failed:\n${rendered.stderr}`);
  const services = parseServices(rendered.stdout);
  const problems = checkServices(services);
  if (problems.length > 0) fail(`${COMPOSE_FILE} breaks the deployment rules:\n  - ${problems.join('\n  - ')}`);
  console.log(
    `ok - ${services.size} services: health checks, restart policies, waiting depends_on, only ${PUBLISHING_SERVICE} publishes ports`,
  );
  console.log(`${COMPOSE_FILE}: every check holds.`);
}

try {
  await main();
} catch (error) {
  console.error(`check-compose: ${error instanceof CheckFailed ? error.message : error.stack}`);
  process.exitCode = 1;
} finally {
  rmSync(scratch, { recursive: true, force: true });
}
