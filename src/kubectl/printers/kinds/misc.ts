/**
 * Tables of the remaining built-in kinds: Lease and the webhook configurations (printers.go printLease,
 * printMutatingWebhook, printValidatingWebhook), EndpointSlice (printEndpointSlice, formatDiscoveryPorts,
 * formatDiscoveryEndpoints), CustomResourceDefinition (apiextensions-apiserver serves it through the api-server's
 * default table convertor: NAME and CREATED AT as an RFC 3339 time), and the default for anything else
 * (cli-runtime printObjectMeta: NAME, AGE).
 */
import { translateTimestampSince } from '../age.ts';
import { arr, at, obj, str } from '../values.ts';
import { AGE, NAME, type Cell, type KindTable } from './kind-table.ts';

export const leaseTable: KindTable = {
  columns: [NAME, { name: 'Holder' }, AGE],
  row(lease, now): Cell[] {
    return [str(lease.metadata?.name), str(at(lease, 'spec', 'holderIdentity')), translateTimestampSince(now, lease.metadata?.creationTimestamp)];
  },
};

export const webhookConfigurationTable: KindTable = {
  columns: [NAME, { name: 'Webhooks', type: 'integer' }, AGE],
  row(w, now): Cell[] {
    return [str(w.metadata?.name), arr(w.webhooks).length, translateTimestampSince(now, w.metadata?.creationTimestamp)];
  },
};

/** printers.go listWithMoreString. */
function listWithMoreString(list: string[], more: boolean, count: number, max: number): string {
  const ret = list.join(',');
  if (more) return `${ret} + ${count - max} more...`;
  return ret === '' ? '<unset>' : ret;
}

export function formatDiscoveryPorts(ports: unknown): string {
  const list: string[] = [];
  const max = 3;
  let more = false;
  let count = 0;
  for (const p of arr(ports)) {
    const port = obj(p) ?? {};
    if (list.length < max) {
      let portNum = '*';
      if (typeof port.port === 'number') portNum = String(Math.trunc(port.port));
      else if (typeof port.name === 'string') portNum = port.name;
      list.push(portNum);
    } else if (list.length === max) {
      more = true;
    }
    count++;
  }
  return listWithMoreString(list, more, count, max);
}

export function formatDiscoveryEndpoints(endpoints: unknown): string {
  const eps = arr(endpoints);
  if (eps.length === 0) return '<unset>';
  const list: string[] = [];
  const max = 3;
  let more = false;
  let count = 0;
  for (const e of eps) {
    for (const address of arr(obj(e)?.addresses)) {
      if (list.length < max) list.push(str(address));
      else if (list.length === max) more = true;
      count++;
    }
  }
  return listWithMoreString(list, more, count, max);
}

export const endpointSliceTable: KindTable = {
  columns: [NAME, { name: 'AddressType' }, { name: 'Ports' }, { name: 'Endpoints' }, AGE],
  row(es, now): Cell[] {
    return [
      str(es.metadata?.name),
      str(es.addressType),
      formatDiscoveryPorts(es.ports),
      formatDiscoveryEndpoints(es.endpoints),
      translateTimestampSince(now, es.metadata?.creationTimestamp),
    ];
  },
};

/** apiserver `rest.defaultTableConvertor`: "Created At" is the creation time in RFC 3339, UTC. */
export const createdAtTable: KindTable = {
  columns: [NAME, { name: 'Created At', type: 'date' }],
  row(o): Cell[] {
    const t = o.metadata?.creationTimestamp;
    return [str(o.metadata?.name), typeof t === 'string' && t !== '' ? t : '0001-01-01T00:00:00Z'];
  },
};

/** cli-runtime printObjectMeta: the table of a kind without a printer of its own. */
export const defaultTable: KindTable = {
  columns: [NAME, AGE],
  row(o, now): Cell[] {
    return [str(o.metadata?.name), translateTimestampSince(now, o.metadata?.creationTimestamp)];
  },
};
