import { execFile, execFileSync } from 'node:child_process';
import { readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { promisify } from 'node:util';
import * as yaml from 'js-yaml';

const run = promisify(execFile);

export const repoRoot = join(__dirname, '../..');
export const k8sRoot = join(repoRoot, 'deploy/k8s');

/** A rendered Kubernetes object, as far as the checks read it. */
export interface K8sObject {
  apiVersion: string;
  kind: string;
  metadata: { name: string; namespace?: string; labels?: Record<string, string> };
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  spec?: any;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  [field: string]: any;
}

/** `Deployment svc-finance` */
export const nameOf = (o: K8sObject): string => `${o.kind} ${o.metadata?.name}`;

/** Fails with a clear message when kubectl (its built-in kustomize renders the manifests) is not on the PATH. */
export function requireKubectl(): void {
  try {
    execFileSync('kubectl', ['version', '--client'], { stdio: 'pipe' });
  } catch (error) {
    const reason =
      (error as NodeJS.ErrnoException).code === 'ENOENT'
        ? 'is not installed (not on the PATH)'
        : `does not run: ${(error as Error).message}`;
    throw new Error(
      `kubectl ${reason}. The manifests in deploy/k8s are rendered with \`kubectl kustomize\`: install kubectl (1.27 or newer) to run these checks.`,
      { cause: error },
    );
  }
}

/** Every folder under deploy/k8s with a kustomization.yaml, relative to deploy/k8s (e.g. `overlays/production/finance`). */
export function kustomizations(dir = k8sRoot): string[] {
  const found: string[] = [];
  for (const entry of readdirSync(dir)) {
    const path = join(dir, entry);
    if (entry === 'kustomization.yaml') found.push(relative(k8sRoot, dir) || '.');
    else if (statSync(path).isDirectory()) found.push(...kustomizations(path));
  }
  return found.sort();
}

/** Renders one kustomization; a failure names the folder and carries kustomize's message. */
export async function render(folder: string): Promise<K8sObject[]> {
  try {
    const { stdout } = await run('kubectl', ['kustomize', join(k8sRoot, folder)], { maxBuffer: 16 * 1024 * 1024 });
    return (yaml.loadAll(stdout) as K8sObject[]).filter((o) => o !== null && o !== undefined);
  } catch (error) {
    const stderr = (error as { stderr?: string }).stderr?.trim();
    throw new Error(`kubectl kustomize deploy/k8s/${folder} failed: ${stderr || (error as Error).message}`, {
      cause: error,
    });
  }
}

/** Renders every kustomization once, two at a time; answers them by folder. */
export async function renderAll(folders: string[]): Promise<Map<string, K8sObject[]>> {
  const rendered = new Map<string, K8sObject[]>();
  const queue = [...folders];
  const failures: string[] = [];
  const worker = async (): Promise<void> => {
    for (let folder = queue.shift(); folder !== undefined; folder = queue.shift()) {
      try {
        rendered.set(folder, await render(folder));
      } catch (error) {
        failures.push((error as Error).message);
      }
    }
  };
  await Promise.all([worker(), worker()]);
  if (failures.length) throw new Error(failures.join('\n'));
  return rendered;
}
