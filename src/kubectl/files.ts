/**
 * `-f/--filename`: the console has no file system; a name is one of the page's editor buffers (`io.files`), and `-`
 * is what was pasted or given as a heredoc (`io.stdin`). Each document becomes an object with its source, as
 * kubectl's resource builder visits them (cli-runtime `resource/visitor.go`), with kubectl's errors for a missing
 * file, YAML that does not parse, and an object without apiVersion or kind.
 */
import { parseManifests } from '../sim/actions/manifests.ts';
import type { KubeObject } from '../sim/api/object.ts';
import { apiVersionOf, type ResourceInfo } from '../sim/api/resources.ts';
import { CmdError, type CommandContext } from './command.ts';

export interface SourcedObject {
  object: KubeObject;
  /** "web.yaml", or "STDIN" for `-f -`. */
  source: string;
}

/** The objects of every `-f` given, in order; throws kubectl's error for the first bad file. */
export function readFilenames(ctx: CommandContext): SourcedObject[] {
  const names = ctx.flags.strings('filename');
  const out: SourcedObject[] = [];
  for (const name of names) {
    let text: string | undefined;
    let source = name;
    if (name === '-') {
      text = ctx.io.stdin;
      source = 'STDIN';
      if (text === undefined) throw new CmdError('error: no objects passed to the command: -f - reads what is pasted or given as a heredoc (<<EOF), and there was none');
    } else {
      text = ctx.io.files && Object.prototype.hasOwnProperty.call(ctx.io.files, name) ? ctx.io.files[name] : undefined;
      if (text === undefined) throw new CmdError(`error: the path "${name}" does not exist`);
    }
    const parsed = parseManifests(text);
    if (parsed.errors.length) {
      const e = parsed.errors[0]!;
      throw new CmdError(`error: error parsing ${source}: error converting YAML to JSON: yaml: ${e.line ? `line ${e.line}: ` : ''}${e.message}`);
    }
    for (const d of parsed.documents) {
      const o = d.object;
      if (typeof o.apiVersion !== 'string' || !o.apiVersion) {
        throw new CmdError(`error: error validating "${source}": error validating data: apiVersion not set; if you choose to ignore these errors, turn validation off with --validate=false`);
      }
      if (typeof o.kind !== 'string' || !o.kind) {
        throw new CmdError(`error: error validating "${source}": error validating data: kind not set; if you choose to ignore these errors, turn validation off with --validate=false`);
      }
      out.push({ object: o as unknown as KubeObject, source });
    }
  }
  return out;
}

/** The kind of an object from a file, or kubectl's "resource mapping not found" error. */
export function infoForObject(ctx: CommandContext, s: SourcedObject): ResourceInfo {
  const { object } = s;
  const info = ctx.target.resources().find((r) => apiVersionOf(r) === object.apiVersion && r.kind === object.kind);
  if (info) return info;
  const meta = (object.metadata ?? {}) as { name?: unknown; namespace?: unknown };
  throw new CmdError(
    `error: resource mapping not found for name: "${String(meta.name ?? '')}" namespace: "${String(meta.namespace ?? '')}" from "${s.source}": no matches for kind "${object.kind}" in version "${object.apiVersion}"\nensure CRDs are installed first`,
  );
}

/** The namespace an object from a file goes to: its own, or the command's (`-n`, "default"); a clash is kubectl's error. */
export function namespaceForObject(ctx: CommandContext, info: ResourceInfo, s: SourcedObject): string | undefined {
  if (!info.namespaced) return undefined;
  const own = typeof s.object.metadata?.namespace === 'string' && s.object.metadata.namespace ? s.object.metadata.namespace : undefined;
  if (own && ctx.explicitNamespace && own !== ctx.namespace) {
    throw new CmdError(`error: the namespace from the provided object "${own}" does not match the namespace "${ctx.namespace}". You must pass '--namespace=${own}' to perform this operation.`);
  }
  return own ?? ctx.namespace;
}
