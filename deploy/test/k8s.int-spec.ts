// The Kubernetes manifests (deploy/k8s): every kustomization renders, every object is valid for its API, and
// the network policies let exactly the intended pods talk. Rendered with kubectl's kustomize and checked here;
// nothing is applied to a cluster.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import Ajv from 'ajv';
import * as yaml from 'js-yaml';
import { deploymentPods, namespaceLabels, PolicyModel, type Pod } from './network-policies';
import { k8sRoot, kustomizations, nameOf, renderAll, repoRoot, requireKubectl, type K8sObject } from './render';

const ENVIRONMENTS = ['staging', 'production'] as const;
const PARTS = ['platform', 'identity', 'beneficiaries', 'finance', 'gateway'] as const;
const DOMAINS = { identity: 'mf-admin', beneficiaries: 'mf-beneficiaries', finance: 'mf-finance' } as const;
/** The Node processes that serve Prometheus metrics (METRICS_PORT); the remotes' static servers have none. */
const PROCESSES = ['gateway', 'svc-identity', 'svc-beneficiaries', 'svc-finance'] as const;
const METRICS_PORT = 9100;

let rendered: Map<string, K8sObject[]>;

beforeAll(async () => {
  requireKubectl();
  rendered = await renderAll(kustomizations());
}, 60_000);

const renderOf = (folder: string): K8sObject[] => {
  const objects = rendered.get(folder);
  if (!objects) throw new Error(`deploy/k8s/${folder} was not rendered (no kustomization.yaml there?)`);
  return objects;
};
const everyObject = (): [string, K8sObject][] =>
  [...rendered].flatMap(([folder, objects]) => objects.map((o) => [folder, o] as [string, K8sObject]));

describe('rendering', () => {
  it('renders every overlay, every part of each overlay and every base', () => {
    const expected = ENVIRONMENTS.flatMap((env) => [
      `overlays/${env}`,
      ...PARTS.map((part) => `overlays/${env}/${part}`),
    ]);
    expect([...rendered.keys()]).toEqual(
      expect.arrayContaining([
        ...expected,
        'platform',
        'base/identity',
        'base/beneficiaries',
        'base/finance',
        'base/gateway',
      ]),
    );
    for (const [folder, objects] of rendered)
      if (objects.length === 0) throw new Error(`deploy/k8s/${folder} renders nothing`);
  });

  it('puts each environment in its own namespace, every object of it', () => {
    const namespaces = ENVIRONMENTS.map((env) => {
      const objects = renderOf(`overlays/${env}`);
      const names = new Set(objects.filter((o) => o.kind !== 'Namespace').map((o) => o.metadata.namespace));
      expect(names.size).toBe(1);
      const [namespace] = names;
      expect(objects.find((o) => o.kind === 'Namespace')?.metadata.name).toBe(namespace);
      return namespace;
    });
    expect(new Set(namespaces).size).toBe(ENVIRONMENTS.length);
  });

  it('keeps each domain folder self-contained: what its objects refer to is in the same render or is a documented Secret', () => {
    for (const env of ENVIRONMENTS) {
      for (const part of ['identity', 'beneficiaries', 'finance', 'gateway']) {
        const objects = renderOf(`overlays/${env}/${part}`);
        const has = (kind: string, name: string) => objects.some((o) => o.kind === kind && o.metadata.name === name);
        for (const deployment of objects.filter((o) => o.kind === 'Deployment')) {
          const name = deployment.metadata.name;
          const labels = deployment.spec.template.metadata.labels;
          expect({
            part,
            hpa: objects.some((o) => o.kind === 'HorizontalPodAutoscaler' && o.spec.scaleTargetRef.name === name),
          }).toEqual({ part, hpa: true });
          expect({
            part,
            pdb: objects.some(
              (o) =>
                o.kind === 'PodDisruptionBudget' &&
                Object.entries(o.spec.selector.matchLabels).every(([k, v]) => labels[k] === v),
            ),
          }).toEqual({ part, pdb: true });
          expect({
            part,
            service: objects.some(
              (o) => o.kind === 'Service' && Object.entries(o.spec.selector).every(([k, v]) => labels[k] === v),
            ),
          }).toEqual({ part, service: true });
          expect({
            part,
            policy: objects.some(
              (o) =>
                o.kind === 'NetworkPolicy' &&
                Object.entries(o.spec.podSelector.matchLabels ?? {}).every(([k, v]) => labels[k] === v),
            ),
          }).toEqual({ part, policy: true });
          for (const container of deployment.spec.template.spec.containers) {
            for (const from of container.envFrom ?? [])
              if (from.configMapRef)
                expect({
                  part,
                  configMap: from.configMapRef.name,
                  found: has('ConfigMap', from.configMapRef.name),
                }).toEqual({ part, configMap: from.configMapRef.name, found: true });
          }
        }
      }
    }
  });
});

describe('validation', () => {
  const CUSTOM_SCHEMAS: Record<string, string> = {
    'postgresql.cnpg.io/v1 Cluster': 'cnpg-cluster.schema.json',
    'postgresql.cnpg.io/v1 Database': 'cnpg-database.schema.json',
    'minio.min.io/v2 Tenant': 'minio-tenant.schema.json',
  };
  const ajv = new Ajv({ allErrors: true, strict: true });
  const schema = (file: string) =>
    ajv.getSchema(file) ??
    (ajv.addSchema(JSON.parse(readFileSync(join(__dirname, 'schemas', file), 'utf8')), file), ajv.getSchema(file)!);

  /** The kubernetes-models class of a built-in kind, or undefined when the package has none. */
  function builtInModel(apiVersion: string, kind: string): { new (data: unknown): { validate(): void } } | undefined {
    try {
      // eslint-disable-next-line @typescript-eslint/no-require-imports
      return require(`kubernetes-models/${apiVersion}/${kind}`)[kind];
    } catch {
      return undefined;
    }
  }

  it('validates every rendered object against its API schema, naming each failure', () => {
    const failures: string[] = [];
    for (const [folder, object] of everyObject()) {
      const where = `deploy/k8s/${folder}: ${object.apiVersion} ${nameOf(object)}`;
      const custom = CUSTOM_SCHEMAS[`${object.apiVersion} ${object.kind}`];
      if (custom) {
        const validate = schema(custom);
        if (!validate(object)) failures.push(`${where}: ${ajv.errorsText(validate.errors, { dataVar: '' })}`);
        continue;
      }
      const Model = builtInModel(object.apiVersion, object.kind);
      if (!Model) {
        failures.push(
          `${where}: unknown kind (neither a Kubernetes API kind nor one with a schema in deploy/test/schemas)`,
        );
        continue;
      }
      try {
        new Model(object).validate();
      } catch (error) {
        failures.push(`${where}: ${(error as Error).message}`);
      }
    }
    expect(failures).toEqual([]);
  });

  it("validates the NATS chart's values file", () => {
    const values = yaml.load(readFileSync(join(k8sRoot, 'platform/nats/values.yaml'), 'utf8'));
    const validate = schema('nats-values.schema.json');
    expect(
      validate(values)
        ? []
        : [`deploy/k8s/platform/nats/values.yaml: ${ajv.errorsText(validate.errors, { dataVar: '' })}`],
    ).toEqual([]);
  });
});

describe('the pods', () => {
  const deployments = () => everyObject().filter(([, o]) => o.kind === 'Deployment');
  const dockerfileTargets = [
    ...readFileSync(join(repoRoot, 'Dockerfile'), 'utf8').matchAll(/^FROM\s+\S+\s+AS\s+(\S+)/gim),
  ].map((m) => m[1]);

  it("run the Dockerfile's images: the target named like the Deployment", () => {
    for (const [folder, d] of deployments()) {
      for (const container of d.spec.template.spec.containers) {
        const target = container.image
          .replace(/:[^/:]+$/, '')
          .split('/')
          .pop();
        expect({ where: `${folder}: ${nameOf(d)}`, target }).toEqual({
          where: `${folder}: ${nameOf(d)}`,
          target: d.metadata.name,
        });
        expect(dockerfileTargets).toContain(target);
      }
    }
  });

  it('run as non-root on a read-only root filesystem, without privileges, with requests, limits and the three probes', () => {
    for (const [folder, d] of deployments()) {
      const where = `${folder}: ${nameOf(d)}`;
      const pod = d.spec.template.spec;
      expect({
        where,
        runAsNonRoot: pod.securityContext?.runAsNonRoot,
        seccomp: pod.securityContext?.seccompProfile?.type,
        token: pod.automountServiceAccountToken,
      }).toEqual({
        where,
        runAsNonRoot: true,
        seccomp: 'RuntimeDefault',
        token: false,
      });
      for (const c of pod.containers) {
        const resources = c.resources ?? {};
        expect({
          where,
          readOnlyRootFilesystem: c.securityContext?.readOnlyRootFilesystem,
          allowPrivilegeEscalation: c.securityContext?.allowPrivilegeEscalation,
          drop: c.securityContext?.capabilities?.drop,
          requests: Object.keys(resources.requests ?? {}).sort(),
          limits: Object.keys(resources.limits ?? {}).sort(),
          probes: [c.startupProbe, c.livenessProbe, c.readinessProbe].map((p) => p?.httpGet?.path),
        }).toEqual({
          where,
          readOnlyRootFilesystem: true,
          allowPrivilegeEscalation: false,
          drop: ['ALL'],
          requests: ['cpu', 'memory'],
          limits: ['cpu', 'memory'],
          probes: [
            expect.stringMatching(/^\/health\/(live|ready)$/),
            '/health/live',
            expect.stringMatching(/^\/health\/(live|ready)$/),
          ],
        });
      }
    }
  });

  it('keep no Secret in the repository: only references, each one deploy/README.md says how to create', () => {
    const readme = readFileSync(join(repoRoot, 'deploy/README.md'), 'utf8');
    const referenced = new Set<string>();
    const walk = (value: unknown, key?: string): void => {
      if (Array.isArray(value)) return value.forEach((v) => walk(v, key));
      if (!value || typeof value !== 'object') return;
      const o = value as Record<string, unknown>;
      if (
        ['secretKeyRef', 'secretRef', 'passwordSecret', 'configuration'].includes(key ?? '') &&
        typeof o.name === 'string'
      )
        referenced.add(o.name);
      if ((key === 'secret' || key === 'tls') && typeof o.secretName === 'string') referenced.add(o.secretName);
      for (const [k, v] of Object.entries(o)) walk(v, k);
    };
    for (const [folder, object] of everyObject()) {
      expect({ folder, kind: object.kind }).not.toEqual({ folder, kind: 'Secret' });
      walk(object);
    }
    expect([...referenced].sort()).toEqual([
      'kcf-admin',
      'kcf-db-beneficiaries',
      'kcf-db-finance',
      'kcf-db-identity',
      'kcf-internal',
      'kcf-minio-env',
      'kcf-oidc',
      'kcf-postgres-ca',
      'kcf-s3',
      'kcf-tls',
    ]);
    for (const name of referenced)
      expect({ secret: name, documented: readme.includes(name) }).toEqual({ secret: name, documented: true });
    for (const made of [
      'kcf-internal',
      'kcf-admin',
      'kcf-db-identity',
      'kcf-db-beneficiaries',
      'kcf-db-finance',
      'kcf-s3',
      'kcf-minio-env',
    ]) {
      expect(readme).toMatch(new RegExp(`kubectl[^\\n]*create secret generic ${made}\\b`));
    }
  });

  it("serve metrics on 9100 where Prometheus finds them (the setting, a named port, the scrape annotations); the remotes' static servers none", () => {
    const annotations = {
      'prometheus.io/scrape': 'true',
      'prometheus.io/port': String(METRICS_PORT),
      'prometheus.io/path': '/metrics',
    };
    for (const [folder, d] of deployments()) {
      const where = `${folder}: ${nameOf(d)}`;
      const container = d.spec.template.spec.containers[0];
      const scrape = Object.fromEntries(
        Object.entries(d.spec.template.metadata.annotations ?? {}).filter(([key]) => key.startsWith('prometheus.io/')),
      );
      const metricsPorts = (container.ports ?? []).filter(
        (p: { name?: string; containerPort: number }) => p.name === 'metrics' || p.containerPort === METRICS_PORT,
      );
      const configMaps = (container.envFrom ?? [])
        .map((from: { configMapRef?: { name: string } }) => from.configMapRef?.name)
        .filter(Boolean);
      const settings = rendered
        .get(folder)!
        .filter((o) => o.kind === 'ConfigMap' && configMaps.includes(o.metadata.name))
        .map((o) => o.data?.METRICS_PORT);
      if ((PROCESSES as readonly string[]).includes(d.metadata.name)) {
        expect({ where, scrape, metricsPorts, settings }).toEqual({
          where,
          scrape: annotations,
          metricsPorts: [{ name: 'metrics', containerPort: METRICS_PORT }],
          settings: [String(METRICS_PORT)],
        });
      } else {
        expect({ where, scrape, metricsPorts, settings: settings.filter(Boolean) }).toEqual({
          where,
          scrape: {},
          metricsPorts: [],
          settings: [],
        });
      }
    }
  });

  it('never expose the metrics port through a Service or the Ingress', () => {
    for (const [folder, object] of everyObject()) {
      const where = `${folder}: ${nameOf(object)}`;
      if (object.kind === 'Service') {
        const exposed = object.spec.ports.filter(
          (p: { port: number; targetPort?: number | string }) =>
            p.port === METRICS_PORT || p.targetPort === METRICS_PORT || p.targetPort === 'metrics',
        );
        expect({ where, exposed }).toEqual({ where, exposed: [] });
      }
      if (object.kind === 'Ingress') {
        const backends = object.spec.rules.flatMap(
          (r: {
            http: { paths: { backend: { service: { name: string; port: { name?: string; number?: number } } } }[] };
          }) => r.http.paths.map((p) => p.backend.service),
        );
        expect({ where, backends }).toEqual({ where, backends: [{ name: 'gateway', port: { name: 'http' } }] });
      }
    }
  });

  it("give each domain its own database, owned by its own role, whose Secret only that domain's service reads", () => {
    for (const env of ENVIRONMENTS) {
      const all = renderOf(`overlays/${env}`);
      const cluster = all.find((o) => o.kind === 'Cluster')!;
      const roles = new Map<string, string>(
        cluster.spec.managed.roles.map((r: { name: string; passwordSecret: { name: string } }) => [
          r.name,
          r.passwordSecret.name,
        ]),
      );
      for (const domain of Object.keys(DOMAINS)) {
        const database = renderOf(`overlays/${env}/${domain}`).find((o) => o.kind === 'Database')!;
        expect({
          env,
          domain,
          name: database.spec.name,
          owner: database.spec.owner,
          cluster: database.spec.cluster.name,
        }).toEqual({ env, domain, name: domain, owner: domain, cluster: cluster.metadata.name });
        const secret = roles.get(domain);
        const readers = all
          .filter((o) => o.kind === 'Deployment')
          .filter((d) => JSON.stringify(d.spec.template.spec).includes(`"${secret}"`))
          .map((d) => d.metadata.name);
        expect({ env, domain, readers }).toEqual({ env, domain, readers: [`svc-${domain}`] });
        const url = renderOf(`overlays/${env}/${domain}`)
          .find((o) => o.kind === 'Deployment' && o.metadata.name === `svc-${domain}`)!
          .spec.template.spec.containers[0].env.find((e: { name: string }) => e.name === 'DATABASE_URL')
          .value as string;
        expect(url).toContain(`@${cluster.metadata.name}-rw:5432/${domain}?`);
      }
    }
  });
});

describe('network policies', () => {
  /** The pods an environment runs: its Deployments, the platform's operators' pods (with the labels those give them) and a few from elsewhere. */
  function podsOf(objects: K8sObject[]): Pod[] {
    const namespace = objects.find((o) => o.kind === 'Namespace')!.metadata.name;
    const cluster = objects.find((o) => o.kind === 'Cluster')!.metadata.name;
    const tenant = objects.find((o) => o.kind === 'Tenant')!.metadata.name;
    return [
      ...deploymentPods(objects),
      // CloudNativePG labels each instance with its cluster's name.
      {
        name: 'postgres',
        namespace,
        labels: { 'cnpg.io/cluster': cluster, 'cnpg.io/instanceRole': 'primary', role: 'primary' },
        ports: [{ port: 5432 }, { port: 8000 }],
      },
      // The MinIO operator labels each server of the tenant.
      {
        name: 'minio',
        namespace,
        labels: { 'v1.min.io/tenant': tenant, 'v1.min.io/pool': 'pool-0' },
        ports: [{ port: 9000 }],
      },
      // The NATS chart's servers and its nats-box (release `nats`).
      {
        name: 'nats',
        namespace,
        labels: {
          'app.kubernetes.io/name': 'nats',
          'app.kubernetes.io/instance': 'nats',
          'app.kubernetes.io/component': 'nats',
        },
        ports: [{ port: 4222 }, { port: 6222 }, { port: 8222 }],
      },
      {
        name: 'nats-box',
        namespace,
        labels: {
          'app.kubernetes.io/name': 'nats',
          'app.kubernetes.io/instance': 'nats',
          'app.kubernetes.io/component': 'nats-box',
        },
        ports: [],
      },
      { name: 'stranger-in-namespace', namespace, labels: { run: 'debug' }, ports: [{ port: 8080 }] },
      {
        name: 'ingress-controller',
        namespace: 'ingress-nginx',
        labels: { 'app.kubernetes.io/name': 'ingress-nginx', 'app.kubernetes.io/component': 'controller' },
        ports: [{ port: 443 }],
      },
      { name: 'ingress-namespace-other', namespace: 'ingress-nginx', labels: { app: 'other' }, ports: [] },
      // Prometheus, in the namespace deploy/README.md names for it (monitoring).
      {
        name: 'prometheus',
        namespace: 'monitoring',
        labels: { 'app.kubernetes.io/name': 'prometheus' },
        ports: [{ port: 9090 }],
      },
      { name: 'kube-dns', namespace: 'kube-system', labels: { 'k8s-app': 'kube-dns' }, ports: [{ port: 53 }] },
      {
        name: 'cnpg-operator',
        namespace: 'cnpg-system',
        labels: { 'app.kubernetes.io/name': 'cloudnative-pg' },
        ports: [],
      },
      {
        name: 'minio-operator',
        namespace: 'minio-operator',
        labels: { 'app.kubernetes.io/name': 'operator' },
        ports: [],
      },
      { name: 'stranger-elsewhere', namespace: 'default', labels: { app: 'other' }, ports: [{ port: 8080 }] },
    ];
  }

  /** Who may reach whom: for each pod, the pods that may open a connection to it (on one of its ports). */
  const WHO_REACHES: Record<string, string[]> = {
    gateway: ['ingress-controller', 'prometheus'],
    'svc-identity': ['gateway', 'prometheus', 'svc-beneficiaries', 'svc-finance'],
    'svc-beneficiaries': ['gateway', 'prometheus', 'svc-finance', 'svc-identity'],
    'svc-finance': ['gateway', 'prometheus', 'svc-beneficiaries'],
    'mf-admin': ['gateway'],
    'mf-beneficiaries': ['gateway'],
    'mf-finance': ['gateway'],
    postgres: ['cnpg-operator', 'postgres', 'svc-beneficiaries', 'svc-finance', 'svc-identity'],
    nats: ['gateway', 'nats', 'nats-box', 'svc-beneficiaries', 'svc-finance', 'svc-identity'],
    minio: ['minio', 'minio-operator', 'svc-beneficiaries', 'svc-finance'],
    'stranger-in-namespace': [],
  };
  /** And whom each of the product's pods may reach. */
  const REACHES: Record<string, string[]> = {
    gateway: [
      'mf-admin',
      'mf-beneficiaries',
      'mf-finance',
      'kube-dns',
      'nats',
      'svc-beneficiaries',
      'svc-finance',
      'svc-identity',
    ],
    'svc-identity': ['kube-dns', 'nats', 'postgres', 'svc-beneficiaries'],
    'svc-beneficiaries': ['kube-dns', 'minio', 'nats', 'postgres', 'svc-finance', 'svc-identity'],
    'svc-finance': ['kube-dns', 'minio', 'nats', 'postgres', 'svc-beneficiaries', 'svc-identity'],
    'mf-admin': [],
    'mf-beneficiaries': [],
    'mf-finance': [],
    'stranger-in-namespace': [],
  };

  describe.each(ENVIRONMENTS)('%s', (env) => {
    const model = () => new PolicyModel(renderOf(`overlays/${env}`));
    const pods = () => podsOf(renderOf(`overlays/${env}`));
    const pod = (name: string) => pods().find((p) => p.name === name)!;

    it.each(Object.keys(WHO_REACHES))('%s is reached only by the intended pods', (name) => {
      expect(model().sourcesOf(pod(name), pods())).toEqual([...WHO_REACHES[name]].sort());
    });

    it.each(Object.keys(REACHES))('%s reaches only what it needs', (name) => {
      expect(model().destinationsOf(pod(name), pods())).toEqual([...REACHES[name]].sort());
    });

    it("lets the ingress controller reach the gateway and nothing else of the product's namespace", () => {
      const ours = pods().filter((p) => p.namespace === pod('gateway').namespace);
      expect(model().destinationsOf(pod('ingress-controller'), ours)).toEqual(['gateway']);
      expect(model().destinationsOf(pod('ingress-namespace-other'), ours)).toEqual([]);
    });

    it("lets the monitoring namespace's pods reach each process's metrics port, and nothing else of the namespace; nobody else reaches that port", () => {
      const policies = model();
      const everything = pods();
      const ours = everything.filter((p) => p.namespace === pod('gateway').namespace);
      for (const name of PROCESSES) {
        const target = pod(name);
        expect(target.ports.map((p) => p.port)).toContain(METRICS_PORT);
        const scrapers = everything
          .filter((source) => policies.allows(source, target, METRICS_PORT))
          .map((source) => source.name);
        expect({ process: name, scrapers }).toEqual({ process: name, scrapers: ['prometheus'] });
        const otherPorts = target.ports.filter(
          (p) => p.port !== METRICS_PORT && policies.allows(pod('prometheus'), target, p.port),
        );
        expect({ process: name, otherPorts }).toEqual({ process: name, otherPorts: [] });
      }
      expect(policies.destinationsOf(pod('prometheus'), ours)).toEqual([...PROCESSES].sort());
    });

    it('holds each domain to the same rules when its folder is applied alone', () => {
      for (const domain of Object.keys(DOMAINS)) {
        const alone = renderOf(`overlays/${env}/${domain}`);
        const partModel = new PolicyModel(alone);
        const everything = pods();
        const own = deploymentPods(alone);
        for (const p of own)
          expect({ pod: p.name, sources: partModel.sourcesOf(p, everything) }).toEqual({
            pod: p.name,
            sources: [...WHO_REACHES[p.name]].sort(),
          });
      }
    });
  });

  it('evaluates selectors, namespaces and ports as the API does', () => {
    const policy = (spec: object, namespace = 'a'): K8sObject => ({
      apiVersion: 'networking.k8s.io/v1',
      kind: 'NetworkPolicy',
      metadata: { name: 'p', namespace },
      spec,
    });
    const web: Pod = { name: 'web', namespace: 'a', labels: { app: 'web' }, ports: [{ port: 80, name: 'http' }] };
    const client: Pod = { name: 'client', namespace: 'a', labels: { app: 'client' }, ports: [] };
    const outsider: Pod = { name: 'outsider', namespace: 'b', labels: { app: 'client' }, ports: [] };
    const all = [web, client, outsider];
    // No policy: everything open.
    expect(new PolicyModel([]).sourcesOf(web, all)).toEqual(['client', 'outsider', 'web']);
    // A podSelector peer is the policy's own namespace only; a named port resolves on the destination.
    const ingress = policy({
      podSelector: { matchLabels: { app: 'web' } },
      policyTypes: ['Ingress'],
      ingress: [{ from: [{ podSelector: { matchLabels: { app: 'client' } } }], ports: [{ port: 'http' }] }],
    });
    expect(new PolicyModel([ingress]).sourcesOf(web, all)).toEqual(['client']);
    // namespaceSelector and podSelector in one peer: both must match.
    const both = policy({
      podSelector: {},
      policyTypes: ['Ingress'],
      ingress: [
        {
          from: [
            {
              namespaceSelector: { matchLabels: namespaceLabels('b') },
              podSelector: { matchExpressions: [{ key: 'app', operator: 'In', values: ['client'] }] },
            },
          ],
        },
      ],
    });
    expect(new PolicyModel([both]).sourcesOf(web, all)).toEqual(['outsider']);
    // Egress denied on the source's side closes the connection even when the destination allows it.
    const denyEgress = policy({ podSelector: { matchLabels: { app: 'client' } }, policyTypes: ['Egress'] });
    expect(new PolicyModel([ingress, denyEgress]).sourcesOf(web, all)).toEqual([]);
    // A wrong port closes it too.
    const otherPort = policy({
      podSelector: { matchLabels: { app: 'web' } },
      policyTypes: ['Ingress'],
      ingress: [{ ports: [{ protocol: 'TCP', port: 81 }] }],
    });
    expect(new PolicyModel([otherPort]).sourcesOf(web, all)).toEqual([]);
  });
});
