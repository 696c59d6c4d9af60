import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { NOT_AVAILABLE, supportedCommands } from './commands.ts';
import { kubectl, webCluster } from './testing/fixture.ts';

function paths(): string[] {
  const out: string[] = [];
  for (const c of supportedCommands()) {
    if (c.run) out.push(c.name);
    for (const s of c.subcommands ?? []) out.push(`${c.name} ${s.name}`);
  }
  return out;
}

/** kubectl 1.32 on PATH (these machines and CI have it), or undefined. */
function realKubectl(): string | undefined {
  try {
    const v = execFileSync('kubectl', ['version', '--client'], { encoding: 'utf8' });
    return /Client Version: v1\.32\./.test(v) ? 'kubectl' : undefined;
  } catch {
    return undefined;
  }
}

describe('the command table', () => {
  it('COMMANDS.md names every command the console runs and every one it refuses', () => {
    const doc = readFileSync(new URL('./COMMANDS.md', import.meta.url), 'utf8');
    for (const p of paths()) expect(doc, p).toContain(`| \`kubectl ${p}\` |`);
    for (const n of Object.keys(NOT_AVAILABLE)) expect(doc, n).toContain(`| \`kubectl ${n}\` |`);
  });

  const bin = realKubectl();
  it.skipIf(!bin)("--help matches kubectl 1.32's: the description's first paragraph, the usage line, the closing lines, and no flag kubectl lacks", () => {
    const sim = webCluster();
    for (const p of paths()) {
      let real: string;
      try {
        real = execFileSync(bin!, [...p.split(' '), '--help'], { encoding: 'utf8' });
      } catch (e) {
        real = String((e as { stdout?: string }).stdout ?? '');
      }
      const mine = kubectl(sim, `${p} --help`).stdout;
      expect(mine.split('\n\n')[0], p).toBe(real.split('\n\n')[0]);
      const usage = (t: string) => /Usage:\n {2}(.*)/.exec(t)?.[1];
      expect(usage(mine), p).toBe(usage(real));
      // The closing lines: a command with subcommands points at their help first (templater.go); where the console
      // offers none of a command's subcommands (apply's *-last-applied), it does not point at them.
      const closing = (t: string) => t.slice(t.lastIndexOf('\nUsage:\n')).split('\n').filter((l) => l.startsWith('Use "'));
      const offersSubcommands = mine.includes('\nAvailable Commands:\n');
      expect(closing(mine), p).toEqual(closing(real).filter((l) => offersSubcommands || !l.includes('<command>')));
      const flags = (t: string) => [...t.matchAll(/^ {4}(?:-\w, )?--([\w-]+)=/gm)].map((m) => m[1]);
      const theirs = new Set(flags(real));
      expect(flags(mine).filter((f) => !theirs.has(f)), p).toEqual([]);
    }
  }, 60_000);

  it.skipIf(!bin)("flag errors match kubectl 1.32's (upstream's 'error:' where this build prints 'Error:')", () => {
    const sim = webCluster();
    let compared = 0;
    for (const p of paths()) {
      for (const bad of ['--bogus', '-Z', '--replicas=x']) {
        let real = '';
        try {
          execFileSync(bin!, [...p.split(' '), bad], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
        } catch (e) {
          real = String((e as { stderr?: string }).stderr ?? '');
        }
        if (!/^Error: (unknown|invalid argument)/.test(real)) continue;
        expect(kubectl(sim, `${p} ${bad}`).stderr, `${p} ${bad}`).toBe(real.replace(/^Error: /, 'error: '));
        compared++;
      }
    }
    expect(compared).toBeGreaterThan(2 * paths().length);
  }, 60_000);

  it.skipIf(!bin)("the generators' objects match kubectl 1.32's --dry-run=client output", () => {
    const sim = webCluster();
    const lines = [
      'create deployment web --image=nginx:1.27 --image=redis --port=80 -r 2',
      'create deployment w --image=registry.example/team/my_app:v1 -- sleep 5',
      'create job j --image=busybox -- echo hi',
      'create cronjob cj --image=busybox --schedule=*/5␣*␣*␣*␣* --restart=Never',
      'create namespace ns1',
      'create configmap c --from-literal=a=1 --from-literal=b=x,y',
    ];
    for (const line of lines) {
      // Not json: kubectl prints its typed Go struct there (struct field order, empty structs left out); the
      // console prints objects as kubectl prints what it reads from a server (sorted keys), as -o yaml is.
      for (const o of ['yaml', 'name']) {
        const words = line.split(' ').map((w) => w.replace(/␣/g, ' '));
        const dash = words.indexOf('--');
        const flags = ['--dry-run=client', '-o', o];
        const args = dash < 0 ? [...words, ...flags] : [...words.slice(0, dash), ...flags, ...words.slice(dash)];
        const real = execFileSync(bin!, args, { encoding: 'utf8' });
        const quoted = args.map((a) => (a.includes(' ') ? `'${a}'` : a)).join(' ');
        // A container name made from an image name with "_" ends in kubectl's random 5 characters.
        const unrandom = (t: string) => t.replace(/(my-app)-[bcdfghjklmnpqrstvwxz2456789]{5}/g, '$1-XXXXX');
        expect(unrandom(kubectl(sim, quoted).stdout), `${line} -o ${o}`).toBe(unrandom(real));
      }
    }
  });
});
