// Evaluates Kubernetes NetworkPolicies (networking.k8s.io/v1) the way the API defines them, for
// the subset of features the chart uses: pod and namespace selectors with matchLabels, ipBlock
// with except, numeric ports with protocols. A connection is allowed when the source's egress
// and the destination's ingress both allow it; a pod no policy selects (for a direction) is
// open in that direction.
import { matches } from './manifest.mjs';

// An endpoint: { namespace, namespaceLabels, labels } for a pod, or { ip } outside the cluster.

function ipToInt(ip) {
  return ip.split('.').reduce((acc, part) => acc * 256 + Number(part), 0);
}

export function inCidr(ip, cidr) {
  const [base, bitsText] = cidr.split('/');
  const bits = Number(bitsText);
  const size = 2 ** (32 - bits);
  const start = Math.floor(ipToInt(base) / size) * size;
  const value = ipToInt(ip);
  return value >= start && value < start + size;
}

function peerMatches(peer, endpoint, policyNamespace) {
  if (peer.ipBlock) {
    if (!endpoint.ip) return false;  // pod addresses are not matched by ipBlocks here
    return inCidr(endpoint.ip, peer.ipBlock.cidr) && !(peer.ipBlock.except ?? []).some((c) => inCidr(endpoint.ip, c));
  }
  if (endpoint.ip) return false;
  const namespaceOk = peer.namespaceSelector
    ? matches(peer.namespaceSelector, endpoint.namespaceLabels ?? {})
    : endpoint.namespace === policyNamespace;
  const podOk = peer.podSelector ? matches(peer.podSelector, endpoint.labels ?? {}) : true;
  return namespaceOk && podOk;
}

function portMatches(rulePorts, port, protocol) {
  if (!rulePorts || rulePorts.length === 0) return true;
  return rulePorts.some((p) => (p.protocol ?? 'TCP') === protocol && (p.port === undefined || p.port === port));
}

function selecting(policies, endpoint, type) {
  if (endpoint.ip) return [];
  return policies.filter((p) => p.metadata.namespace === endpoint.namespace &&
    (p.spec.policyTypes ?? ['Ingress']).includes(type) && matches(p.spec.podSelector, endpoint.labels ?? {}));
}

function directionAllows(policies, subject, other, port, protocol, type) {
  const applying = selecting(policies, subject, type);
  if (applying.length === 0) return true;
  const rulesKey = type === 'Ingress' ? 'ingress' : 'egress';
  const peersKey = type === 'Ingress' ? 'from' : 'to';
  return applying.some((policy) => (policy.spec[rulesKey] ?? []).some((rule) => {
    const peers = rule[peersKey];
    const peerOk = !peers || peers.length === 0 || peers.some((peer) => peerMatches(peer, other, policy.metadata.namespace));
    return peerOk && portMatches(rule.ports, port, protocol);
  }));
}

// May `source` open a connection to `destination` on `port`/`protocol`?
export function allowed(policies, source, destination, port, protocol = 'TCP') {
  return directionAllows(policies, source, destination, port, protocol, 'Egress') &&
    directionAllows(policies, destination, source, port, protocol, 'Ingress');
}
