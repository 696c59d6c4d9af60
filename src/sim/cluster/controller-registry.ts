/**
 * Every controller the simulated cluster can run, by name. Each entry is a module-level descriptor (see
 * controller-host.ts); a process builds the ones of its kind that are enabled.
 */
import type { ControllerDescriptor, ProcessKind } from './controller-host.ts';

const DESCRIPTORS: ControllerDescriptor[] = [];

/** Adds descriptors (each controller folder's `descriptor.ts` is listed in `controllers.ts`). */
export function registerControllers(...descriptors: ControllerDescriptor[]): void {
  for (const d of descriptors) {
    if (DESCRIPTORS.some((x) => x.name === d.name)) continue;
    DESCRIPTORS.push(d);
  }
}

export function controllerDescriptors(process?: ProcessKind): readonly ControllerDescriptor[] {
  return process ? DESCRIPTORS.filter((d) => d.process === process) : DESCRIPTORS;
}

export function controllerDescriptor(name: string): ControllerDescriptor | undefined {
  return DESCRIPTORS.find((d) => d.name === name);
}
