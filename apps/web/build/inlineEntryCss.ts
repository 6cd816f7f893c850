import type { Plugin } from 'vite';

/**
 * Puts the first page's stylesheets into index.html itself (issue 10): a phone then paints the
 * placeholder, and the page after it, without waiting for a stylesheet request first (the first
 * contentful paint of `/login` waited a round trip for 8 KB of CSS). Each `<link rel="stylesheet">` of
 * the build's own CSS becomes a `<style>` in its place, so the cascade keeps its order. Pages loaded
 * later still fetch their own CSS.
 */
export function inlineEntryCss(): Plugin {
  return {
    name: 'paiclass-inline-entry-css',
    apply: 'build',
    enforce: 'post',
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        return html.replace(/<link rel="stylesheet"(?: crossorigin)? href="\/(assets\/[^"]+\.css)">/g, (tag, file: string) => {
          const asset = ctx.bundle?.[file];
          if (asset?.type !== 'asset') return tag;
          return `<style>${String(asset.source).replace(/<\/style/gi, '<\\/style')}</style>`;
        });
      },
    },
  };
}
