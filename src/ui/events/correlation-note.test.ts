import { describe, expect, it } from 'vitest';
import type { K8sEvent } from '../state/sim-store.ts';
import { correlationNote } from './correlation-note.ts';

const event = (correlation?: K8sEvent['correlation']): K8sEvent => ({
  id: 7,
  time: 1000,
  actor: 'replicaset-controller',
  causeId: 6,
  kind: 'k8s.event',
  type: 'Normal',
  reason: 'SuccessfulCreate',
  message: 'Created pod: web-x7k2p',
  involvedObject: { apiVersion: 'apps/v1', kind: 'ReplicaSet', namespace: 'default', name: 'web' },
  reportingController: 'replicaset-controller',
  ...(correlation ? { correlation } : {}),
});

describe('correlationNote', () => {
  it('is null for an event written as reported', () => {
    expect(correlationNote(event())).toBeNull();
  });
  it('quotes the combined message the api-server holds', () => {
    expect(correlationNote(event('combined'))).toBe(
      'Written as "(combined from similar events): Created pod: web-x7k2p": one of 10 or more events about this object with the same reason within 10 minutes (client-go’s EventAggregator).',
    );
  });
  it('says a spam-filtered event never reached the api-server, and why', () => {
    expect(correlationNote(event('spam-filtered'))).toBe(
      'Not written to the api-server: the recorder’s spam filter allows 25 events per object, then one per 5 minutes. Created pod: web-x7k2p',
    );
  });
});
