/**
 * The live feed the page attaches to (`GET /loopscope/v1/feed`): the served run as its recipe, then how it moves.
 *
 * A served simulation is deterministic and every change to it is a logged input (a kubectl request, a scenario's
 * timed action, an action the page sent), so the page does not need its state: it rebuilds the run from the recipe
 * (`Simulation.fromRecipe`, as a share link does) and then follows it, applying each new input at its logged step
 * and running to the served step. Its views (graph, trace, cause chains, time travel) are then the served run's,
 * computed in the page, and the feed stays small: a few numbers per tick plus the inputs.
 *
 * The stream is newline-delimited JSON (as a watch is), one message per line:
 * - `{"type":"recipe","recipe":SimulationRecipe}` first;
 * - `{"type":"advance","step":n,"time":ms,"inputs":[LoggedInput…]}` whenever the served run moved: the inputs
 *   logged since the last message, in order, then the step and the virtual time reached.
 *
 * Served runs never seek (nothing in serve moves them back), so the input log only grows: a message's inputs are
 * the entries past the count already sent.
 */
import type { ServerResponse } from 'node:http';
import type { Simulation } from '../sim/simulation.ts';

/** Feeds open at once; more are refused (429), as watches are. */
export const FEED_LIMIT = 20;

interface Follower {
  res: ServerResponse;
  /** Inputs of the served log already sent. */
  sentInputs: number;
  sentStep: number;
  sentTime: number;
}

/** The open feeds of one server. */
export class LiveFeeds {
  private readonly followers = new Set<Follower>();

  constructor(private readonly sim: Simulation) {}

  get count(): number {
    return this.followers.size;
  }

  /** Starts a feed on `res`: the recipe now, then {@link tick}'s advances. False when {@link FEED_LIMIT} are open. */
  open(res: ServerResponse): boolean {
    if (this.followers.size >= FEED_LIMIT) return false;
    const recipe = this.sim.recipe();
    const follower: Follower = { res, sentInputs: recipe.inputs.length, sentStep: recipe.step, sentTime: recipe.time ?? this.sim.now };
    res.writeHead(200, { 'Content-Type': 'application/x-ndjson', 'Cache-Control': 'no-store', 'X-Content-Type-Options': 'nosniff' });
    res.write(`${JSON.stringify({ type: 'recipe', recipe })}\n`);
    this.followers.add(follower);
    res.on('close', () => this.followers.delete(follower));
    return true;
  }

  /** Sends each feed what the served run did since its last message (called after every pacing tick). */
  tick(): void {
    if (this.followers.size === 0) return;
    const log = this.sim.inputs;
    const step = this.sim.step;
    const time = this.sim.now;
    for (const f of this.followers) {
      if (f.sentStep === step && f.sentTime === time && f.sentInputs === log.length) continue;
      const inputs = log.slice(f.sentInputs);
      f.sentInputs = log.length;
      f.sentStep = step;
      f.sentTime = time;
      f.res.write(`${JSON.stringify({ type: 'advance', step, time, inputs })}\n`);
    }
  }

  /** Ends every feed (the server is closing). */
  closeAll(): void {
    for (const f of this.followers) f.res.end();
    this.followers.clear();
  }
}
