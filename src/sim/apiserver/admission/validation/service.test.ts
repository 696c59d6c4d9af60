import { describe, expect, it } from 'vitest';
import { createErrors, defaulted, infoOf } from '../test-fixtures.ts';
import { validateUpdate } from '../validation.ts';

const DNS1035_MSG =
  "a DNS-1035 label must consist of lower case alphanumeric characters or '-', start with an alphabetic character, and end with an alphanumeric character (e.g. 'my-name',  or 'abc-123', regex used for validation is '[a-z]([-a-z0-9]*[a-z0-9])?')";

describe('Service validation', () => {
  it.each<[string, (o: Record<string, any>) => void, string]>([ // eslint-disable-line @typescript-eslint/no-explicit-any
    ['a name starting with a digit', (o) => (o.metadata.name = '1web'), `metadata.name: Invalid value: "1web": ${DNS1035_MSG}`],
    ['no ports', (o) => (o.spec.ports = []), 'spec.ports: Required value'],
    [
      'port 0 (and so targetPort 0)',
      (o) => (o.spec.ports[0].port = 0),
      '[spec.ports[0].port: Invalid value: 0: must be between 1 and 65535, inclusive, spec.ports[0].targetPort: Invalid value: 0: must be between 1 and 65535, inclusive]',
    ],
    ['an unnamed port among several', (o) => o.spec.ports.push({ name: 'https', port: 443 }), 'spec.ports[0].name: Required value'],
    ['an unknown type', (o) => (o.spec.type = 'Mesh'), 'spec.type: Unsupported value: "Mesh": supported values: "ClusterIP", "ExternalName", "LoadBalancer", "NodePort"'],
    ['an unknown protocol', (o) => (o.spec.ports[0].protocol = 'ICMP'), 'spec.ports[0].protocol: Unsupported value: "ICMP": supported values: "SCTP", "TCP", "UDP"'],
    ['an unknown sessionAffinity', (o) => (o.spec.sessionAffinity = 'Sticky'), 'spec.sessionAffinity: Unsupported value: "Sticky": supported values: "ClientIP", "None"'],
  ])('rejects %s', (_what, edit, message) => {
    expect(createErrors('Service', edit)).toBe(message);
  });

  it('names a port with a DNS-1123 label, as validateServicePort does: "80-8080" (kubectl create service\'s) is valid, "Web_1" is not', () => {
    expect(createErrors('Service', (o) => (o.spec.ports[0].name = '80-8080'))).toBe('');
    expect(createErrors('Service', (o) => (o.spec.ports[0].name = 'Web_1'))).toMatch(/^spec\.ports\[0\]\.name: Invalid value: "Web_1": a lowercase RFC 1123 label must consist of/);
  });

  it('lets a headless Service have no ports', () => {
    expect(createErrors('Service', (o) => Object.assign(o.spec, { clusterIP: 'None', ports: [] }))).toBe('');
  });

  it('checks nodePorts against the node-port range and the type', () => {
    expect(createErrors('Service', (o) => Object.assign(o.spec, { type: 'NodePort', ports: [{ port: 80, nodePort: 80 }] }))).toBe(
      'spec.ports[0].nodePort: Invalid value: 80: provided port is not in the valid range. The range of valid ports is 30000-32767',
    );
    expect(createErrors('Service', (o) => Object.assign(o.spec, { type: 'NodePort', ports: [{ port: 80, nodePort: 30080 }] }))).toBe('');
    expect(createErrors('Service', (o) => (o.spec.ports[0].nodePort = 30080))).toBe("spec.ports[0].nodePort: Forbidden: may not be used when `type` is 'ClusterIP'");
  });

  it('keeps an assigned clusterIP immutable', () => {
    const old = defaulted('Service', (o) => (o.spec.clusterIP = '10.96.0.10'));
    const next = defaulted('Service', (o) => (o.spec.clusterIP = '10.96.0.11'));
    expect(validateUpdate(next, old, infoOf('Service')).map((e) => `${e.field}: ${e.body}`)).toEqual(['spec.clusterIP: Invalid value: "10.96.0.11": field is immutable']);
  });
});
