import { describe, expect, it } from 'vitest';
import { htmlToText, sanitizeContentHtml } from './sanitize';

describe('catalogue HTML sanitiser', () => {
  it('keeps text structure, links and images', () => {
    const html =
      '<h2>Care</h2><p>Read <a href="https://example.com/a">this</a> <strong>now</strong>.</p><ul><li>One</li></ul><img src="/images/a.svg" alt="A">';
    expect(sanitizeContentHtml(html)).toBe(html.replace('alt="A">', 'alt="A" />'));
  });

  it('drops scripts, event handlers, styles, iframes and javascript: links', () => {
    const dirty =
      '<p onclick="steal()">Hi<script>alert(1)</script></p><img src="x" onerror="alert(2)"><a href="javascript:alert(3)">x</a><iframe src="https://evil.example"></iframe><style>body{}</style><p style="color:red">y</p>';
    const clean = sanitizeContentHtml(dirty);
    expect(clean).not.toMatch(/script|onerror|onclick|javascript:|iframe|style/i);
    expect(clean).toContain('<p>Hi</p>');
    expect(clean).toContain('<p>y</p>');
  });

  it('makes plain text for meta descriptions', () => {
    expect(htmlToText('<p>Hello <b>there</b></p>\n<p>friend</p>')).toBe('Hello there friend');
  });
});
