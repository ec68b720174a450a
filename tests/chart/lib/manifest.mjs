// Helpers for looking into rendered Kubernetes objects: the pod template of a workload, its
// containers, finding objects by kind and name, label selectors.

export const workloadKinds = ['Deployment', 'StatefulSet', 'Job', 'Pod'];

// The pod spec of a workload (the object itself for a Pod), or null for other kinds.
export function podSpecOf(object) {
  if (object.kind === 'Pod') return object.spec;
  if (workloadKinds.includes(object.kind)) return object.spec.template.spec;
  return null;
}

// The pod labels of a workload.
export function podLabelsOf(object) {
  if (object.kind === 'Pod') return object.metadata.labels ?? {};
  return object.spec.template.metadata?.labels ?? {};
}

export function workloads(objects) {
  return objects.filter((o) => workloadKinds.includes(o.kind));
}

// Every container of a workload, init containers included, each with the workload it is in.
export function containersOf(object) {
  const spec = podSpecOf(object);
  return [...(spec.initContainers ?? []), ...spec.containers];
}

export function find(objects, kind, name) {
  const found = objects.find((o) => o.kind === kind && o.metadata.name === name);
  if (!found) throw new Error(`no ${kind} named ${name} in the rendered chart`);
  return found;
}

export function envOf(container) {
  return Object.fromEntries((container.env ?? []).map((e) => [e.name, e]));
}

// True when `labels` satisfy a matchLabels selector (the only kind the chart uses).
export function matches(selector, labels) {
  if (selector.matchExpressions) throw new Error('matchExpressions are not used by the chart');
  return Object.entries(selector.matchLabels ?? {}).every(([k, v]) => labels[k] === v);
}

export const components = ['game', 'lobby', 'notify'];
