/**
 * A typed command line as a POSIX shell would split it for kubectl: words separated by blanks, `'single'` quotes
 * (literal), `"double"` quotes (with `\"`, `\\`, `\$` escapes), a backslash escaping the next character, and a
 * heredoc `<<EOF` / `<<'EOF'` / `<<-EOF` whose body follows on the next lines of the same text up to the terminator
 * line (or is given separately as stdin by the console). A leading `kubectl` word is dropped.
 *
 * @remarks No variables, globs, pipes or command substitution: the console runs kubectl only. A `|`, `;`, `&&`,
 * `>` outside quotes is an error naming it, rather than being passed to kubectl as an argument.
 */

export interface Tokenized {
  words: string[];
  /** The heredoc's body, when the line has one and its text follows the line. */
  heredoc?: { delimiter: string; body?: string };
}

export type TokenizeResult = Tokenized | { error: string };

const MAX_LINE = 1 << 20;

export function tokenize(text: string): TokenizeResult {
  if (text.length > MAX_LINE) return { error: `the command line is too long (${text.length} characters; at most ${MAX_LINE})` };
  const nl = text.indexOf('\n');
  const line = nl < 0 ? text : text.slice(0, nl);
  const rest = nl < 0 ? '' : text.slice(nl + 1);
  const words: string[] = [];
  let heredoc: Tokenized['heredoc'];
  let cur = '';
  let inWord = false;
  let i = 0;
  const push = () => {
    if (inWord) words.push(cur);
    cur = '';
    inWord = false;
  };
  while (i < line.length) {
    const c = line[i]!;
    if (c === ' ' || c === '\t' || c === '\r') {
      push();
      i++;
    } else if (c === "'") {
      const end = line.indexOf("'", i + 1);
      if (end < 0) return { error: 'unterminated quoted string (a \' without its closing \')' };
      cur += line.slice(i + 1, end);
      inWord = true;
      i = end + 1;
    } else if (c === '"') {
      i++;
      inWord = true;
      let closed = false;
      while (i < line.length) {
        const d = line[i]!;
        if (d === '"') {
          closed = true;
          i++;
          break;
        }
        if (d === '\\' && i + 1 < line.length && '"\\$`'.includes(line[i + 1]!)) {
          cur += line[i + 1];
          i += 2;
        } else {
          cur += d;
          i++;
        }
      }
      if (!closed) return { error: 'unterminated quoted string (a " without its closing ")' };
    } else if (c === '\\') {
      if (i + 1 < line.length) cur += line[i + 1];
      inWord = true;
      i += 2;
    } else if (c === '<' && line.startsWith('<<', i) && !inWord) {
      push();
      let j = i + 2;
      if (line[j] === '-') j++;
      while (line[j] === ' ') j++;
      const m = /^(?:'([^']*)'|"([^"]*)"|([A-Za-z0-9_.-]+))/.exec(line.slice(j));
      if (!m) return { error: 'a heredoc (<<) needs a delimiter word, as in <<EOF' };
      const delimiter = m[1] ?? m[2] ?? m[3]!;
      heredoc = { delimiter };
      i = j + m[0].length;
    } else if (c === '#' && !inWord) {
      break;
    } else if ('|;&><`'.includes(c) || (c === '$' && line[i + 1] === '(')) {
      return { error: `the console runs kubectl commands only: "${c === '$' ? '$(' : c}" (a shell operator) is not supported; quote it to pass it to kubectl` };
    } else {
      cur += c;
      inWord = true;
      i++;
    }
  }
  push();
  if (heredoc && rest) {
    const lines = rest.split('\n');
    const end = lines.findIndex((l) => l.replace(/^\t+/, '').replace(/\r$/, '') === heredoc!.delimiter);
    heredoc.body = (end < 0 ? lines : lines.slice(0, end)).join('\n') + (end < 0 ? '' : '\n');
  }
  if (words[0] === 'kubectl') words.shift();
  return heredoc ? { words, heredoc } : { words };
}
