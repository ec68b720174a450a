// Game affinity: each game's calls go to one game pod while the set of pods is stable, so that
// the pod's cache of the game (services/game/game_cache.h) serves its next move. The same ring as
// the lobby's (services/common/game_ring.h, which says how it is built): a game id is placed on
// the same pod by both. @grpc/grpc-js has no consistent-hash policy outside xDS, so the ring, the
// resolution of the backend's name and one client per pod are here.
//
// A backend is "host:port" or "dns:///host:port" (every address of the name, looked up again every
// `refreshMs`: the chart's headless Service gives one per pod), or a fixed list
// "ipv4:ADDR:PORT,ADDR:PORT" / "ipv6:[ADDR]:PORT,..." (tests). A call goes to the game's owner
// unless that pod's channel is in TRANSIENT_FAILURE; then to the next pod on the ring. Calls
// without a game id go round-robin over the whole backend. Optimistic concurrency (a move's
// expected version) keeps moves right while pods come and go.
import { createHash } from "node:crypto";
import { lookup } from "node:dns/promises";
import grpc from "@grpc/grpc-js";

export const pointsPerAddress = 128;

// The first 8 bytes of SHA-256(text), big-endian, as a BigInt.
export function ringHash(text) {
  return createHash("sha256").update(text).digest().readBigUInt64BE(0);
}

export class GameRing {
  constructor(addresses) {
    this.addresses = [...new Set(addresses)].sort();
    this.points = [];
    this.addresses.forEach((address, index) => {
      for (let i = 0; i < pointsPerAddress; i++) this.points.push({ hash: ringHash(`${address}#${i}`), index });
    });
    this.points.sort((x, y) => (x.hash < y.hash ? -1 : x.hash > y.hash ? 1 : x.index - y.index));
  }

  // The distinct addresses in the order a call for `key` tries them, the owner first.
  order(key) {
    if (this.points.length === 0) return [];
    const hash = ringHash(key);
    let low = 0;
    let high = this.points.length;
    while (low < high) {
      const mid = (low + high) >> 1;
      if (this.points[mid].hash < hash) low = mid + 1;
      else high = mid;
    }
    const first = low === this.points.length ? 0 : low;
    const order = [];
    const taken = new Set();
    for (let i = 0; i < this.points.length && order.length < this.addresses.length; i++) {
      const { index } = this.points[(first + i) % this.points.length];
      if (!taken.has(index)) {
        taken.add(index);
        order.push(this.addresses[index]);
      }
    }
    return order;
  }
}

function parseBackend(target) {
  if (target.startsWith("ipv4:") || target.startsWith("ipv6:")) {
    const fixed = target.slice(5).split(",").filter(Boolean);
    if (fixed.length === 0) throw new Error(`backend '${target}' lists no address`);
    return { fixed };
  }
  const name = target.replace(/^dns:(\/\/\/)?/, "");
  const colon = name.lastIndexOf(":");
  if (colon <= 0 || colon === name.length - 1) throw new Error(`backend '${target}' is not host:port`);
  return { host: name.slice(0, colon).replace(/^\[(.*)\]$/, "$1"), port: name.slice(colon + 1) };
}

// Every address of `host`, as "a.b.c.d:port" or "[a::b]:port", sorted.
async function resolveAll(host, port) {
  const found = await lookup(host, { all: true });
  return [...new Set(found.map(({ address, family }) => (family === 6 ? `[${address}]:${port}` : `${address}:${port}`)))].sort();
}

// Clients of one backend by game id. `options`: the grpc.Client options of every channel.
export class GameClients {
  constructor(target, options, { refreshMs = 5000, log = () => {} } = {}) {
    this.backend = parseBackend(target);
    this.options = options;
    this.log = log;
    this.any = new grpc.Client(target, grpc.credentials.createInsecure(), {
      ...options, "grpc.service_config": JSON.stringify({ loadBalancingConfig: [{ round_robin: {} }] }),
    });
    this.ring = new GameRing([]);
    this.clients = new Map();  // address -> grpc.Client
    this.ready = this.refresh();
    if (!this.backend.fixed) this.timer = setInterval(() => this.refresh(), refreshMs).unref();
  }

  async refresh() {
    let addresses;
    try {
      addresses = this.backend.fixed ? [...this.backend.fixed].sort() : await resolveAll(this.backend.host, this.backend.port);
    } catch (err) {
      this.log({ level: "warn", event: "game_ring_unresolved", error: err.message });
      return;  // keep the ring we have
    }
    if (addresses.length === 0 || addresses.join(",") === this.ring.addresses.join(",")) return;
    this.ring = new GameRing(addresses);
    for (const [address, client] of this.clients) {
      if (!addresses.includes(address)) {
        client.close();
        this.clients.delete(address);
      }
    }
    this.log({ level: "info", event: "game_ring_changed", pods: addresses.length });
  }

  clientOf(address) {
    let client = this.clients.get(address);
    if (!client) {
      const target = `${address.startsWith("[") ? "ipv6" : "ipv4"}:${address}`;
      client = new grpc.Client(target, grpc.credentials.createInsecure(), { ...this.options, "grpc.use_local_subchannel_pool": 1 });
      this.clients.set(address, client);
    }
    return client;
  }

  // The client for a call about `gameId` ("" or undefined: round-robin).
  for(gameId) {
    if (!gameId) return this.any;
    const order = this.ring.order(gameId);
    if (order.length === 0) return this.any;
    for (const address of order) {
      const client = this.clientOf(address);
      if (client.getChannel().getConnectivityState(true) !== grpc.connectivityState.TRANSIENT_FAILURE) return client;
    }
    return this.clientOf(order[0]);
  }

  close() {
    clearInterval(this.timer);
    this.any.close();
    for (const client of this.clients.values()) client.close();
  }
}
