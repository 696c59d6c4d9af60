/**
 * `--help` texts laid out as kubectl's templater lays them out (kubectl `pkg/util/templates/templater.go`,
 * `help_flags_printer.go`): the long description, Examples, Available Commands, Options (sorted, with defaults),
 * Usage. Flags the console accepts without doing what kubectl does are listed under "Not supported in this
 * console" with the reason, so a learner is never misled.
 */
import type { FlagSpec } from './args/flags.ts';
import type { Command } from './command.ts';

function defaultText(f: FlagSpec): string {
  switch (f.kind) {
    case 'bool':
      return f.def ?? 'false';
    case 'int':
      return f.def ?? '0';
    case 'strings':
    case 'array':
      return '[]';
    case 'string':
      return `'${f.def ?? ''}'`;
  }
}

/** `  history       View rollout history`: names padded to max(11, longest) and three spaces (cobra NamePadding). */
export function commandList(commands: readonly Pick<Command, 'name' | 'short'>[]): string {
  const pad = Math.max(11, ...commands.map((c) => c.name.length));
  return commands.map((c) => `  ${c.name.padEnd(pad)}   ${c.short}`).join('\n');
}

export function helpText(cmd: Command, path: string): string {
  const parts: string[] = [];
  parts.push(cmd.long ?? cmd.short);
  if (cmd.examples) parts.push(`Examples:\n${cmd.examples}`);
  if (cmd.subcommands?.length) parts.push(`Available Commands:\n${commandList(cmd.subcommands)}`);
  const supported = cmd.flags.filter((f) => !f.unsupported && f.name !== 'help');
  if (supported.length) {
    const sorted = [...supported].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    parts.push(`Options:\n${sorted.map((f) => `    ${f.short ? `-${f.short}, ` : ''}--${f.name}=${defaultText(f)}:\n\t${f.usage}`).join('\n\n')}`);
  }
  const unsupported = cmd.flags.filter((f) => f.unsupported);
  const notes: string[] = [];
  if (cmd.notSupported) notes.push(`    ${cmd.notSupported}`);
  for (const f of unsupported) notes.push(`    --${f.name}: ${f.unsupported}`);
  if (notes.length) parts.push(`Not supported in this console:\n${notes.join('\n')}`);
  parts.push(`Usage:\n  ${cmd.usage}`);
  // templater.go: a command with subcommands points at their help first.
  const more = cmd.subcommands?.length ? `Use "${path} <command> --help" for more information about a given command.\n` : '';
  parts.push(`${more}Use "kubectl options" for a list of global command-line options (applies to all commands).`);
  return `${parts.join('\n\n')}\n`;
}
