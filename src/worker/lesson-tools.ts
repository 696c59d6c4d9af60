/**
 * What the worker needs of the lesson runner (src/lessons): reading a lesson file and opening a session. Loaded on
 * demand (on-demand.ts): only a lesson brings it. A lesson file's errors have the scenario format's shape.
 */
export { parseLesson } from '../lessons/parse-lesson.ts';
export { formatScenarioError as formatLessonError } from '../sim/scenario/parse-scenario.ts';
export { LessonSession } from '../lessons/lesson-session.ts';
