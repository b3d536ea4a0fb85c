import { useEffect, useId, type ReactNode } from 'react';

/**
 * App Bridge's save bar for a form with unsaved changes, inside the shop's admin (shopify.md 2: `ui-save-bar`,
 * `shopify.saveBar`): the admin shows Save and Discard in its own bar, and asks before the merchant leaves the
 * page. The embedded shell hands its App Bridge here (setSaveBarPresenter); the standalone shell has none, and its
 * forms keep their own Save buttons only. (In a folder of its own, outside the bundles' shared `common` chunk:
 * the standalone entry, which never shows it, has a size budget.)
 */
export interface SaveBarPresenter {
  show(id: string): void;
  hide(id: string): void;
}

let presenter: SaveBarPresenter | null = null;

export function setSaveBarPresenter(next: SaveBarPresenter | null): void {
  presenter = next;
}

interface Options {
  /** The form differs from what is saved: the bar shows. */
  dirty: boolean;
  saving: boolean;
  onSave(): void;
  onDiscard(): void;
}

/**
 * The save bar's element for a form to render, shown while `dirty`; its Save and Discard run the form's own save
 * and discard (App Bridge clicks the element's buttons). Null outside the shop's admin.
 */
export function useSaveBar({ dirty, saving, onSave, onDiscard }: Options): ReactNode {
  const id = `ql-save-bar-${useId().replace(/[^\w-]/g, '')}`;
  const shown = presenter !== null && dirty;
  useEffect(() => {
    if (!presenter) return;
    const bar = presenter;
    if (shown) bar.show(id);
    else bar.hide(id);
    return () => bar.hide(id);
  }, [id, shown]);
  if (!presenter) return null;
  return (
    <ui-save-bar id={id}>
      {/* App Bridge reads the attributes: `variant="primary"` is Save, `loading` shows it busy. */}
      <button type="button" {...{ variant: 'primary', loading: saving ? '' : undefined }} onClick={onSave}>
        Save
      </button>
      <button type="button" disabled={saving} onClick={onDiscard}>
        Discard
      </button>
    </ui-save-bar>
  );
}
