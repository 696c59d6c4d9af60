// monaco-editor 0.57 ships this helper without typings; monaco-setup.ts uses it to work around monaco-yaml#272.
declare module 'monaco-editor/internal/common/workers' {
  import type { editor } from 'monaco-editor/editor';
  export function createWebWorker<T extends object>(opts: {
    moduleId?: string;
    label?: string;
    createData?: unknown;
    host?: Record<string, (...args: unknown[]) => unknown>;
    keepIdleModels?: boolean;
    createWorker?: () => Worker;
  }): editor.MonacoWebWorker<T>;
}
