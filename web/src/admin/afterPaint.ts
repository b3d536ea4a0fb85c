/**
 * Runs `work` once the browser has painted the current frame (issue 38): a request a screen can start a
 * moment later (the rich text editor's code, the dashboards' chart) then starts after the screen's
 * first paint instead of competing with it for a slow phone's bandwidth and main thread. A task queued
 * from the next animation frame runs after that frame's paint. Returns a cancel for unmounting.
 */
export function afterNextPaint(work: () => void): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const frame = requestAnimationFrame(() => {
    timer = setTimeout(work, 0);
  });
  return () => {
    cancelAnimationFrame(frame);
    if (timer !== undefined) clearTimeout(timer);
  };
}
