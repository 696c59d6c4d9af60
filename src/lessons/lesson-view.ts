/**
 * What a {@link LessonSession} tells the page: plain JSON (it crosses the worker boundary), and never the answer of a
 * question that is not revealed yet. Also the learner's answers ({@link PredictAnswer}) and their feedback.
 */
import type { EventMatcher } from '../sim/scenario/scenario.ts';
import type { Spotlight } from './lesson.ts';

export type LessonPhase = 'read' | 'predict' | 'revealing' | 'revealed' | 'task' | 'complete';

/** A learner's answer; its `kind` is the question's. */
export type PredictAnswer =
  | { kind: 'single'; choice: string }
  | { kind: 'multiple'; choices: string[] }
  | { kind: 'number'; value: number }
  | { kind: 'controller'; controller: string }
  /** Item id → the loop the learner picked. */
  | { kind: 'label-events'; labels: Record<string, string> };

export interface AnswerResult {
  correct: boolean;
  /** Why (Markdown): the picked choice's `explain`, or what is wrong; for a correct answer, the reveal's explanation. */
  explanation: string;
  /** label-events: which items were right. */
  items?: Record<string, boolean>;
}

/** The question as the learner sees it: no answer in it. */
export interface QuestionView {
  kind: 'single' | 'multiple' | 'number' | 'controller' | 'label-events';
  prompt: string;
  choices: Array<{ id: string; text: string }>;
  unit?: string;
  /** label-events: the rows to label. */
  items?: Array<{ id: string; event: EventMatcher }>;
  /** Answers given so far on this step, with their feedback. */
  attempts: Array<{ answer: PredictAnswer; result: AnswerResult }>;
  /** Set once revealed (answered right, or given up). */
  answer?: unknown;
  explanation?: string;
  /** Trace ids the explanation points at (filled as the reveal plays). */
  evidence?: number[];
  /** The reveal could not complete (its check did not hold in time). */
  revealFailed?: string;
}

export interface CheckView {
  description: string;
  passed: boolean;
  /** What was seen ("status.replicas: it is 3"). */
  message: string;
}

export interface TaskView {
  goal: string;
  checks: CheckView[];
  /** Hints unlocked so far. */
  hints: string[];
  hintsLeft: number;
  complete: boolean;
}

/** What the page must hide right now (empty once the step is revealed or complete). */
export interface ConcealedView {
  events: EventMatcher[];
  causes: boolean;
  objects: string[];
}

export interface LessonView {
  lesson: { id: string; title: string; summary: string; upstream: string[] };
  /** 0-based. */
  step: number;
  stepCount: number;
  title: string;
  narration: string;
  spotlight?: Spotlight;
  phase: LessonPhase;
  question?: QuestionView;
  task?: TaskView;
  concealed: ConcealedView;
  canNext: boolean;
  canBack: boolean;
  canShowMe: boolean;
  /** Virtual ms at which the step opened. */
  openedAt: number;
}
