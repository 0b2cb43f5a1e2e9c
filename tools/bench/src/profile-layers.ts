/*
 * Where a V8 CPU profile's time goes, by layer of the service: each sample's self time is given to
 * the layer of the first frame, walking from the leaf up, that belongs to one of the repository's
 * files or to a known package. Node's own modules, unknown packages, libs/util helpers and V8
 * builtins are passed through (the caller decides), except node's HTTP, socket and stream modules,
 * which count as HTTP only when no frame above them decides (a log line written to a pipe is logging).
 * Pure: the profile comes in parsed, the repository root as a file URL.
 */

export const LAYERS = [
  { id: 'http', label: 'HTTP and Express (node:http/net/streams, express, router, body-parser, server middleware)' },
  { id: 'access', label: 'access control (libs/auth, the server’s access control)' },
  { id: 'validation', label: 'validation (zod, ajv, libs/contracts, engine and capability input/output checks)' },
  { id: 'engine', label: 'engine (libs/engine, libs/skill-language, libs/bindings)' },
  { id: 'capability', label: 'capability work (libs/providers/*, built-in implementations in libs/baselines)' },
  { id: 'service', label: 'service and routes (apps/server routes, libs/service, runs, catalog, idempotency)' },
  { id: 'metrics', label: 'metrics (prom-client, libs/metrics)' },
  { id: 'logging', label: 'logging (winston, logform, the server’s request log)' },
  { id: 'serialisation', label: 'serialisation (JSON parse of bodies, JSON stringify of answers)' },
  { id: 'gc', label: 'GC' },
  { id: 'tsx', label: 'tsx `__name` helper (source run only: not in the built server)' },
  { id: 'other', label: 'other (V8 “(program)”, microtask machinery, unmatched)' },
] as const;

export type LayerId = (typeof LAYERS)[number]['id'];

export interface CallFrame {
  readonly functionName: string;
  readonly url: string;
  /** 0-based, in the code V8 ran (for tsx-compiled files, one minified line). */
  readonly lineNumber: number;
  readonly columnNumber: number;
}

export interface ProfileNode {
  readonly id: number;
  readonly callFrame: CallFrame;
  readonly children?: readonly number[];
}

/** The `.cpuprofile` JSON node writes for `--cpu-prof` (timestamps in µs of the monotonic clock). */
export interface CpuProfile {
  readonly nodes: readonly ProfileNode[];
  readonly startTime: number;
  readonly endTime: number;
  readonly samples: readonly number[];
  readonly timeDeltas: readonly number[];
}

/** A frame's say in the attribution: a layer that decides, a layer used only when nothing above decides, or none. */
type Claim = { readonly layer: LayerId; readonly strong: boolean } | undefined;

const PACKAGE_LAYERS: ReadonlyArray<readonly [LayerId, readonly string[]]> = [
  [
    'http',
    [
      'express', 'router', 'body-parser', 'raw-body', 'parseurl', 'type-is', 'media-typer', 'content-type', 'mime-types', 'mime-db',
      'on-finished', 'finalhandler', 'iconv-lite', 'safer-buffer', 'path-to-regexp', 'qs', 'accepts', 'negotiator', 'vary', 'etag',
      'fresh', 'encodeurl', 'escape-html', 'proxy-addr', 'forwarded', 'ipaddr.js', 'unpipe', 'cookie', 'cookie-signature', 'send',
      'serve-static', 'range-parser', 'bytes', 'ee-first', 'statuses', 'http-errors', 'depd', 'debug', 'content-disposition',
      'merge-descriptors', 'setprototypeof', 'toidentifier', 'is-promise', 'side-channel', 'side-channel-list', 'side-channel-map',
      'side-channel-weakmap', 'object-inspect', 'get-intrinsic', 'call-bound', 'call-bind-apply-helpers',
    ],
  ],
  ['validation', ['zod', 'ajv', 'ajv-formats', 'fast-deep-equal', 'fast-uri', 'json-schema-traverse', 'fast-json-stable-stringify', 'uri-js']],
  ['metrics', ['prom-client', 'tdigest', 'bintrees']],
  [
    'logging',
    [
      'winston', 'winston-transport', 'logform', 'triple-beam', 'readable-stream', 'safe-stable-stringify', 'fecha', '@colors/colors',
      '@dabh/diagnostics', 'one-time', 'stack-trace', 'is-stream', 'kuler', 'text-hex', 'fn.name', 'enabled', '@so-ric/colorspace', 'color', 'async',
    ],
  ],
];
const PACKAGE_LAYER = new Map<string, LayerId>(PACKAGE_LAYERS.flatMap(([layer, names]) => names.map((name) => [name, layer] as const)));

/** Repository paths (relative to the root) by prefix; the first that matches wins, so the narrow ones come first. */
const PATH_LAYERS: ReadonlyArray<readonly [string, LayerId]> = [
  ['libs/engine/src/validation/', 'validation'],
  ['libs/baselines/src/input/', 'validation'],
  ['libs/engine/', 'engine'],
  ['libs/skill-language/', 'engine'],
  ['libs/bindings/', 'engine'],
  ['libs/providers/', 'capability'],
  ['libs/baselines/', 'capability'],
  ['libs/auth/', 'access'],
  ['libs/contracts/', 'validation'],
  ['libs/metrics/', 'metrics'],
  ['apps/server/src/logging/', 'logging'],
  ['apps/server/src/request-observer.ts', 'logging'],
  ['apps/server/src/access-control', 'access'],
  ['apps/server/src/auth-plugins.ts', 'access'],
  ['apps/server/src/client-address.ts', 'access'],
  ['apps/server/src/json-body.ts', 'http'],
  ['apps/server/src/json-response.ts', 'http'],
  ['apps/server/src/handler-chain.ts', 'http'],
  ['apps/server/src/discard-request-body.ts', 'http'],
  ['apps/server/src/lingering-close.ts', 'http'],
  ['apps/server/src/security-headers.ts', 'http'],
  ['apps/server/src/http-server.ts', 'http'],
  ['apps/server/src/unmatched-routes.ts', 'http'],
  ['apps/server/src/query-values.ts', 'http'],
  ['apps/server/src/transport-error.ts', 'http'],
  ['apps/server/src/error-handler.ts', 'http'],
  ['apps/server/src/', 'service'],
  ['libs/service/', 'service'],
  ['libs/runs/', 'service'],
  ['libs/catalog/', 'service'],
  ['libs/registry/', 'service'],
  ['libs/idempotency/', 'service'],
  ['libs/webhooks/', 'service'],
  ['libs/audit-store/', 'service'],
  ['libs/redis-state/', 'service'],
  ['libs/tracing-sdk/', 'service'],
];

/**
 * Node's modules that are HTTP plumbing: a fallback claim, overruled by any deciding frame above.
 * Streams are among them: with nothing of ours above, a stream is a request's body or a socket
 * (winston's streams are a package of their own, and a log write has the logger above it).
 */
const NODE_HTTP = /^node:(?:_http_\w+|http|https|net|stream|internal\/(?:http|net|stream_base_commons|js_stream_socket|streams\/[\w-]+))$/;

/** The package a `node_modules` path belongs to (the innermost one, scoped names kept), else undefined. */
export function packageOf(path: string): string | undefined {
  const at = path.lastIndexOf('node_modules/');
  if (at === -1) return undefined;
  const [first = '', second = ''] = path.slice(at + 'node_modules/'.length).split('/');
  return first.startsWith('@') ? `${first}/${second}` : first;
}

/** A frame's URL as a repository-relative path (`libs/…`, `node_modules/…`), a `node:` id, or '' for V8 builtins. */
export function relativeUrl(url: string, rootUrl: string): string {
  const root = rootUrl.endsWith('/') ? rootUrl : `${rootUrl}/`;
  if (url.startsWith(root)) return url.slice(root.length);
  if (url.startsWith('file://')) {
    const modules = url.indexOf('/node_modules/');
    return modules === -1 ? url.slice('file://'.length) : url.slice(modules + 1);
  }
  return url;
}

/** What one frame says (see the module comment). */
export function claimOf(frame: CallFrame, rootUrl: string): Claim {
  const { functionName: name, url } = frame;
  if (url === '') {
    if (name === '(garbage collector)') return { layer: 'gc', strong: true };
    if (name === '(program)') return { layer: 'other', strong: true };
    // ajv's compiled validators are functions made with `new Function`: no URL, named validateN.
    if (/^validate\d*$/.test(name)) return { layer: 'validation', strong: true };
    if (name === 'stringify' || name === 'parse') return { layer: 'serialisation', strong: true };
    return undefined;
  }
  // Injected by tsx's keepNames into every compiled file; esbuild's production build has no such call.
  if (name === '__name') return { layer: 'tsx', strong: true };
  const path = relativeUrl(url, rootUrl);
  if (path.startsWith('node:')) return NODE_HTTP.test(path) ? { layer: 'http', strong: false } : undefined;
  const pkg = packageOf(path);
  if (pkg !== undefined) {
    // Express's and body-parser's JSON steps, named for what they do: the answer's stringify and the body's parse.
    if ((pkg === 'express' && path.endsWith('/lib/response.js') && name === 'stringify') || (pkg === 'body-parser' && path.endsWith('/types/json.js') && name === 'parse')) {
      return { layer: 'serialisation', strong: true };
    }
    const layer = PACKAGE_LAYER.get(pkg);
    return layer === undefined ? undefined : { layer, strong: true };
  }
  if (path.startsWith('libs/util/')) return undefined;
  const match = PATH_LAYERS.find(([prefix]) => path.startsWith(prefix));
  return match === undefined ? undefined : { layer: match[1], strong: true };
}

/** One function: its name and position. */
const frameKey = (frame: CallFrame): string => `${frame.functionName}\u0000${frame.url}\u0000${frame.lineNumber}\u0000${frame.columnNumber}`;

export interface Window {
  /** Monotonic µs (the profile's clock); samples outside [from, to] are left out. */
  readonly fromMicros: number;
  readonly toMicros: number;
}

export interface SelfTime {
  readonly frame: CallFrame;
  readonly micros: number;
}

export interface Attribution {
  /** Sampled µs in the window, idle excluded. */
  readonly busyMicros: number;
  readonly idleMicros: number;
  readonly samples: number;
  readonly byLayer: ReadonlyMap<LayerId, number>;
  /** Self time by function (name, URL, position), largest first. */
  readonly bySelf: readonly SelfTime[];
}

/**
 * Walks every sample in the window to its layer. A sample's time is its time delta (the interval
 * that ended with it), as DevTools counts self time.
 */
export function attribute(profile: CpuProfile, window: Window, rootUrl: string): Attribution {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parentOf = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parentOf.set(child, node.id);
  const layerOfNode = new Map<number, LayerId>();
  const resolve = (id: number): LayerId => {
    const known = layerOfNode.get(id);
    if (known !== undefined) return known;
    let fallback: LayerId | undefined;
    let layer: LayerId | undefined;
    for (let at: number | undefined = id; at !== undefined && layer === undefined; at = parentOf.get(at)) {
      const node = byId.get(at);
      if (node === undefined) break;
      const claim = claimOf(node.callFrame, rootUrl);
      if (claim?.strong === true) layer = claim.layer;
      else if (claim !== undefined) fallback ??= claim.layer;
    }
    const decided = layer ?? fallback ?? 'other';
    layerOfNode.set(id, decided);
    return decided;
  };

  const byLayer = new Map<LayerId, number>();
  const self = new Map<number, number>();
  let busyMicros = 0;
  let idleMicros = 0;
  let samples = 0;
  let time = profile.startTime;
  profile.samples.forEach((id, index) => {
    const delta = profile.timeDeltas[index] ?? 0;
    time += delta;
    if (time < window.fromMicros || time > window.toMicros) return;
    const node = byId.get(id);
    if (node === undefined) return;
    const name = node.callFrame.functionName;
    if (name === '(idle)') {
      idleMicros += delta;
      return;
    }
    if (name === '(root)') return;
    samples++;
    busyMicros += delta;
    const layer = resolve(id);
    byLayer.set(layer, (byLayer.get(layer) ?? 0) + delta);
    self.set(id, (self.get(id) ?? 0) + delta);
  });

  // Nodes are per call path: the same function appears under many; self time is summed by function.
  const byFunction = new Map<string, { frame: CallFrame; micros: number }>();
  for (const [id, micros] of self) {
    const frame = (byId.get(id) as ProfileNode).callFrame;
    const key = frameKey(frame);
    const entry = byFunction.get(key);
    if (entry === undefined) byFunction.set(key, { frame, micros });
    else entry.micros += micros;
  }
  const bySelf = [...byFunction.values()].sort((a, b) => b.micros - a.micros);
  return { busyMicros, idleMicros, samples, byLayer, bySelf };
}

/** Several windows' attributions as one: times and samples added, self times merged by function. */
export function mergeAttributions(parts: readonly Attribution[]): Attribution {
  const byLayer = new Map<LayerId, number>();
  const byFunction = new Map<string, { frame: CallFrame; micros: number }>();
  for (const part of parts) {
    for (const [layer, micros] of part.byLayer) byLayer.set(layer, (byLayer.get(layer) ?? 0) + micros);
    for (const { frame, micros } of part.bySelf) {
      const key = frameKey(frame);
      const entry = byFunction.get(key);
      if (entry === undefined) byFunction.set(key, { frame, micros });
      else entry.micros += micros;
    }
  }
  const sum = (pick: (part: Attribution) => number): number => parts.reduce((total, part) => total + pick(part), 0);
  return {
    busyMicros: sum((part) => part.busyMicros),
    idleMicros: sum((part) => part.idleMicros),
    samples: sum((part) => part.samples),
    byLayer,
    bySelf: [...byFunction.values()].sort((a, b) => b.micros - a.micros),
  };
}

export interface LayerShare {
  readonly layer: LayerId;
  readonly label: string;
  /** Of the busy (non-idle) sampled time. */
  readonly share: number;
  /** share × the window's CPU µs per request. */
  readonly micros: number;
}

/** Every layer (in LAYERS order) with its share and µs per request. */
export function layerShares(attribution: Attribution, cpuMicrosPerRequest: number): LayerShare[] {
  return LAYERS.map(({ id, label }) => {
    const share = attribution.busyMicros > 0 ? (attribution.byLayer.get(id) ?? 0) / attribution.busyMicros : 0;
    return { layer: id, label, share, micros: share * cpuMicrosPerRequest };
  });
}
