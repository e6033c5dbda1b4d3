import { describe, expect, it } from 'vitest';
import { escapeHtml, escapeMarkdownCell, markdownCode, markdownCodeBlock } from './escape.js';

describe('escapeHtml', () => {
  it('escapes the five characters that can open markup or end an attribute', () => {
    expect(escapeHtml(`<a href="x" title='y'>&</a>`)).toBe(
      '&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;&amp;&lt;/a&gt;',
    );
  });
});

describe('escapeMarkdownCell', () => {
  it('escapes pipes and folds line breaks', () => {
    expect(escapeMarkdownCell('a | b\r\n  c')).toBe('a \\| b c');
  });
});

describe('markdownCode', () => {
  it('uses a longer fence when the text holds backticks', () => {
    expect(markdownCode('plain')).toBe('`plain`');
    expect(markdownCode('a`b')).toBe('``a`b``');
    expect(markdownCode('`edge')).toBe('`` `edge ``');
  });

  it('fences blocks past any backtick run inside', () => {
    expect(markdownCodeBlock('x', 'sh')).toBe('```sh\nx\n```');
    expect(markdownCodeBlock('````')).toBe('`````\n````\n`````');
  });
});
