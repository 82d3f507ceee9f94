import type { K8sObject } from './render';

/**
 * Evaluates NetworkPolicies the way the API defines them, to tell which pods may open a connection to which:
 * a connection is allowed when the destination's ingress side allows it (no policy selects the pod for
 * Ingress, or a rule of one that does matches the source and the port) and the source's egress side allows it
 * (the same for Egress). Selectors are evaluated against the pods' labels and their namespaces' labels.
 */

export interface Pod {
  /** What the test calls it: a Deployment's name, or a platform pod's role. */
  name: string;
  namespace: string;
  labels: Record<string, string>;
  /** TCP ports the pod listens on, with their names when the pod spec gives them. */
  ports: { port: number; name?: string }[];
}

interface LabelSelector {
  matchLabels?: Record<string, string>;
  matchExpressions?: { key: string; operator: 'In' | 'NotIn' | 'Exists' | 'DoesNotExist'; values?: string[] }[];
}
interface Peer {
  podSelector?: LabelSelector;
  namespaceSelector?: LabelSelector;
  ipBlock?: { cidr: string; except?: string[] };
}
interface PolicyPort {
  protocol?: string;
  port?: number | string;
  endPort?: number;
}
interface Rule {
  from?: Peer[];
  to?: Peer[];
  ports?: PolicyPort[];
}

/** A namespace's labels as the API sets them (kubernetes.io/metadata.name), plus any given. */
export const namespaceLabels = (namespace: string, extra: Record<string, string> = {}): Record<string, string> => ({
  'kubernetes.io/metadata.name': namespace,
  ...extra,
});

export function selects(selector: LabelSelector | undefined, labels: Record<string, string>): boolean {
  if (!selector) return true;
  for (const [key, value] of Object.entries(selector.matchLabels ?? {})) if (labels[key] !== value) return false;
  for (const e of selector.matchExpressions ?? []) {
    const has = Object.prototype.hasOwnProperty.call(labels, e.key);
    if (e.operator === 'In' && !(has && (e.values ?? []).includes(labels[e.key]))) return false;
    if (e.operator === 'NotIn' && has && (e.values ?? []).includes(labels[e.key])) return false;
    if (e.operator === 'Exists' && !has) return false;
    if (e.operator === 'DoesNotExist' && has) return false;
  }
  return true;
}

function policyTypes(policy: K8sObject): string[] {
  if (policy.spec.policyTypes) return policy.spec.policyTypes;
  return policy.spec.egress ? ['Ingress', 'Egress'] : ['Ingress'];
}

/**
 * A peer matches a pod: ipBlock is taken to match every pod address (0.0.0.0/0 does on most network plugins),
 * so a policy's address rules count as reaching pods, never less than the cluster would allow.
 */
function peerMatches(
  peer: Peer,
  policyNamespace: string,
  pod: Pod,
  nsLabels: (ns: string) => Record<string, string>,
): boolean {
  if (peer.ipBlock) return true;
  const namespaceOk = peer.namespaceSelector
    ? selects(peer.namespaceSelector, nsLabels(pod.namespace))
    : pod.namespace === policyNamespace;
  return namespaceOk && selects(peer.podSelector ?? {}, pod.labels);
}

function portMatches(ports: PolicyPort[] | undefined, destination: Pod, port: number): boolean {
  if (!ports || ports.length === 0) return true;
  return ports.some((p) => {
    if ((p.protocol ?? 'TCP') !== 'TCP') return false;
    if (p.port === undefined) return true;
    const number = typeof p.port === 'number' ? p.port : destination.ports.find((q) => q.name === p.port)?.port;
    if (number === undefined) return false;
    return p.endPort ? port >= number && port <= p.endPort : port === number;
  });
}

export class PolicyModel {
  private readonly policies: (K8sObject & { namespace: string })[];

  constructor(
    policies: K8sObject[],
    private readonly nsLabels: (namespace: string) => Record<string, string> = (ns) => namespaceLabels(ns),
  ) {
    this.policies = policies
      .filter((p) => p.kind === 'NetworkPolicy')
      .map((p) => ({ ...p, namespace: p.metadata.namespace ?? 'default' }));
  }

  /** Whether the policies of `owner`'s side (its ingress or its egress) let the connection through. */
  private side(type: 'Ingress' | 'Egress', owner: Pod, other: Pod, destination: Pod, port: number): boolean {
    const selecting = this.policies.filter(
      (p) =>
        p.namespace === owner.namespace && policyTypes(p).includes(type) && selects(p.spec.podSelector, owner.labels),
    );
    if (selecting.length === 0) return true;
    return selecting.some((p) =>
      (((type === 'Ingress' ? p.spec.ingress : p.spec.egress) ?? []) as Rule[]).some((rule) => {
        const peers = type === 'Ingress' ? rule.from : rule.to;
        const peerOk =
          !peers || peers.length === 0 || peers.some((peer) => peerMatches(peer, p.namespace, other, this.nsLabels));
        return peerOk && portMatches(rule.ports, destination, port);
      }),
    );
  }

  /** Whether `source` may open a TCP connection to `destination` on `port`. */
  allows(source: Pod, destination: Pod, port: number): boolean {
    return (
      this.side('Ingress', destination, source, destination, port) &&
      this.side('Egress', source, destination, destination, port)
    );
  }

  /** The pods (by name) that may reach `destination` on one of its ports (itself: another replica of it). */
  sourcesOf(destination: Pod, pods: Pod[]): string[] {
    return pods
      .filter((source) => destination.ports.some(({ port }) => this.allows(source, destination, port)))
      .map((source) => source.name)
      .sort();
  }

  /** The pods (by name) `source` may reach on one of their ports (itself: another replica of it). */
  destinationsOf(source: Pod, pods: Pod[]): string[] {
    return pods
      .filter((destination) => destination.ports.some(({ port }) => this.allows(source, destination, port)))
      .map((destination) => destination.name)
      .sort();
  }
}

/** The pods a rendered set of objects runs: one per Deployment, with its template's labels and ports. */
export function deploymentPods(objects: K8sObject[]): Pod[] {
  return objects
    .filter((o) => o.kind === 'Deployment')
    .map((d) => ({
      name: d.metadata.name,
      namespace: d.metadata.namespace ?? 'default',
      labels: d.spec.template.metadata.labels ?? {},
      ports: d.spec.template.spec.containers.flatMap((c: { ports?: { containerPort: number; name?: string }[] }) =>
        (c.ports ?? []).map((p) => ({ port: p.containerPort, name: p.name })),
      ),
    }));
}
