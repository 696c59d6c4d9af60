/**
 * The page's mirror of the simulation, in zustand: what the latest frame said, plus what the user has selected.
 * Nothing here simulates; reducers only fold frames in.
 */
import { create } from 'zustand';
import type { ControllerDetail, ControllerSummary, FieldFight, Frame, GitOpsRepoFrame, HpaFrame, LessonView, ObjectSummary, TraceEvent } from '../../worker/protocol.ts';

/** Most trace events the page keeps (older ones scroll out of the event log; the worker keeps them all). */
export const MAX_EVENTS = 20_000;

/** A Kubernetes Event as the trace records it (what `kubectl get events` lists). */
export type K8sEvent = Extract<TraceEvent, { kind: 'k8s.event' }>;

const isK8sEvent = (e: TraceEvent): e is K8sEvent => e.kind === 'k8s.event';

export type Selection =
  | { type: 'object'; key: string }
  | { type: 'controller'; name: string }
  | { type: 'event'; id: number }
  | null;

export interface SimState {
  ready: boolean;
  error: string | null;
  now: number;
  step: number;
  head: number;
  playing: boolean;
  speed: number;
  inPast: boolean;
  converged: boolean;
  convergence: string[];
  apiServerUnavailable: boolean;
  /** The last fork and what it discarded, while it can be undone. */
  fork: Frame['fork'] | null;
  /** How far back one can go, once older history was dropped (null: the whole run is kept). */
  history: Frame['history'] | null;
  objects: Map<string, ObjectSummary>;
  events: TraceEvent[];
  /** The `k8s.event`s among {@link events} (what the event log lists by default), kept as frames arrive. */
  k8sEvents: K8sEvent[];
  /** Trace id of the newest event (events may have been skipped for very busy frames). */
  lastEventId: number;
  /**
   * Events received since the page last rendered (what the graph animates now): the latest frame's, and those of the
   * frames folded into the same render before it, so that no reconcile's end (its return to idle) is lost.
   */
  recent: TraceEvent[];
  controllers: ControllerSummary[];
  focus: ControllerDetail | null;
  selection: Selection;
  /** Markers of user actions and faults on the timeline: step and time. */
  markers: Array<{ id: number; time: number; kind: 'user' | 'fault'; label: string }>;
  /** Field fights going on now, most flips first. */
  fights: FieldFight[];
  /** The GitOps repository (null without GitOps). */
  gitops: GitOpsRepoFrame | null;
  /** HPAs with their series and the Deployments' loads (null before the first frame carrying them). */
  hpa: HpaFrame | null;
  /** The open lesson's step (null: no lesson open). */
  lesson: LessonView | null;
  /** Following a served run (`loopscope serve`): its address, live or looking back, and why it ended; null: local. */
  attached: Frame['attached'] | null;
  /** Folds a frame in; `sameRender`: an earlier frame was folded into the same render (its events stay recent). */
  applyFrame(frame: Frame, sameRender?: boolean): void;
  setLesson(view: LessonView | null): void;
  select(selection: Selection): void;
  setError(message: string | null): void;
}

/** Most recent events the graph considers in one render (a render that folded many busy frames keeps the newest). */
const MAX_RECENT = 20_000;

function boundedConcat(a: TraceEvent[], b: TraceEvent[]): TraceEvent[] {
  const all = a.concat(b);
  return all.length > MAX_RECENT ? all.slice(all.length - MAX_RECENT) : all;
}

export const useSim = create<SimState>((set) => ({
  ready: false,
  error: null,
  now: 0,
  step: 0,
  head: 0,
  playing: false,
  speed: 1,
  inPast: false,
  converged: false,
  convergence: [],
  apiServerUnavailable: false,
  fork: null,
  history: null,
  objects: new Map(),
  events: [],
  k8sEvents: [],
  lastEventId: 0,
  recent: [],
  controllers: [],
  focus: null,
  selection: null,
  markers: [],
  fights: [],
  gitops: null,
  hpa: null,
  lesson: null,
  attached: null,
  applyFrame: (f, sameRender = false) =>
    set((s) => {
      const objects = f.objects.full ? new Map<string, ObjectSummary>() : new Map(s.objects);
      for (const o of f.objects.upserts) objects.set(o.key, o);
      for (const k of f.objects.deletes) objects.delete(k);
      let events = f.reset ? f.events : s.events.concat(f.events);
      if (events.length > MAX_EVENTS) events = events.slice(events.length - MAX_EVENTS);
      const newK8s = f.events.filter(isK8sEvent);
      let k8sEvents = f.reset ? newK8s : newK8s.length ? s.k8sEvents.concat(newK8s) : s.k8sEvents;
      if (k8sEvents.length > MAX_EVENTS) k8sEvents = k8sEvents.slice(k8sEvents.length - MAX_EVENTS);
      const newMarkers = f.events
        .filter((e) => e.kind === 'user.action' || e.kind === 'fault.inject')
        .map((e) => ({
          id: e.id,
          time: e.time,
          kind: e.kind === 'user.action' ? ('user' as const) : ('fault' as const),
          label: e.kind === 'user.action' || e.kind === 'fault.inject' ? e.detail : '',
        }));
      const markers = f.reset ? newMarkers : s.markers.concat(newMarkers);
      return {
        ready: true,
        now: f.now,
        step: f.step,
        head: f.head,
        playing: f.playing,
        speed: f.speed,
        inPast: f.inPast,
        converged: f.converged,
        convergence: f.convergence,
        apiServerUnavailable: f.apiServerUnavailable === true,
        fork: f.fork ?? null,
        history: f.history ?? null,
        attached: f.attached ?? null,
        objects: f.objects.upserts.length || f.objects.deletes.length || f.objects.full ? objects : s.objects,
        events,
        k8sEvents,
        lastEventId: f.events.length ? f.events[f.events.length - 1]!.id : f.reset ? 0 : s.lastEventId,
        // After time travel the frame carries the whole history: nothing of it "just happened".
        recent: f.reset ? [] : sameRender && s.recent.length ? boundedConcat(s.recent, f.events) : f.events,
        controllers: f.controllers,
        focus: f.focus ?? null,
        markers,
        fights: f.fights ?? (s.fights.length ? [] : s.fights),
        gitops: f.gitops ?? (f.reset ? null : s.gitops),
        hpa: f.hpa ?? (f.reset ? null : s.hpa),
        lesson: f.lesson === undefined ? s.lesson : f.lesson,
      };
    }),
  setLesson: (lesson) => set({ lesson }),
  select: (selection) => set({ selection }),
  setError: (error) => set({ error }),
}));
