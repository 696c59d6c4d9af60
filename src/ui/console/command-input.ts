/**
 * What the console's line editor hands over when Enter is pressed: a shell-like input of one command line, possibly
 * continued with a trailing backslash, possibly with a here-document (`kubectl apply -f - <<EOF` … `EOF`, or
 * `cat <<EOF | kubectl apply -f -`). The kubectl program (src/kubectl) takes the command line and the document as
 * standard input; this module only splits them, as a shell would before running the command.
 */

/** `<<EOF`, `<< 'EOF'`, `<<"EOF"`, `<<-EOF` (tabs before the closing word are allowed). */
const HEREDOC = /<<(-?)\s*(?:'([^']+)'|"([^"]+)"|([A-Za-z_][A-Za-z0-9_]*))/;

export interface CommandInput {
  /** The command line, without the here-document operator (and without `cat <<EOF |`). */
  line: string;
  /** The here-document's body, with its final newline; undefined without one. */
  stdin?: string;
}

function heredocOf(first: string): { word: string; dash: boolean; start: number; end: number } | undefined {
  const m = HEREDOC.exec(first);
  if (!m) return undefined;
  return { word: m[2] ?? m[3] ?? m[4]!, dash: m[1] === '-', start: m.index, end: m.index + m[0].length };
}

/** Joins lines ended by a backslash, as a shell does. */
function joinContinuations(lines: string[]): { first: string; rest: string[] } | undefined {
  let first = '';
  let i = 0;
  for (; i < lines.length; i++) {
    const l = lines[i]!;
    if (l.endsWith('\\')) {
      first += l.slice(0, -1);
      continue;
    }
    first += l;
    return { first, rest: lines.slice(i + 1) };
  }
  return undefined;
}

/** Whether Enter ends the input (false: a continued line or an open here-document wants more lines). */
export function inputComplete(text: string): boolean {
  const joined = joinContinuations(text.split('\n'));
  if (!joined) return false;
  const doc = heredocOf(joined.first);
  if (!doc) return true;
  return joined.rest.some((l) => (doc.dash ? l.replace(/^\t+/, '') : l) === doc.word);
}

/** Splits a complete input into the command line and its standard input. */
export function splitInput(text: string): CommandInput {
  const joined = joinContinuations(text.split('\n')) ?? { first: text.replace(/\\\n/g, ''), rest: [] };
  const doc = heredocOf(joined.first);
  if (!doc) return { line: joined.first.trim() };
  const body: string[] = [];
  for (const l of joined.rest) {
    const line = doc.dash ? l.replace(/^\t+/, '') : l;
    if (line === doc.word) break;
    body.push(line);
  }
  let line = `${joined.first.slice(0, doc.start)} ${joined.first.slice(doc.end)}`.replace(/\s+/g, ' ').trim();
  // `cat <<EOF | kubectl apply -f -`: the document is piped into the command after the bar.
  const pipe = /^cat\s*\|\s*(.*)$/.exec(line);
  if (pipe) line = pipe[1]!.trim();
  return { line, stdin: body.length ? `${body.join('\n')}\n` : '' };
}
