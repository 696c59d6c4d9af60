import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { inputComplete, splitInput } from './command-input.ts';

describe('command input', () => {
  it('a plain line is complete and passed as it is', () => {
    expect(inputComplete('kubectl get pods')).toBe(true);
    expect(splitInput('  kubectl get pods  ')).toEqual({ line: 'kubectl get pods' });
  });

  it('a trailing backslash continues the line', () => {
    expect(inputComplete('kubectl scale deployment web \\')).toBe(false);
    expect(inputComplete('kubectl scale deployment web \\\n--replicas=5')).toBe(true);
    expect(splitInput('kubectl scale deployment web \\\n--replicas=5')).toEqual({ line: 'kubectl scale deployment web --replicas=5' });
  });

  it('a here-document is open until its word stands alone on a line', () => {
    const open = 'kubectl apply -f - <<EOF\napiVersion: v1\nkind: ConfigMap';
    expect(inputComplete(open)).toBe(false);
    expect(inputComplete(`${open}\n  EOF`)).toBe(false);
    expect(inputComplete(`${open}\nEOF`)).toBe(true);
    expect(splitInput(`${open}\nmetadata: {name: x}\nEOF`)).toEqual({
      line: 'kubectl apply -f -',
      stdin: 'apiVersion: v1\nkind: ConfigMap\nmetadata: {name: x}\n',
    });
  });

  it('quoted and dashed here-document words, and cat piped into kubectl', () => {
    expect(splitInput("cat <<'END' | kubectl apply -f -\na: 1\nEND")).toEqual({ line: 'kubectl apply -f -', stdin: 'a: 1\n' });
    expect(splitInput('kubectl apply -f - <<-"X"\n\tb: 2\n\tX')).toEqual({ line: 'kubectl apply -f -', stdin: 'b: 2\n' });
  });

  it('never throws, and a complete input always splits into one line', () => {
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom('a', ' ', '\\', '\n', '<', '-', "'", '"', 'E', 'O', 'F', '|', '\t') , maxLength: 60 }), (text) => {
        const done = inputComplete(text);
        const split = splitInput(text);
        expect(split.line.includes('\n')).toBe(false);
        if (done && !text.includes('<<')) expect(split.stdin).toBeUndefined();
      }),
      { seed: 12, numRuns: 500 },
    );
  });
});
