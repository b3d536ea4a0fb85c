import type { Plugin, Rolldown } from 'vite';
import { withFrameSkeleton } from '../web/src/admin/frameSkeleton.ts';

/** The module whose chunk is the signed-in frame (App.tsx loads it lazily). */
const signedInModule = /[\\/]src[\\/]shell[\\/]SignedInApp\.tsx$/;

/**
 * Writes dist/app.html, the page the server answers /app/… with: index.html plus preload links for
 * the signed-in frame's scripts and styles, and the frame's skeleton, painted before any script runs
 * (web/src/admin/frameSkeleton.ts; the sign-in page, index.html, has none). index.html (the signed-out screens) does not load the
 * frame at all; app.html has the browser fetch it side by side with the entry, instead of after the
 * entry has run and asked for it.
 */
export function signedInHtml(): Plugin {
  return {
    name: 'quizlead-signed-in-html',
    apply: 'build',
    enforce: 'post',
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((item): item is Rolldown.OutputChunk => item.type === 'chunk');
      const frame = chunks.find((chunk) => chunk.facadeModuleId && signedInModule.test(chunk.facadeModuleId));
      const page = bundle['index.html'];
      if (!frame || page?.type !== 'asset') throw new Error('signedInHtml: the build has no signed-in frame or no index.html');
      const html = String(page.source);

      const scripts = new Set<string>();
      const styles = new Set<string>();
      const visit = (fileName: string) => {
        const chunk = bundle[fileName];
        if (chunk?.type !== 'chunk' || scripts.has(fileName)) return;
        scripts.add(fileName);
        for (const css of chunk.viteMetadata?.importedCss ?? []) styles.add(css);
        for (const imported of chunk.imports) visit(imported);
      };
      visit(frame.fileName);

      const base = this.environment.config.base;
      const links = [
        ...[...scripts]
          .filter((file) => !html.includes(`${base}${file}"`))
          .map((file) => `<link rel="modulepreload" crossorigin href="${base}${file}">`),
        ...[...styles]
          .filter((file) => !html.includes(`${base}${file}"`))
          .map((file) => `<link rel="stylesheet" crossorigin href="${base}${file}">`),
      ];
      this.emitFile({
        type: 'asset',
        fileName: 'app.html',
        source: withFrameSkeleton(
          html.replace('  </head>', `${links.map((link) => `    ${link}\n`).join('')}  </head>`),
          'standalone',
        ),
      });
    },
  };
}
