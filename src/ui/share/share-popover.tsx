/**
 * The Share popover (share-button.tsx opens it; a chunk of its own, preloaded after the first frame): an address that
 * reopens what is on screen. In a lesson, the lesson step's own address; otherwise the run's recipe in the fragment
 * (share-link.ts), replayed to the same state (the same trace) wherever it is opened. The link is copied to the
 * clipboard when the browser allows it, and always shown, selected, to copy by hand. Downloads: the trace (JSON Lines,
 * Chrome trace) and the session as a scenario file (the worker writes it: export-scenario.ts).
 */
import { useEffect, useRef, useState } from 'react';
import { exportTrace, recipe } from '../connection/sim-connection.ts';
import { useSim } from '../state/sim-store.ts';
import { lessonSearch } from '../lessons/lesson-address.ts';
import { shareUrl } from './share-link.ts';

/** `asked`: how many times Share was pressed; each press makes the link again (the run has moved on since). */
export function SharePopover({ asked, onClose }: { asked: number; onClose: () => void }) {
  const [link, setLink] = useState<string | null>(null);
  const [note, setNote] = useState('');
  const field = useRef<HTMLInputElement>(null);
  useEffect(() => {
    field.current?.select();
  }, [link]);
  useEffect(() => {
    let live = true;
    const share = async () => {
      const lesson = useSim.getState().lesson;
      let url: string;
      if (lesson) {
        url = `${location.origin}${location.pathname}${lessonSearch(location.search, { id: lesson.lesson.id, step: lesson.step })}`;
      } else {
        const r = await recipe();
        if (!live) return;
        if (!r) {
          setNote('The run could not be read from the simulation.');
          setLink('');
          return;
        }
        url = shareUrl(location, r);
      }
      setLink(url);
      try {
        await navigator.clipboard.writeText(url);
        if (live) setNote(lesson ? 'Link to this lesson step copied.' : `Link copied: it replays this run to step ${useSim.getState().step}.`);
      } catch {
        if (live) setNote('Copy the link below (the browser did not allow copying it for you).');
      }
    };
    void share();
    return () => {
      live = false;
    };
  }, [asked]);
  const download = async (format: 'jsonl' | 'chrome' | 'scenario') => {
    const file = await exportTrace(format);
    if ('error' in file) {
      setNote(format === 'scenario' ? `No scenario file: ${file.error}.` : `The trace could not be read from the simulation: ${file.error}.`);
      return;
    }
    const url = URL.createObjectURL(new Blob([file.text], { type: file.mediaType }));
    const a = document.createElement('a');
    a.href = url;
    a.download = file.fileName;
    a.click();
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
    setNote(`Downloaded ${file.fileName}.`);
  };
  if (link === null) return null;
  return (
    <div className="share-popover" role="dialog" aria-label="Share link">
      <p role="status">{note}</p>
      {link && <input ref={field} readOnly value={link} aria-label="Link" onFocus={(e) => e.target.select()} />}
      <div className="share-downloads" role="group" aria-label="Download the trace">
        <button onClick={() => void download('jsonl')} title="Every trace event up to the viewed step, one JSON object per line">
          Trace (JSON Lines)
        </button>
        <button onClick={() => void download('chrome')} title="Opens in Perfetto (ui.perfetto.dev) and chrome://tracing: each loop a track, each reconcile a slice, each watch delivery an arrow">
          Chrome trace
        </button>
      </div>
      <div className="share-downloads" role="group" aria-label="Download the session">
        <button onClick={() => void download('scenario')} title="The manifests, the nodes and the seed, and every action and fault with its time and step: npx loopscope run replays it to the same trace">
          Scenario file (.yaml)
        </button>
      </div>
      <button className="mini" onClick={onClose} aria-label="Close share link">
        ✕
      </button>
    </div>
  );
}
