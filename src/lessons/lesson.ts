/**
 * A lesson ready to play: what `parseLesson` returns once a file in `lessons/` is valid (docs/lesson-format.md).
 * It is a scenario's cluster set-up (seed, nodes, options, manifests, initial actions) followed by ordered steps;
 * each step narrates, may ask a question before the simulation shows the answer (`predict`), and may give the
 * learner a task whose checks are the scenario expectation language, evaluated live from the step's opening.
 *
 * Durations are virtual milliseconds. A step's `setup` and `solution` actions carry `at` as an offset from the
 * moment the step opened (setup) or the solution started (solution), not from time 0.
 */
import type { EventMatcher, Expectation, Scenario, ScenarioAction, SourceRef } from '../sim/scenario/scenario.ts';

/**
 * An action of a step's set-up or a task's solution: a scenario action, or a kubectl command line run through the
 * console's kubectl (src/kubectl), which sends the same requests real kubectl does.
 */
export type LessonAction = ScenarioAction | { at: number; source: SourceRef; kubectl: string; expectError?: boolean | string };

/** What a step points at on the page. */
export type Spotlight =
  | { controller: string }
  | { object: string; namespace?: string }
  | { field: { object: string; path: string; namespace?: string } }
  | { events: EventMatcher }
  | { queue: string };

/** A choice of a `single`/`multiple`/`controller` question. `explain`: shown when the learner picks it. */
export interface Choice {
  id: string;
  text: string;
  explain?: string;
}

/** One row of a `label-events` question: the learner names the loop that produced the matching event. */
export interface LabelItem {
  id: string;
  event: EventMatcher;
  /** The loop (a controller, `kubelet`, `default-scheduler`…) that produced it. */
  answer: string;
}

export type PredictQuestion =
  | { kind: 'single'; choices: Choice[]; answer: string }
  | { kind: 'multiple'; choices: Choice[]; answer: string[] }
  | { kind: 'number'; answer: number; tolerance: number; unit?: string }
  /** "Which loop will do this?": answered by naming a controller or process (the page: a click on the graph). */
  | { kind: 'controller'; choices: Choice[]; answer: string }
  /** The mini drill: for each listed event, pick the loop that produced it from `choices`. */
  | { kind: 'label-events'; choices: Choice[]; items: LabelItem[] };

/** How the answer is shown once the question is answered or given up. */
export interface Reveal {
  /** Play this long (virtual ms) after the answer… */
  run?: number;
  /** …or until this check holds (within `within` ms; the reveal fails after that). */
  until?: Expectation;
  within: number;
  /** Markdown shown with the answer. */
  explanation: string;
  /** Events the explanation points at (the page links the trace ids they match). */
  evidence: Array<{ event: EventMatcher } | { trace: { kind: string; [field: string]: unknown } }>;
}

export type Predict = PredictQuestion & {
  /** The question (Markdown). */
  prompt: string;
  reveal: Reveal;
};

/** When a hint unlocks: after this many learner actions left the checks failing, or this long after the task opened. */
export type HintAfter = { attempts: number } | { time: number };

export interface Hint {
  text: string;
  after: HintAfter;
}

export interface Task {
  /** What the learner must do (Markdown). */
  goal: string;
  /**
   * Checks in the scenario expectation language, evaluated live; their window starts when the step opened, so state
   * from before it cannot pass them. The step completes when all hold at once.
   */
  checks: Expectation[];
  hints: Hint[];
  /** The reference solution (`at`: offset from when it starts). Required: lessons double as tests. */
  solution: LessonAction[];
  /** How long (virtual ms) `lesson check` waits for the checks after the solution, and runs without it. */
  within: number;
}

/** What learner mode hides until the step is revealed or complete. */
export interface Concealed {
  /** The `by` column (and cause chain) of events matching any of these. */
  events: EventMatcher[];
  /** Hide cause chains of every event while concealed. */
  causes: boolean;
  /** Object rows ("pod/web-1", "replicaset/web-*": a trailing `*` is a prefix). */
  objects: string[];
}

export interface LessonStep {
  title: string;
  narration: string;
  spotlight?: Spotlight;
  /** Run when the step opens, `at` from its opening. */
  setup: LessonAction[];
  predict?: Predict;
  task?: Task;
  concealed?: Concealed;
  source: SourceRef;
}

export interface Lesson {
  /** metadata.name: kebab-case, the `?lesson=` id. */
  id: string;
  title: string;
  summary: string;
  /** The upstream files or behaviours it shows. */
  upstream: string[];
  /** Position in the lesson list. */
  order: number;
  /** The cluster: seed, nodes, options, manifests, initial actions (expect is empty, until unused). */
  setup: Scenario;
  /** Virtual ms played after the initial actions before step 1 opens (default: until the last initial action + 5 s). */
  warmup: number;
  steps: LessonStep[];
}
