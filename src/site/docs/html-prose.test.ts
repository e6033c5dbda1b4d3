import { describe, expect, it } from 'vitest';
import { renderInlineHtml, renderProseHtml } from './html-prose.js';

describe('renderInlineHtml', () => {
  it('escapes markup in plain text and in code', () => {
    expect(renderInlineHtml('a <b> & `<i>`')).toBe('a &lt;b&gt; &amp; <code>&lt;i&gt;</code>');
  });

  it('links http(s), fragment and site-relative targets only', () => {
    expect(renderInlineHtml('[site](https://x.test/?a=1&b=2)')).toBe(
      '<a href="https://x.test/?a=1&amp;b=2">site</a>',
    );
    expect(renderInlineHtml('[top](#errors)')).toBe('<a href="#errors">top</a>');
    expect(renderInlineHtml('[bad](javascript:alert(1))')).not.toContain('<a');
    expect(renderInlineHtml('[bad](//evil.test)')).not.toContain('<a');
  });

  it('lets a link label hold code but never reads code as a link', () => {
    expect(renderInlineHtml('[`GET /v1`](#get-v1)')).toBe('<a href="#get-v1"><code>GET /v1</code></a>');
    expect(renderInlineHtml('`[x](#y)`')).toBe('<code>[x](#y)</code>');
  });

  it('handles longer fences and unmatched backticks', () => {
    expect(renderInlineHtml('``a ` b``')).toBe('<code>a ` b</code>');
    expect(renderInlineHtml('it`s')).toBe('it`s');
  });

  it('renders bold', () => {
    expect(renderInlineHtml('**Note.** rest')).toBe('<strong>Note.</strong> rest');
  });
});

describe('renderProseHtml', () => {
  it('splits paragraphs and lists', () => {
    expect(renderProseHtml('One\nline.\n\n- a\n- b\n  continued\n\n1. first')).toBe(
      '<p>One line.</p>\n<ul><li>a</li><li>b continued</li></ul>\n<ol><li>first</li></ol>',
    );
  });

  it('keeps fenced code verbatim but escaped', () => {
    expect(renderProseHtml('```json\n{"a": "<b>"}\n```')).toBe(
      '<pre><code>{&quot;a&quot;: &quot;&lt;b&gt;&quot;}</code></pre>',
    );
  });

  it('returns nothing for empty text', () => {
    expect(renderProseHtml('')).toBe('');
  });
});
