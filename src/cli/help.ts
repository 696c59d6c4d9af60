/** The text of `loopscope --help`, `loopscope run --help`, `loopscope validate --help` and `loopscope lesson --help`. */

export const MAIN_HELP = `loopscope: run Kubernetes reconciliation scenarios headless

Usage:
  loopscope run <scenario.yaml> [--until <duration>] [--trace <file.jsonl>] [--json] [--quiet] [--verbose]
  loopscope validate <scenario.yaml> [--json]
  loopscope lesson check [lesson.yaml…] [--json]
  loopscope serve [--scenario <file> | --lesson <file>] [--speed N] [--port N] [--kubeconfig <path>] [--open]
  loopscope hunt <controller file | built-in controller> [--workload <file>] [--seeds N] [--budget <duration>] [--out <file>]
  loopscope --help | run --help | validate --help | lesson --help | serve --help | hunt --help

Commands:
  run        Play the scenario on the simulated cluster, print the timeline, check its expectations.
  validate   Check the scenario file without running it.
  lesson     lesson check: play each lesson with its reference answers and solutions, and each task without.
  serve      Serve a simulation on 127.0.0.1 as a Kubernetes API that real kubectl drives.
  hunt       Hunt a controller's bugs: run its workload under seeded faults (crashes between its writes, stale and
             missed watch events, conflicts, an unavailable api-server) and check that it still converges.

Exit codes:
  0  every expectation passed (validate: the file is valid)
  1  an expectation failed, or an action did not go as the file declared
  2  the scenario file or a flag is invalid (the message names file, line and column)
  3  internal error (the simulation could not be started)

Scenario format: docs/scenario-format.md (JSON schema: docs/scenario.schema.json).
Lesson format: docs/lesson-format.md (JSON schema: docs/lesson.schema.json).
From a checkout: npx loopscope ...  or  npm run loopscope -- ...
`;

export const RUN_HELP = `loopscope run <scenario.yaml> [flags]

Plays the scenario on virtual time: applies its manifests at 0s, performs each action at its time, checks each
expectation (at its time, by its deadline, or at the end), then prints the results and a summary line
"N passed, M failed".

Flags:
  --until <duration>   Run this long instead of the scenario's "until" (e.g. 90s, 2m, 1m30s).
  --trace <file>       Write every trace event to <file> as JSON Lines (one event per line).
  --json               Print one JSON report (actions, expectations, counts) instead of the timeline.
  --quiet, -q          Print only the expectation results and the summary.
  --verbose            Print every trace event: API requests, watch deliveries and queue steps are
                       otherwise grouped into one summary line.
  --color, --no-color  Force colours on or off (default: on when stdout is a terminal and NO_COLOR is unset).

Timeline lines read like "kubectl get events -w":
     12.004s  replicaset-controller     create pod default/web-x2k9p (201, rv 41)   ← reconcile default/web-7d4b8c6

Exit codes: 0 all passed, 1 an expectation failed, 2 the scenario or a flag is invalid.
`;

export const VALIDATE_HELP = `loopscope validate <scenario.yaml> [--json]

Parses and checks the scenario (YAML syntax, the format, durations, regexes, targets) without running it.
Prints every problem as "<file>: line L, column C: <path>: <message>" and exits 2, or exits 0 when valid.
`;

export const LESSON_HELP = `loopscope lesson check [lesson.yaml…] [--json] [--color|--no-color]

Checks lessons as tests (default: every lessons/*.yaml). For each step: answers its question right and plays the
reveal (which must complete), performs the task's reference solution and plays until its checks hold; and plays
each task again from the same state without its solution, when its checks must NOT hold (a check that cannot fail
is a defect). Prints a line per step ("✓ lesson/step-2: …") and the totals as the last line "N passed, M failed".

Exit codes: 0 every step passed, 1 a step failed, 2 a lesson file or a flag is invalid.
`;

export const SERVE_HELP = `loopscope serve [--scenario <file> | --lesson <file>] [--speed N] [--port N] [--kubeconfig <path>]
                [--open] [--allow-origin <origin>]...

Runs a simulation on virtual time paced to wall time and serves it on 127.0.0.1 (plain HTTP) as a Kubernetes
API, so real kubectl drives it: kubectl --kubeconfig loopscope.kubeconfig get pods. Writes (apply, create -f,
replace, delete, scale, patch, label, rollout) become user actions of the simulation, named by the client's user
agent. Stop with Ctrl+C.

Flags:
  --scenario <file>    Play this scenario (its manifests, then its actions at their times).
  --lesson <file>      Serve the first step of this lesson.
                       Without either: the page's default demo (Deployment web on 3 nodes).
  --speed N            Virtual seconds per wall second (default 1).
  --port N             Port on 127.0.0.1 (default 16443).
  --kubeconfig <path>  Where to write the kubeconfig (default ./loopscope.kubeconfig): cluster, user and
                       context named "loopscope".
  --open               Open the page in the default browser, attached to this simulation: the same views,
                       live, while kubectl drives it (needs the built page: npm run build writes dist/).
  --allow-origin <o>   Let pages from this origin attach too (pages on 127.0.0.1 or localhost always may).

The page attaches at http://127.0.0.1:<port>/?connect (served from dist/ when it is built), or from any page on
127.0.0.1 or localhost with ?connect=http://127.0.0.1:<port>: it rebuilds the run from its recipe and follows
its inputs; what is done in the page (Apply, faults, the console) is done on the served simulation.

Protobuf bodies (kubectl create deployment|configmap|namespace|service|job|cronjob) are read for those kinds.
Not served: /openapi/v2 in protobuf (its JSON is), PUT of /status, DELETE of a collection.
`;

export const HUNT_HELP = `loopscope hunt <controller file | built-in controller> [flags]

Hunts a controller's bugs in the manner of Sieve: runs its workload (a scenario file) unperturbed, then under
perturbation plans (first one fault aimed at each point of the unperturbed run, then seeded random plans):
  intermediate-state      its process crashes right after its k-th write, and restarts with empty caches
  restart                 its process crashes just before or after a workload action
  stale-read              its informers lag (watch events delayed), or it restarts against a stale view
                          (its lists answered as the cluster was, as by a lagging api-server)
  unobserved-state        watch events to it are dropped, then it relists (the states between are never seen)
  conflict                writes to a resource it writes get 409 Conflict
  apiserver-unavailable   the api-server answers 503
After the faults, the cluster must converge and stay quiet (no write storm, no flapping field), nothing it
created may be left without a live owner, the workload's end-of-run expectations must hold, and the final
objects it writes must match the unperturbed run's (UIDs, times and generated name suffixes aside).
The first failing plan is minimised (delta debugging) to the fewest faults that still fail.

The controller is a file (a user-written controller, run in the sandbox; a controller of CronBackups has the
hunter's workload, others need --workload), the name of a controller the workload installs, or the name of a
built-in one with a workload of its own: deployment-controller, replicaset-controller, and the CronBackup
examples cronbackup-correct, cronbackup-non-idempotent-create, cronbackup-stale-cache-delete,
cronbackup-status-from-spec, cronbackup-missing-owner-reference, cronbackup-edge-triggered.

Flags:
  --workload <file>     The scenario the controller runs under; its expectations without at/by are checked at
                        the end of every run (your invariants).
  --seeds N             Plans to explore (default 40).
  --seed S              Seed of the random plans (default 1): the same seed finds the same bug.
  --budget <duration>   Stop after this much wall time (e.g. 60s).
  --out <file>          Write the minimised schedule as a scenario file: npx loopscope run <file> replays it and
                        fails where the hunt's run failed.
  --json                Print one JSON result (with the run's recipe) instead of the lines.
  --quiet, -q           Print only the result.

Exit codes: 0 no bug found, 1 a bug found, 2 bad input (a flag, the controller or the workload), 3 the simulation
itself failed.
`;
