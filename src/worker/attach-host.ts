/**
 * Following a served run (`loopscope serve`): the page's worker rebuilds the run from the feed's recipe, as a share
 * link does, and then follows it: each advance's inputs are applied at their logged steps, then the simulation runs
 * to the served step and clock. Determinism makes the copy exact (the same trace, step for step), so every view of
 * the page works on it unchanged, time travel included: stepping back looks at the past while the feed's advances
 * wait, and playing returns to the live edge and applies them.
 *
 * While attached, what the page does to the cluster is done to the served run (served-run.ts): an action is posted
 * there and comes back in the feed as an input; a console line runs there, its output streamed back.
 */
import type { LoggedInput } from '../sim/timeline/timeline.ts';
import type { Simulation } from '../sim/simulation.ts';
import { FeedReader, type FeedMessage } from './served-run.ts';

/** What the host does with a feed's messages. */
export interface AttachTarget {
  /** The feed's recipe arrived: rebuild the run from it (validated) and play it; an error in words if it cannot. */
  adoptRecipe(recipe: unknown): string | null;
  /** The feed ended: why. */
  detached(reason: string): void;
}

interface Advance {
  step: number;
  time: number;
  inputs: LoggedInput[];
}

export class AttachHost {
  private reader: FeedReader | null = null;
  /** The advances received and not yet applied, merged into one (its inputs in order, the last step and time). */
  private pending: Advance | null = null;
  private adopted = false;
  /** Why the last attachment ended (shown until the next attach or init). */
  ended: string | null = null;
  url: string | null = null;

  constructor(
    private readonly target: AttachTarget,
    private readonly fetchImpl: typeof fetch = (input, init) => fetch(input, init),
  ) {}

  /** Attached (or attaching): the page's changes go to the served run. */
  get attached(): boolean {
    return this.reader !== null;
  }

  /** Whether advances were received and not yet applied (the viewer is in the past, or paused). */
  get waiting(): boolean {
    return this.pending !== null;
  }

  /** Starts following `base`; `onFirst` is told when the recipe was adopted (null) or could not be (an error). */
  attach(base: string, onFirst: (error: string | null) => void): void {
    this.detach();
    this.url = base;
    this.ended = null;
    this.adopted = false;
    let answered = false;
    const answer = (error: string | null) => {
      if (answered) return;
      answered = true;
      onFirst(error);
    };
    const reader: FeedReader = new FeedReader(
      base,
      {
        message: (m: FeedMessage) => {
          if (this.reader !== reader) return;
          if (m.type === 'recipe') {
            const error = this.adopted ? 'the feed sent a second recipe' : this.target.adoptRecipe(m.recipe);
            if (error) {
              this.stop(error);
              answer(error);
              return;
            }
            this.adopted = true;
            answer(null);
            return;
          }
          if (!this.adopted) {
            this.stop('the feed sent an advance before its recipe');
            answer('the feed sent an advance before its recipe');
            return;
          }
          if (this.pending) this.pending = { step: m.step, time: m.time, inputs: [...this.pending.inputs, ...(m.inputs as LoggedInput[])] };
          else this.pending = { step: m.step, time: m.time, inputs: m.inputs as LoggedInput[] };
        },
        ended: (reason) => {
          if (this.reader !== reader) return;
          this.stop(reason);
          answer(reason);
        },
      },
      this.fetchImpl,
    );
    this.reader = reader;
    reader.start();
  }

  /** Stops following (the page keeps the run as it is, now local). */
  detach(): void {
    this.reader?.stop();
    this.reader = null;
    this.pending = null;
  }

  private stop(reason: string): void {
    this.detach();
    this.ended = reason;
    this.target.detached(reason);
  }

  /**
   * Applies the waiting advances to `sim` (at its live edge). Returns false, having detached with the reason, if
   * the served run and the copy disagree (an input malformed, or logged before the copy's step: not the same run).
   */
  follow(sim: Simulation): boolean {
    const a = this.pending;
    if (!a) return true;
    this.pending = null;
    const problem = sim.follow(a.inputs, a.step, a.time);
    if (!problem) return true;
    this.stop(`the served run and this page's copy disagree at step ${sim.step} (${problem}): detached (attach again to start from its present)`);
    return false;
  }
}
