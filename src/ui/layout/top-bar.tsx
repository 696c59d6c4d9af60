/** Title, time controls, speed, the clock and the "settled" badge: readable from the back of a room. */
import { useSim } from '../state/sim-store.ts';
import { pause, play, setSpeed, stepBack, stepForward } from '../connection/sim-connection.ts';
import { formatClock, formatSpeed, SPEEDS } from '../format.ts';
import { PauseIcon, PlayIcon, StepBackIcon, StepForwardIcon } from './icons.tsx';
import { LessonPicker } from './lesson-picker.tsx';
import { LessonsButton } from './lessons-button.tsx';
import { ShareButton } from '../share/share-button.tsx';
import { StateBadge } from './state-badge.tsx';
import { PresentButton } from '../present/present-button.tsx';
import { AttachButton } from '../attach/attach-button.tsx';

export function TopBar() {
  const { now, step, head, playing, speed, inPast, attached } = useSim();
  const speedIndex = SPEEDS.reduce((best, s, i) => (Math.abs(Math.log(s / speed)) < Math.abs(Math.log(SPEEDS[best]! / speed)) ? i : best), 0);
  return (
    <header className="top-bar">
      <h1 className="brand">Loopscope</h1>
      <LessonsButton />
      <LessonPicker />
      <div className="controls" role="toolbar" aria-label="Time controls">
        <button onClick={() => stepBack()} title="Step back (←)" aria-label="Step back" data-testid="step-back"><StepBackIcon /></button>
        <button onClick={() => (playing ? pause() : play())} title="Play / pause (space)" aria-label={playing ? 'Pause' : 'Play'} className="primary" data-testid="play-pause">
          {playing ? <PauseIcon /> : <PlayIcon />}
        </button>
        <button onClick={() => stepForward()} title="Step forward (→)" aria-label="Step forward" data-testid="step-forward"><StepForwardIcon /></button>
        {/* A served run keeps its own pace (serve --speed): while following it, its status takes the speed's place. */}
        <AttachButton />
        {!(attached && !attached.ended) && <label className="speed">
          <span>speed</span>
          <input
            type="range"
            min={0}
            max={SPEEDS.length - 1}
            value={speedIndex}
            onChange={(e) => setSpeed(SPEEDS[Number(e.target.value)]!)}
            aria-label="Speed"
          />
          <output>{formatSpeed(speed)}</output>
        </label>}
      </div>
      <div className="clock" aria-live="off">
        <span className="time" data-testid="virtual-time">{formatClock(now)}</span>
        <span className="step" data-testid="step-counter">
          step {step}
          {inPast ? ` of ${head} (in the past: acting now forks)` : ''}
        </span>
      </div>
      <ShareButton />
      <PresentButton />
      <StateBadge />
    </header>
  );
}
