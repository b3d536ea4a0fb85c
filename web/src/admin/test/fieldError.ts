/**
 * The error Polaris shows under a field (the `${id}Error` element its input is described by), or null:
 * a message the test finds here is on that field, not anywhere on the screen.
 */
export function errorUnder(field: HTMLElement): string | null {
  const errorId = `${field.id}Error`;
  if (!field.getAttribute('aria-describedby')?.split(' ').includes(errorId)) return null;
  return document.getElementById(errorId)?.textContent ?? null;
}
