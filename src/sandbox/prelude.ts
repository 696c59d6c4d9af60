/**
 * The JavaScript evaluated in each sandbox before the user's program: the controller API of controller-api.d.ts
 * (`defineController`, `ctx.client`, `ctx.log`, the apierrors helpers) built over the few host functions the runner
 * gives (`__host`), and the replacements of what would break determinism: `Date` reads the virtual clock and
 * `Math.random` the controller's seeded stream. Everything crosses the boundary as JSON text, so no object of the
 * simulation is ever shared with the user's code (it may mutate what it reads: it has a copy).
 *
 * After the program is evaluated, `__loopscope.start(request)` runs its reconcile and `__loopscope.outcome()` says
 * (as JSON) whether it is still waiting, returned, or threw; `__loopscope.map(index, objectJson)` runs a watch's map.
 */

/** The file name the prelude's frames carry (they are hidden from the user's stacks). */
export const PRELUDE_FILE = 'loopscope-prelude.js';

export const PRELUDE = String.raw`(function (host) {
  'use strict';
  const g = globalThis;
  const RealDate = Date;
  class SimDate extends RealDate {
    constructor(...args) {
      if (args.length === 0) super(host.now());
      else super(...args);
    }
    static now() {
      return host.now();
    }
  }
  g.Date = SimDate;
  Math.random = function random() {
    return host.random();
  };
  delete g.__host;

  class StatusError extends Error {
    constructor(status, verb, target) {
      super(status && status.message ? status.message : verb + ' ' + target + ' failed');
      this.name = 'StatusError';
      this.code = status && status.code;
      this.reason = status && status.reason;
      this.status = status;
    }
  }
  const reasonIs = (reason) => (e) => !!e && typeof e === 'object' && e.reason === reason;
  g.isNotFound = reasonIs('NotFound');
  g.isAlreadyExists = reasonIs('AlreadyExists');
  g.isConflict = reasonIs('Conflict');
  g.isInvalid = reasonIs('Invalid');

  function typeOf(t, where) {
    if (!t || typeof t !== 'object' || typeof t.apiVersion !== 'string' || typeof t.kind !== 'string') {
      throw new TypeError(where + ': expected a type { apiVersion, kind } as the first argument');
    }
    return { apiVersion: t.apiVersion, kind: t.kind };
  }
  function objectOf(obj, where) {
    if (!obj || typeof obj !== 'object' || typeof obj.apiVersion !== 'string' || typeof obj.kind !== 'string' || !obj.metadata || typeof obj.metadata !== 'object') {
      throw new TypeError(where + ': expected an object with apiVersion, kind and metadata');
    }
    return obj;
  }
  function call(request) {
    const target = request.kind + ' ' + (request.namespace ? request.namespace + '/' : '') + (request.name || (request.body && request.body.metadata && (request.body.metadata.name || request.body.metadata.generateName)) || '');
    return host.call(JSON.stringify(request)).then((text) => {
      const res = JSON.parse(text);
      if (!res.ok) throw new StatusError(res.status, request.verb, target);
      return res.object !== undefined ? res.object : res.list;
    });
  }
  function writeOf(verb, obj, extra) {
    const r = { verb, apiVersion: obj.apiVersion, kind: obj.kind };
    if (obj.metadata.namespace) r.namespace = obj.metadata.namespace;
    if (obj.metadata.name) r.name = obj.metadata.name;
    return Object.assign(r, extra, { body: obj });
  }
  const PATCH_TYPES = { merge: 'application/merge-patch+json', json: 'application/json-patch+json', strategic: 'application/strategic-merge-patch+json' };
  const client = Object.freeze({
    get(type, namespace, name) {
      const t = typeOf(type, 'ctx.client.get');
      const text = host.get(JSON.stringify({ type: t, namespace: namespace == null ? undefined : String(namespace), name: String(name) }));
      return text === undefined ? undefined : JSON.parse(text);
    },
    list(type, options) {
      const t = typeOf(type, 'ctx.client.list');
      const o = options || {};
      return JSON.parse(host.list(JSON.stringify({ type: t, namespace: o.namespace == null ? undefined : String(o.namespace), labelSelector: o.labelSelector == null ? undefined : String(o.labelSelector) })));
    },
    create(obj) {
      return call(writeOf('create', objectOf(obj, 'ctx.client.create'), {}));
    },
    update(obj) {
      return call(writeOf('update', objectOf(obj, 'ctx.client.update'), {}));
    },
    updateStatus(obj) {
      return call(writeOf('update', objectOf(obj, 'ctx.client.updateStatus'), { subresource: 'status' }));
    },
    patch(type, namespace, name, patchType, patch, options) {
      const t = typeOf(type, 'ctx.client.patch');
      const pt = PATCH_TYPES[patchType];
      if (!pt) throw new TypeError('ctx.client.patch: patch type must be "merge", "json" or "strategic", not ' + JSON.stringify(patchType));
      const r = { verb: 'patch', apiVersion: t.apiVersion, kind: t.kind, name: String(name), patchType: pt, body: patch };
      if (namespace != null) r.namespace = String(namespace);
      if (options && options.subresource === 'status') r.subresource = 'status';
      return call(r);
    },
    apply(obj, options) {
      const o = objectOf(obj, 'ctx.client.apply');
      return call(writeOf('patch', o, { patchType: 'application/apply-patch+yaml', force: !!(options && options.force) }));
    },
    delete(type, namespace, name, options) {
      const t = typeOf(type, 'ctx.client.delete');
      const r = { verb: 'delete', apiVersion: t.apiVersion, kind: t.kind, name: String(name) };
      if (namespace != null) r.namespace = String(namespace);
      if (options && options.propagationPolicy) r.propagationPolicy = options.propagationPolicy;
      return call(r);
    },
  });
  function show(v) {
    if (typeof v === 'string') return v;
    if (v instanceof Error) return v.name + ': ' + v.message;
    try {
      const s = JSON.stringify(v);
      return s === undefined ? String(v) : s;
    } catch (e) {
      return String(v);
    }
  }
  const ctx = Object.freeze({
    client,
    log(...args) {
      host.log(args.map(show).join(' ').slice(0, 2000));
    },
    get now() {
      return host.now();
    },
  });
  g.defineController = function defineController(definition) {
    return definition;
  };

  let program;
  let outcome = { state: 'pending' };
  function errorOf(e) {
    if (e instanceof Error) return { name: e.name, message: String(e.message), stack: String(e.stack || '') };
    return { name: 'Error', message: 'threw ' + show(e), stack: '' };
  }
  g.__loopscope = Object.freeze({
    load(exports) {
      program = exports && exports.default !== undefined ? exports.default : exports;
    },
    describe() {
      const p = program;
      const isType = (t) => !!t && typeof t === 'object' && typeof t.apiVersion === 'string' && typeof t.kind === 'string';
      if (!p || typeof p !== 'object') return JSON.stringify({ error: 'the program must export default defineController({ name, for, reconcile })' });
      if (typeof p.name !== 'string') return JSON.stringify({ error: 'defineController: name must be a string' });
      if (!isType(p.for)) return JSON.stringify({ error: 'defineController: for must be { apiVersion, kind }' });
      if (typeof p.reconcile !== 'function') return JSON.stringify({ error: 'defineController: reconcile must be a function' });
      const owns = p.owns === undefined ? [] : p.owns;
      if (!Array.isArray(owns) || !owns.every(isType)) return JSON.stringify({ error: 'defineController: owns must be a list of { apiVersion, kind }' });
      const watches = p.watches === undefined ? [] : p.watches;
      if (!Array.isArray(watches) || !watches.every((w) => isType(w) && (w.map === undefined || typeof w.map === 'function'))) {
        return JSON.stringify({ error: 'defineController: watches must be a list of { apiVersion, kind, map? }' });
      }
      const workers = p.maxConcurrentReconciles === undefined ? 1 : p.maxConcurrentReconciles;
      if (!Number.isInteger(workers) || workers < 1 || workers > 16) return JSON.stringify({ error: 'defineController: maxConcurrentReconciles must be an integer from 1 to 16' });
      const type = (t) => ({ apiVersion: t.apiVersion, kind: t.kind });
      return JSON.stringify({
        info: { name: p.name, for: type(p.for), owns: owns.map(type), watches: watches.map((w) => ({ apiVersion: w.apiVersion, kind: w.kind, map: typeof w.map === 'function' })), workers },
      });
    },
    start(requestJson) {
      const request = Object.freeze(JSON.parse(requestJson));
      outcome = { state: 'pending' };
      Promise.resolve()
        .then(() => program.reconcile(request, ctx))
        .then(
          (result) => {
            outcome = { state: 'done', result: result === undefined || result === null ? {} : result };
          },
          (e) => {
            outcome = { state: 'error', error: errorOf(e) };
          },
        );
    },
    outcome() {
      if (outcome.state !== 'done') return JSON.stringify(outcome);
      const r = outcome.result;
      if (typeof r !== 'object') return JSON.stringify({ state: 'error', error: { name: 'TypeError', message: 'reconcile must return {} or { requeueAfter: ms }, not ' + show(r), stack: '' } });
      if (r.requeueAfter !== undefined && !(typeof r.requeueAfter === 'number' && r.requeueAfter >= 0 && r.requeueAfter <= 86400000)) {
        return JSON.stringify({ state: 'error', error: { name: 'TypeError', message: 'requeueAfter must be a number of milliseconds from 0 to 86400000, not ' + show(r.requeueAfter), stack: '' } });
      }
      return JSON.stringify({ state: 'done', result: r.requeueAfter !== undefined ? { requeueAfter: r.requeueAfter } : r.requeue === true ? { requeue: true } : {} });
    },
    map(index, objectJson) {
      const w = program.watches[index];
      const out = w.map(JSON.parse(objectJson));
      const list = out === undefined || out === null ? [] : Array.isArray(out) ? out : [out];
      return JSON.stringify(list.map((r) => {
        if (!r || typeof r !== 'object' || typeof r.name !== 'string') throw new TypeError('a watch map must return requests { namespace?, name }');
        return r.namespace == null ? { name: r.name } : { namespace: String(r.namespace), name: r.name };
      }));
    },
  });
})(globalThis.__host);
`;
