import type { ExportFormat } from '@quizlead/shared/engagement.ts';
import { useEffect, useSyncExternalStore } from 'react';
import type { ExportProgress } from '../../api/lists.ts';

export interface ExportJob {
  format: ExportFormat;
  progress: ExportProgress | null;
  /** Whether its progress is open (it opens by itself once the download turns out to be a big one). */
  open: boolean;
  controller: AbortController;
}

/**
 * The downloads under way, by export (the route of its Excel file): outside the button that started one,
 * because Polaris' page header draws its actions anew when the window's width changes (a phone turned, a
 * window narrowed), and a download must outlive that. What stops one is Cancel, or its screen going away:
 * the last button showing an export gives it `releaseMs` to be shown again before it is aborted.
 */
const jobs = new Map<string, ExportJob>();
const shownBy = new Map<string, number>();
const listeners = new Set<() => void>();
const releaseMs = 1000;

const changed = () => listeners.forEach((listener) => listener());
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => void listeners.delete(listener);
};

/** Starts the job of `key` (the button offers no second one while one runs); its controller names it. */
export function startExportJob(key: string, format: ExportFormat): AbortController {
  const controller = new AbortController();
  jobs.set(key, { format, progress: null, open: false, controller });
  changed();
  return controller;
}

/** Whether the job `controller` started is still the one of `key` (not finished, not replaced). */
export const isCurrentExportJob = (key: string, controller: AbortController) => jobs.get(key)?.controller === controller;

/** Changes the job `controller` started, while it is still the one of `key`. */
export function updateExportJob(key: string, controller: AbortController, change: Partial<Pick<ExportJob, 'progress' | 'open'>>) {
  const job = jobs.get(key);
  if (job?.controller !== controller) return;
  jobs.set(key, { ...job, ...change });
  changed();
}

export function endExportJob(key: string, controller: AbortController) {
  if (!isCurrentExportJob(key, controller)) return;
  jobs.delete(key);
  changed();
}

/** The download under way for `key`, kept going while a button shows it (and for a moment after). */
export function useExportJob(key: string): ExportJob | null {
  const job = useSyncExternalStore(subscribe, () => jobs.get(key) ?? null);
  useEffect(() => {
    shownBy.set(key, (shownBy.get(key) ?? 0) + 1);
    return () => {
      const left = (shownBy.get(key) ?? 1) - 1;
      if (left > 0) return void shownBy.set(key, left);
      shownBy.delete(key);
      setTimeout(() => {
        if (!shownBy.has(key)) jobs.get(key)?.controller.abort();
      }, releaseMs);
    };
  }, [key]);
  return job;
}
