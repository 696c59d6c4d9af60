/**
 * Cases ported from client-go `util/jsonpath/jsonpath_test.go` and `parser_test.go` (v0.32.0). Upstream's struct
 * inputs are written here as the JSON maps kubectl evaluates (its objects are unstructured), so where upstream
 * prints a struct in field order, the expected text here has Go's sorted map keys.
 */
import { describe, expect, test } from 'vitest';
import fc from 'fast-check';
import { parseJsonPath, printJsonPath } from './jsonpath.ts';

function run(template: string, data: unknown, allowMissingKeys = false): string {
  const p = parseJsonPath(template, { allowMissingKeys });
  if ('error' in p) return `parse error: ${p.error}`;
  const out = printJsonPath(p, data);
  return typeof out === 'string' ? out : `error: ${out.error}`;
}

const nodesData = JSON.parse(`{
  "kind": "List",
  "items":[
    {"kind":"None","metadata":{"name":"127.0.0.1","labels":{"kubernetes.io/hostname":"127.0.0.1"}},
     "status":{"capacity":{"cpu":"4"},"ready": true,"addresses":[{"type": "LegacyHostIP", "address":"127.0.0.1"}]}},
    {"kind":"None","metadata":{"name":"127.0.0.2","labels":{"kubernetes.io/hostname":"127.0.0.2"}},
     "status":{"capacity":{"cpu":"8"},"ready": false,"addresses":[{"type": "LegacyHostIP", "address":"127.0.0.2"},{"type": "another", "address":"127.0.0.3"}]}}
  ],
  "users":[{"name": "myself","user": {}},{"name": "e2e","user": {"username": "admin", "password": "secret"}}]
}`);

const storeData = {
  Name: 'jsonpath',
  Book: [
    { Category: 'reference', Author: 'Nigel Rees', Title: 'Sayings of the Centurey', Price: 8.95 },
    { Category: 'fiction', Author: 'Evelyn Waugh', Title: 'Sword of Honour', Price: 12.99 },
    { Category: 'fiction', Author: 'Herman Melville', Title: 'Moby Dick', Price: 8.99 },
  ],
  Bicycle: [
    { Color: 'red', Price: 19.95, IsNew: true },
    { Color: 'green', Price: 20.01, IsNew: false },
  ],
  Labels: { engieer: 10, 'web/html': 15, 'k8s-app': 20 },
  Employees: { jason: 'manager', dan: 'clerk' },
};

const pointsData = JSON.parse(`[
  {"id": "i1", "x":4, "y":-5}, {"id": "i2", "x":-2, "y":-5, "z":1}, {"id": "i3", "x":  8, "y":  3 },
  {"id": "i4", "x": -6, "y": -1 }, {"id": "i5", "x":  0, "y":  2, "z": 1 }, {"id": "i6", "x":  1, "y":  4 },
  {"id": "i7", "x":  null, "y":  4 }]`);

const types = { bools: [true, false, true, false], integers: [1, 2, 3, 4], floats: [1.0, 2.2, 3.3, 4.0], strings: ['one', 'two', 'three', 'four'], interfaces: [true, 'one', 1, 1.1], maps: [{ name: 'one', value: 1 }, { name: 'two', value: 2.02 }, { name: 'three', value: 3.03 }, { name: 'four', value: 4.04 }] };

describe('jsonpath: upstream TestTypesInput (slices)', () => {
  test.each([
    ['{ .bools }', '[true,false,true,false]'],
    ['{ .bools[-1] }', 'false'],
    ['{ .bools[:4:2] }', 'true true'],
    ['{ .integers[-2] }', '3'],
    ['{ .integers[:4:2] }', '1 3'],
    ['{ .floats }', '[1,2.2,3.3,4]'],
    ['{ .floats[-2] }', '3.3'],
    ['{ .strings[0:2] }', 'one two'],
    ['{ .interfaces }', '[true,"one",1,1.1]'],
    ['{ .interfaces[:4:2] }', 'true 1'],
    ['{ .maps[-2] }', '{"name":"three","value":3.03}'],
    ['{ .maps[1::2] }', '{"name":"two","value":2.02} {"name":"four","value":4.04}'],
  ])('%s', (template, want) => expect(run(template, types)).toBe(want));
});

describe('jsonpath: upstream TestStructInput', () => {
  test.each([
    ['hello jsonpath', 'hello jsonpath'],
    ['hello {.Name}', 'hello jsonpath'],
    ['{$.Labels.web/html}', '15'],
    ['{$.Employees.jason}', 'manager'],
    ['{.Labels.k8s-app}', '20'],
    ['{.Bicycle[*].Color}', 'red green'],
    ['{.Book[*].Author}', 'Nigel Rees Evelyn Waugh Herman Melville'],
    ['{range .Bicycle[*]}{ "{" }{ @.* }{ "} " }{end}', '{red 19.95 true} {green 20.01 false} '],
    ['{..Price}', '8.95 12.99 8.99 19.95 20.01'],
    ['{...Price}', '8.95 12.99 8.99 19.95 20.01'],
    ['{.Bicycle}', '[{"Color":"red","IsNew":true,"Price":19.95},{"Color":"green","IsNew":false,"Price":20.01}]'],
    ['{range .Bicycle[*]}{ @ }{ " " }{end}', '{"Color":"red","IsNew":true,"Price":19.95} {"Color":"green","IsNew":false,"Price":20.01} '],
    ['{.Book[-1:]}', '{"Author":"Herman Melville","Category":"fiction","Price":8.99,"Title":"Moby Dick"}'],
    ['{..Book[2]}', '{"Author":"Herman Melville","Category":"fiction","Price":8.99,"Title":"Moby Dick"}'],
    ['{.Bicycle[?(@.IsNew==true)]}', '{"Color":"red","IsNew":true,"Price":19.95}'],
  ])('%s', (template, want) => expect(run(template, storeData)).toBe(want));

  test.each([
    ['{............................................................Price}', 'parse error: invalid multiple recursive descent'],
    ['{hello}', 'error: unrecognized identifier hello'],
    ['{.hello}', 'error: hello is not found'],
    ['{.Labels[0]}', 'error: map[string]interface {} is not array or slice'],
    ['{.Book[?(@.Price<>10)]}', 'error: unrecognized filter operator <>'],
    ['{range .Labels.*}{@}{end}{end}', 'error: not in range, nothing to end'],
  ])('fails: %s', (template, want) => expect(run(template, storeData)).toBe(want));

  test('missing keys allowed (kubectl): nothing printed', () => {
    expect(run('{.hello}', storeData, true)).toBe('');
    expect(run('before-{.hello}after', storeData, true)).toBe('before-after');
  });
});

describe('jsonpath: upstream TestFilterPartialMatchesSometimesMissingAnnotations, points, TestKubernetes', () => {
  test.each([
    ['{[?(@.z)].id}', 'i2 i5'],
    ['{[0][\'id\']}', 'i1'],
    ['{[-1][\'x\']}', 'null'],
    // i7's x is null: Go's comparison of a nil interface fails the whole filter.
    ['{[?(@.x<0)].id}', 'error: invalid type for comparison'],
  ])('%s', (template, want) => expect(run(template, pointsData, true)).toBe(want));

  test.each([
    ['{range .items[*]}{.metadata.name}, {end}{.kind}', '127.0.0.1, 127.0.0.2, List'],
    ['{range .items[*]}{.metadata.name}{"\\t"}{end}', '127.0.0.1\t127.0.0.2\t'],
    ['{.items[*].status.addresses[*].address}', '127.0.0.1 127.0.0.2 127.0.0.3'],
    ['{range .items[*]}{range .status.addresses[*]}{.address}, {end}{end}', '127.0.0.1, 127.0.0.2, 127.0.0.3, '],
    ['{.items[*].metadata.name}', '127.0.0.1 127.0.0.2'],
    ["{.items[*]['metadata.name', 'status.capacity']}", '127.0.0.1 127.0.0.2 {"cpu":"4"} {"cpu":"8"}'],
    ['{range .items[*]}[{.metadata.name}, {.status.capacity}] {end}', '[127.0.0.1, {"cpu":"4"}] [127.0.0.2, {"cpu":"8"}] '],
    ['{.users[?(@.name=="e2e")].user.password}', 'secret'],
    ['{.items[0].metadata.labels.kubernetes\\.io/hostname}', '127.0.0.1'],
    ['{.items[?(@.metadata.labels.kubernetes\\.io/hostname=="127.0.0.1")].kind}', 'None'],
    ['{.items[?(@..ready==true)].metadata.name}', '127.0.0.1'],
    ['{..name}', '127.0.0.1 127.0.0.2 myself e2e'],
  ])('%s', (template, want) => expect(run(template, nodesData)).toBe(want));

  test('empty ranges print nothing', () => {
    expect(run('{range .items[*]}{.metadata.name}{end}', { items: [] }, true)).toBe('');
    expect(run('{range .items[*]}{.metadata.name}{":"}{range @.spec.containers[*]}{.name}{","}{end}{"+"}{end}', { items: [] }, true)).toBe('');
  });

  test('a float literal against an integer field is a type error, as in Go', () => {
    const points = pointsData.slice(0, 6);
    expect(run('{[?(@.x==2.0)].id}', points, true)).toBe('error: incompatible types for comparison');
    expect(run('{[?(@.x==8)].id}', points, true)).toBe('i3');
  });

  test('array bounds', () => {
    expect(run('{.items[5]}', nodesData)).toBe('error: array index out of bounds: index 5, length 2');
    expect(run('{.items[1:0]}', nodesData)).toBe('error: starting index 1 is greater than ending index 0');
    expect(run('{.items[::0]}', nodesData)).toBe('error: step must be > 0');
  });
});

describe('jsonpath: upstream parser_test.go failParserTests', () => {
  test.each([
    ['{.hello', 'unclosed action'],
    ['{*}', "unrecognized character in action: U+002A '*'"],
    ['{+12.3.0}', 'cannot parse number +12.3.0'],
    ['{[1}', 'unterminated array'],
    ['{[?(.price]}', 'unterminated filter'],
    ['{........}', 'invalid multiple recursive descent'],
  ])('%s', (template, want) => expect(parseJsonPath(template)).toEqual({ error: want }));
});

describe('jsonpath: never throws', () => {
  const data = fc.jsonValue({ maxDepth: 4 });
  const template = fc.oneof(
    fc.string({ maxLength: 60 }),
    fc.array(fc.constantFrom('{', '}', '.', '..', '[', ']', '*', '?(@', ')', '==', '<', '"x"', "'a'", 'range', 'end', 'items', 'a', '0', '-1', ':', ',', ' ', '\\', '$', '@', '1.5', 'true'), { maxLength: 30 }).map((a) => a.join('')),
  );
  test('any template, any JSON: a string or { error } (seeded)', () => {
    fc.assert(
      fc.property(template, data, fc.boolean(), (t, d, allow) => {
        const p = parseJsonPath(t, { allowMissingKeys: allow });
        if ('error' in p) {
          expect(typeof p.error).toBe('string');
          return;
        }
        const out = printJsonPath(p, d);
        expect(typeof out === 'string' || typeof out.error === 'string').toBe(true);
      }),
      { seed: 1313, numRuns: 2000 },
    );
  });
  test('deep nesting is an error, not a stack overflow', () => {
    const deep = '{' + '['.repeat(0) + '.a'.repeat(10) + '}';
    expect(typeof printJsonPath(parseJsonPath(deep) as never, {})).toBe('string');
    const nested = `{${'[?(@'.repeat(300)}${')]'.repeat(300)}}`;
    const p = parseJsonPath(nested);
    expect('error' in p ? typeof p.error : typeof printJsonPath(p, [])).toBe('string');
  });
});
