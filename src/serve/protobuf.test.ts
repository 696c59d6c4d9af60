/**
 * The protobuf reader refuses what it cannot read with a ProtobufError (the server's 415), never another
 * exception, for any bytes after the envelope (seeded); and reads a hand-encoded ConfigMap.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decodeProtobuf, isProtobufBody, ProtobufError } from './protobuf.ts';

const varint = (n: number): number[] => {
  const out: number[] = [];
  do {
    let byte = n & 0x7f;
    n = Math.floor(n / 128);
    if (n > 0) byte |= 0x80;
    out.push(byte);
  } while (n > 0);
  return out;
};
const bytesField = (no: number, payload: number[]): number[] => [...varint(no * 8 + 2), ...varint(payload.length), ...payload];
const str = (no: number, text: string): number[] => bytesField(no, [...Buffer.from(text)]);
const envelope = (apiVersion: string, kind: string, raw: number[]): Uint8Array =>
  Uint8Array.from([0x6b, 0x38, 0x73, 0, ...bytesField(1, [...str(1, apiVersion), ...str(2, kind)]), ...bytesField(2, raw)]);

describe('decodeProtobuf', () => {
  it('reads a ConfigMap: metadata, a data map, Go zero values dropped', () => {
    const metadata = [...str(1, 'cfg'), ...str(2, ''), ...bytesField(8, [])];
    const entry = bytesField(2, [...str(1, 'a'), ...str(2, 'b')]);
    expect(decodeProtobuf(envelope('v1', 'ConfigMap', [...bytesField(1, metadata), ...entry]))).toEqual({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'cfg' }, data: { a: 'b' } });
  });

  it('names what it does not read', () => {
    expect(() => decodeProtobuf(envelope('v1', 'Pod', []))).toThrow('Pod in v1 is not read from protobuf by loopscope serve (send JSON)');
    expect(() => decodeProtobuf(envelope('v1', 'ConfigMap', str(9, 'x')))).toThrow('field 9 of ConfigMap is not read by loopscope serve');
  });

  it('throws nothing but ProtobufError for any bytes (seeded)', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 200 }), fc.constantFrom('ConfigMap', 'Deployment', 'CronJob'), (bytes, kind) => {
        for (const body of [Uint8Array.from([0x6b, 0x38, 0x73, 0, ...bytes]), envelope(kind === 'ConfigMap' ? 'v1' : kind === 'Deployment' ? 'apps/v1' : 'batch/v1', kind, [...bytes])]) {
          expect(isProtobufBody(body)).toBe(true);
          try {
            decodeProtobuf(body);
          } catch (e) {
            expect(e).toBeInstanceOf(ProtobufError);
          }
        }
      }),
      { seed: 1306, numRuns: 2000 },
    );
  });
});
