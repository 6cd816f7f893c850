/// <reference types="node" />
import type { IndexHtmlTransformContext } from 'vite';
import { describe, expect, it } from 'vitest';
import { inlineEntryCss } from './inlineEntryCss';

type Handler = (html: string, ctx: IndexHtmlTransformContext) => string;

describe('inlineEntryCss', () => {
  it("puts the build's own stylesheets into the page in their place and leaves other links alone", () => {
    const transform = inlineEntryCss().transformIndexHtml as { handler: Handler };
    const html = [
      '<link rel="stylesheet" crossorigin href="/assets/es-a1.css">',
      '<link rel="stylesheet" href="https://cdn.example.com/x.css">',
      '<link rel="stylesheet" crossorigin href="/assets/index-b2.css">',
    ].join('\n');
    const bundle = {
      'assets/es-a1.css': { type: 'asset', source: '.adm{color:red}' },
      'assets/index-b2.css': { type: 'asset', source: '.app{content:"</style>"}' },
    };
    const out = transform.handler(html, { bundle } as unknown as IndexHtmlTransformContext);
    expect(out.split('\n')).toEqual([
      '<style>.adm{color:red}</style>',
      '<link rel="stylesheet" href="https://cdn.example.com/x.css">',
      '<style>.app{content:"<\\/style>"}</style>',
    ]);
  });
});
