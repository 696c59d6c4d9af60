import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { Simulation } from "../sim/simulation.ts";
import { traceHash } from "../sim/trace/trace-hash.ts";
import { tokenize } from "./args/tokenize.ts";
import { runKubectl } from "./run.ts";
import { targetOf } from "./target.ts";
import { kubectl, webCluster } from "./testing/fixture.ts";

describe("the command line, as a shell and cobra/pflag read it", () => {
  it("splits words with quotes and escapes, drops a leading kubectl, and takes a heredoc body", () => {
    expect(tokenize(`kubectl get pods -l 'app in (a, b)' "x y" a\\ b`)).toEqual(
      { words: ["get", "pods", "-l", "app in (a, b)", "x y", "a b"] },
    );
    expect(tokenize("apply -f - <<EOF\nkind: X\nEOF\n")).toEqual({
      words: ["apply", "-f", "-"],
      heredoc: { delimiter: "EOF", body: "kind: X\n" },
    });
    expect(tokenize(`get pods 'unterminated`)).toEqual({
      error: "unterminated quoted string (a ' without its closing ')",
    });
    expect(tokenize("get pods | grep web")).toMatchObject({
      error: expect.stringContaining('"|" (a shell operator) is not supported'),
    });
  });

  it("prints pflag's and cobra's errors as kubectl 1.32 does", () => {
    const sim = webCluster();
    expect(kubectl(sim, "kubectl scale deployment web --replica=5")).toEqual({
      stdout: "",
      stderr:
        "error: unknown flag: --replica\nSee 'kubectl scale --help' for usage.\n",
      exitCode: 1,
    });
    expect(kubectl(sim, "get pods -Z").stderr).toBe(
      "error: unknown shorthand flag: 'Z' in -Z\nSee 'kubectl get --help' for usage.\n",
    );
    expect(kubectl(sim, "get pods -n").stderr).toBe(
      "error: flag needs an argument: 'n' in -n\nSee 'kubectl get --help' for usage.\n",
    );
    expect(kubectl(sim, "get pods --namespace").stderr).toBe(
      "error: flag needs an argument: --namespace\nSee 'kubectl get --help' for usage.\n",
    );
    expect(kubectl(sim, "get pods -w=maybe").stderr).toBe(
      `error: invalid argument "maybe" for "-w, --watch" flag: strconv.ParseBool: parsing "maybe": invalid syntax\nSee 'kubectl get --help' for usage.\n`,
    );
    expect(kubectl(sim, "scale deploy web --replicas=abc").stderr).toBe(
      `error: invalid argument "abc" for "--replicas" flag: strconv.ParseInt: parsing "abc": invalid syntax\nSee 'kubectl scale --help' for usage.\n`,
    );
    expect(
      kubectl(sim, "scale deploy web --replicas=99999999999999999999").stderr,
    ).toContain("value out of range");
    // cmdutil.CheckErr adds no newline to a message that ends in one (cobra's suggestions do).
    expect(kubectl(sim, "foo").stderr).toBe(
      'error: unknown command "foo" for "kubectl"\n\nDid you mean this?\n\ttop\n',
    );
    expect(kubectl(sim, "gett pods").stderr).toBe(
      'error: unknown command "gett" for "kubectl"\n\nDid you mean this?\n\tget\n\tset\n',
    );
    expect(kubectl(sim, "zzzzzz").stderr).toBe(
      'error: unknown command "zzzzzz" for "kubectl"\n',
    );
    expect(kubectl(sim, "rollout foo").stderr).toBe(
      "error: unknown command \"foo\"\nSee 'kubectl rollout -h' for help and examples\n",
    );
    expect(kubectl(sim, "certificate approve csr-1").stderr).toBe(
      'error: "kubectl certificate" is not available in this console: there are no CertificateSigningRequests in the simulation\n',
    );
  });

  it("reads flags anywhere, -nNS, -n=NS, --flag=value, and -- ends the flags", () => {
    const sim = webCluster();
    const a = kubectl(sim, "get -n kube-system pods");
    expect(a.stderr).toBe("No resources found in kube-system namespace.\n");
    expect(kubectl(sim, "get pods -nkube-system").stderr).toBe(a.stderr);
    expect(kubectl(sim, "get pods -n=kube-system").stderr).toBe(a.stderr);
    expect(kubectl(sim, "get pods --namespace=kube-system").stderr).toBe(
      a.stderr,
    );
    expect(
      kubectl(
        sim,
        "create job j --image=busybox --dry-run=client -o jsonpath={.spec.template.spec.containers[0].command} -- echo -n hi",
      ).stdout,
    ).toBe('["echo","-n","hi"]');
  });

  it("get's errors and notes", () => {
    const sim = webCluster();
    expect(kubectl(sim, "get podz").stderr).toBe(
      'error: the server doesn\'t have a resource type "podz"\n',
    );
    expect(kubectl(sim, "get deploy nope")).toEqual({
      stdout: "",
      stderr:
        'Error from server (NotFound): deployments.apps "nope" not found\n',
      exitCode: 1,
    });
    expect(kubectl(sim, "get")).toEqual({
      stdout: "",
      stderr:
        'You must specify the type of resource to get. Use "kubectl api-resources" for a complete list of supported resources.\n\nerror: Required resource not specified.\nUse "kubectl explain <resource>" for a detailed description of that resource (e.g. kubectl explain pods).\nSee \'kubectl get -h\' for help and examples\n',
      exitCode: 1,
    });
    expect(kubectl(sim, "get pods web x/y").stderr).toContain(
      "there is no need to specify a resource type as a separate argument",
    );
    expect(kubectl(sim, "get pods -A web").stderr).toBe(
      "error: a resource cannot be retrieved by name across all namespaces\n",
    );
    expect(kubectl(sim, "get pods -o foo").stderr).toBe(
      'error: unable to match a printer suitable for the output format "foo", allowed formats are: custom-columns,custom-columns-file,go-template,go-template-file,json,jsonpath,jsonpath-as-json,jsonpath-file,name,template,templatefile,wide,yaml\n',
    );
    expect(kubectl(sim, "get nodes --field-selector foo=bar").stderr).toMatch(
      /^Error from server \(BadRequest\): /,
    );
  });

  it("--help prints the command's help, and kubectl alone the root help", () => {
    const sim = webCluster();
    const help = kubectl(sim, "scale --help");
    expect(help.exitCode).toBe(0);
    expect(help.stdout).toMatch(
      /^Set a new size for a deployment, replica set, replication controller, or stateful set\./,
    );
    expect(help.stdout).toContain(
      "    --replicas=0:\n\tThe new desired number of replicas. Required.\n",
    );
    expect(
      help.stdout.endsWith(
        'Usage:\n  kubectl scale [--resource-version=version] [--current-replicas=count] --replicas=COUNT (-f FILENAME | TYPE NAME) [options]\n\nUse "kubectl options" for a list of global command-line options (applies to all commands).\n',
      ),
    ).toBe(true);
    expect(kubectl(sim, "get -h").stdout).toContain(
      "Not supported in this console:\n    --chunk-size: lists come whole",
    );
    expect(kubectl(sim, "kubectl").stdout).toMatch(
      /^kubectl controls the Kubernetes cluster manager\./,
    );
    expect(kubectl(sim, "").stdout).toMatch(/^kubectl controls/);
  });
});

/** Every stored object, as text: what a refused command must leave as it was. */
function stateOf(sim: Simulation): string {
  const api = sim.cluster.apiServer;
  return JSON.stringify(
    api
      .resourcesInfo()
      .map((r) =>
        api.listObjects(
          r.group ? `${r.group}/${r.version}` : r.version,
          r.kind,
        ),
      ),
  );
}

const TOKENS = [
  "get",
  "pods",
  "po",
  "deploy",
  "web",
  "scale",
  "--replicas=5",
  "--replicas",
  "-5",
  "delete",
  "apply",
  "-f",
  "-",
  "rollout",
  "undo",
  "status",
  "patch",
  "-p",
  "'{\"spec\":{}}'",
  "label",
  "x=y",
  "x-",
  "-n",
  "kube-system",
  "-A",
  "-o",
  "yaml",
  "jsonpath={.x[",
  "--dry-run=server",
  "create",
  "deployment",
  "--image=x",
  "drain",
  "node-1",
  "edit",
  "describe",
  "logs",
  '"',
  "'",
  "\\",
  "<<EOF",
  "--",
  "99999999999999999999999",
  "-0",
  "NaN",
  "ü",
  "🙂",
  "\u0000",
  "all",
  "events",
  "-w",
  "--watch-only",
  "-l",
  "a in (b",
  "--field-selector",
  "a=b=c",
  "cordon",
  "set",
  "image",
  "web=nginx:2",
  "explain",
  "api-resources",
  "version",
  "config",
  "view",
  "--help",
  "-h",
  "-nx",
  "-ABC",
];

describe("no input line throws or changes the cluster when refused (property)", () => {
  it("random lines: runKubectl never throws; a refused command leaves the objects as they were", () => {
    const sim = webCluster();
    const target = targetOf(sim);
    fc.assert(
      fc.property(
        fc.constantFrom(
          "",
          "get",
          "delete",
          "scale",
          "apply",
          "create",
          "label",
          "annotate",
          "patch",
          "rollout",
          "drain",
          "set image",
          "edit",
          "logs",
          "autoscale",
          "replace",
        ),
        fc.array(
          fc.oneof(
            fc.constantFrom(...TOKENS),
            fc.string({ maxLength: 12 }),
            fc.string({ unit: "grapheme", maxLength: 6 }),
          ),
          { maxLength: 10 },
        ),
        (verb, parts) => {
          const line = `${verb} ${parts.join(" ")}`;
          const inputs = sim.inputs.length;
          const before = stateOf(sim);
          const r = runKubectl(line, target, {
            stdin: "apiVersion: v1\nkind: ConfigMap\nmetadata: {name: c}\n",
          });
          expect(typeof r.stdout).toBe("string");
          expect(typeof r.stderr).toBe("string");
          expect([0, 1]).toContain(r.exitCode);
          if (r.watch) {
            expect(typeof r.watch.poll(target)).toBe("string");
            expect(typeof r.watch.timelineMoved(target)).toBe("string");
          }
          if (sim.inputs.length === inputs) {
            // Nothing was sent: nothing may have changed.
            expect(stateOf(sim)).toBe(before);
          }
          expect(r.stderr).not.toContain("internal error");
        },
      ),
      { seed: 1313, numRuns: 400 },
    );
  }, 120_000);
});

describe("a kubectl mutation is a user input and replays", () => {
  it("is in sim.inputs with its command line, and a rebuild from the recipe gives the same trace", () => {
    const sim = Simulation.create({ seed: 7, nodes: 2 });
    sim.runFor(1000);
    kubectl(sim, "create deployment web --image=nginx --replicas=2");
    sim.runFor(20_000);
    kubectl(sim, "kubectl scale deployment web --replicas=4");
    kubectl(sim, "get pods");
    // Reads change nothing: a list through the api-server's selectors, a describe, a watch polled.
    kubectl(sim, "get pods -l app=web --field-selector status.phase=Running");
    kubectl(sim, "describe deploy web");
    kubectl(sim, "get pods -w").watch?.poll(targetOf(sim));
    sim.runFor(20_000);
    expect(
      sim.inputs.map((i) => (i.action as { command?: string }).command),
    ).toEqual([
      "kubectl create deployment web --image=nginx --replicas=2",
      "kubectl scale deployment web --replicas=4",
    ]);
    const replay = Simulation.fromRecipe(sim.recipe());
    replay.runUntil(sim.now);
    expect(traceHash(replay.trace.slice(0, replay.trace.length))).toBe(
      traceHash(sim.trace.slice(0, sim.trace.length)),
    );
  });
});
