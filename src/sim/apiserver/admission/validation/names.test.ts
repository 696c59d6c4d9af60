import { describe, expect, it } from 'vitest';
import { isConfigMapKey, isDNS1035Label, isDNS1123Label, isDNS1123Subdomain, isQualifiedName, isValidPercent, isValidPortName, regexError } from './names.ts';

describe('name formats', () => {
  it("reproduces upstream's double space after the first example", () => {
    expect(regexError('msg', 'fmt', 'a', 'b')).toBe("msg (e.g. 'a',  or 'b', regex used for validation is 'fmt')");
    expect(regexError('msg', 'fmt')).toBe("msg (regex used for validation is 'fmt')");
  });

  it.each(['a', 'web-1', '0abc', 'a'.repeat(63)])('accepts the DNS label %s', (v) => {
    expect(isDNS1123Label(v)).toEqual([]);
  });

  it.each(['', 'Web', '-a', 'a-', 'a.b', 'a_b'])('rejects the DNS label %s', (v) => {
    expect(isDNS1123Label(v)).not.toEqual([]);
  });

  it('limits DNS labels to 63 characters and subdomains to 253', () => {
    expect(isDNS1123Label('a'.repeat(64))).toEqual(['must be no more than 63 characters']);
    expect(isDNS1123Subdomain(`${'a.'.repeat(126)}ab`)).toEqual(['must be no more than 253 characters']);
    expect(isDNS1123Subdomain('example.com')).toEqual([]);
  });

  it('DNS-1035 labels must start with a letter', () => {
    expect(isDNS1035Label('web')).toEqual([]);
    expect(isDNS1035Label('1web')).toHaveLength(1);
  });

  it('qualified names take an optional DNS prefix', () => {
    expect(isQualifiedName('app.kubernetes.io/name')).toEqual([]);
    expect(isQualifiedName('MyName')).toEqual([]);
    expect(isQualifiedName('/name')).toEqual(['prefix part must be non-empty']);
    expect(isQualifiedName('Example.com/name')[0]).toMatch(/^prefix part a lowercase RFC 1123 subdomain/);
    expect(isQualifiedName('a/b/c')[0]).toMatch(/^a qualified name must consist of/);
    expect(isQualifiedName('x'.repeat(64))).toEqual(['name part must be no more than 63 characters']);
  });

  it('config-map keys allow dots, dashes and underscores but not "..": ', () => {
    expect(isConfigMapKey('.env_FILE-1')).toEqual([]);
    expect(isConfigMapKey('..data')).toEqual(["must not start with '..'"]);
  });

  it('port names are IANA service names', () => {
    expect(isValidPortName('http')).toEqual([]);
    expect(isValidPortName('8080')).toEqual(['must contain at least one letter (a-z)']);
    expect(isValidPortName('a--b')).toEqual(['must not contain consecutive hyphens']);
  });

  it('percents are digits then %', () => {
    expect(isValidPercent('25%')).toEqual([]);
    expect(isValidPercent('25')).toHaveLength(1);
    expect(isValidPercent('2.5%')).toHaveLength(1);
  });
});
