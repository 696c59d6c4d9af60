/**
 * The kubectl console: a terminal (xterm.js, with xterm-readline's line editing and ↑/↓ history) whose command lines
 * run in the worker's kubectl program against the simulation. Loaded lazily (its own chunk with xterm), like Monaco.
 *
 * Enter runs the input once it is complete (a trailing `\` or an open here-document waits for more lines:
 * command-input.ts); Tab completes commands, flags, kinds and names (the candidates are listed under the terminal);
 * Ctrl+C ends a running `kubectl get -w`; `clear` clears the screen. `-f desired-state.yaml` names the editor's text.
 */
import { useEffect, useRef, useState } from 'react';
import { Terminal } from '@xterm/xterm';
import { FitAddon } from '@xterm/addon-fit';
import { Readline } from 'xterm-readline';
import '@xterm/xterm/css/xterm.css';
import { kubectl, kubectlCancel, kubectlComplete, onConsoleOutput } from '../connection/sim-connection.ts';
import { useEditorBuffer, EDITOR_FILE } from '../state/editor-buffer.ts';
import { inputComplete, splitInput } from './command-input.ts';
import { commonPrefix } from './completion.ts';

const PROMPT = '$ ';
const GREETING = [
  'kubectl 1.32 against the simulated cluster. Tab completes, ↑/↓ recall, Ctrl+C stops a watch, `clear` clears.',
  `\`kubectl apply -f ${EDITOR_FILE}\` applies the editor's text; \`kubectl apply -f - <<EOF\` … \`EOF\` a pasted document.`,
  '',
];

/** Terminal text size: readable from the back of a room. */
export const CONSOLE_FONT_PX = 16;

export function ConsolePanel() {
  const host = useRef<HTMLDivElement>(null);
  const [candidates, setCandidates] = useState<string[]>([]);
  useEffect(() => {
    const el = host.current;
    if (!el) return;
    const term = new Terminal({
      fontSize: CONSOLE_FONT_PX,
      fontFamily: 'ui-monospace, "DejaVu Sans Mono", Menlo, Consolas, monospace',
      cursorBlink: true,
      convertEol: true,
      scrollback: 5000,
      theme: { background: '#0b1320', foreground: '#e6edf3', cursor: '#58a6ff', selectionBackground: '#264f78' },
    });
    const fitAddon = new FitAddon();
    const rl = new Readline();
    term.loadAddon(fitAddon);
    term.loadAddon(rl);
    term.open(el);
    // xterm's input is a hidden textarea: give it the name a screen reader (and a test) finds.
    term.textarea?.setAttribute('aria-label', 'kubectl command line');
    const refit = () => {
      try {
        fitAddon.fit();
      } catch {
        // not laid out yet (a hidden tab): fitted on the next resize
      }
    };
    refit();
    const resize = new ResizeObserver(refit);
    resize.observe(el);
    let disposed = false;
    let watching = false;

    rl.setCheckHandler((text) => inputComplete(text));
    const readNext = () => {
      if (disposed) return;
      rl.read(PROMPT).then(runInput, () => undefined);
    };
    const runInput = async (text: string) => {
      setCandidates([]);
      const { line, stdin } = splitInput(text);
      if (!line) return readNext();
      if (line === 'clear') {
        term.clear();
        return readNext();
      }
      const files = { [EDITOR_FILE]: useEditorBuffer.getState().text };
      const r = await kubectl(line, { stdin, files });
      if (disposed) return;
      if (r.stdout) rl.print(r.stdout);
      if (r.stderr) rl.print(r.stderr);
      if (r.edit) useEditorBuffer.getState().startEdit(r.edit.ref, r.edit.yaml);
      if (r.watching) {
        watching = true; // lines arrive with frames until the command ends or Ctrl+C
        return;
      }
      readNext();
    };
    rl.setCtrlCHandler(() => {
      if (!watching) return;
      watching = false;
      kubectlCancel();
      rl.print('^C\n');
      readNext();
    });
    onConsoleOutput((text, ended) => {
      if (!watching) return;
      if (text) rl.print(text);
      if (ended) {
        watching = false;
        readNext();
      }
    });
    term.attachCustomKeyEventHandler((e) => {
      if (e.key !== 'Tab') return true;
      e.preventDefault();
      if (e.type !== 'keydown' || watching) return false;
      const line = rl.getLine();
      void kubectlComplete(line, line.length, [EDITOR_FILE]).then(({ from, candidates: found }) => {
        if (disposed || rl.getLine() !== line) return;
        const head = line.slice(0, from);
        if (found.length === 1) {
          rl.updateLine(`${head}${found[0]} `);
          setCandidates([]);
          return;
        }
        const prefix = commonPrefix(found);
        if (prefix.length > line.length - from) rl.updateLine(head + prefix);
        setCandidates(found.slice(0, 200));
      });
      return false;
    });
    rl.print(GREETING.join('\n'));
    readNext();
    return () => {
      disposed = true;
      onConsoleOutput(null);
      if (watching) kubectlCancel();
      resize.disconnect();
      term.dispose();
    };
  }, []);
  return (
    <section className="console-panel" aria-label="kubectl console">
      <div className="console-term" ref={host} onClick={() => host.current?.querySelector('textarea')?.focus()} />
      {candidates.length > 0 && (
        <p className="console-candidates" role="status" aria-label="Completions">
          {candidates.join('  ')}
        </p>
      )}
    </section>
  );
}
