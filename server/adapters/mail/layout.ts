import type { Brand } from '@shared/brand';

/** Escapes text for HTML e-mail bodies. */
export function escapeHtml(value: string): string {
  return value
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}

export type EmailContent = {
  /** First line of the message, e.g. "Your collection is booked". */
  heading: string;
  /** Paragraphs of plain text; each is escaped for the HTML part. */
  paragraphs: string[];
  /** Optional label/value rows (order number, collection window …). */
  details?: { label: string; value: string }[];
  /** Optional call to action. */
  action?: { label: string; url: string };
  /** A second, quieter action beside it (a link, not a button). */
  secondaryAction?: { label: string; url: string };
  /** The order's tracking page (issue 16): a "Track your order" line under the rest. */
  track?: string;
};

/** The brand's HTML and plain-text wrapper shared by every message. */
export function renderEmail(brand: Brand, content: EmailContent): { html: string; text: string } {
  const rows = (content.details ?? [])
    .map(
      (d) =>
        `<tr><td style="padding:4px 12px 4px 0;color:#555;vertical-align:top">${escapeHtml(d.label)}</td>` +
        `<td style="padding:4px 0;white-space:pre-line"><strong>${escapeHtml(d.value)}</strong></td></tr>`,
    )
    .join('');
  const html = `<!doctype html><html lang="en"><body style="margin:0;background:#f4f6f7;font-family:Arial,Helvetica,sans-serif;color:#1d2b30">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:24px">
<table role="presentation" width="560" cellpadding="0" cellspacing="0" style="background:#fff;border-radius:8px;overflow:hidden">
<tr><td style="background:${brand.colours.primary};color:#fff;padding:18px 24px;font-size:20px;font-weight:bold">${escapeHtml(brand.name)}</td></tr>
<tr><td style="padding:24px">
<h1 style="font-size:20px;margin:0 0 16px">${escapeHtml(content.heading)}</h1>
${content.paragraphs.map((p) => `<p style="line-height:1.5;margin:0 0 12px">${escapeHtml(p)}</p>`).join('\n')}
${rows ? `<table role="presentation" style="margin:12px 0 16px;font-size:14px">${rows}</table>` : ''}
${content.action ? `<p style="margin:20px 0"><a href="${escapeHtml(content.action.url)}" style="background:${brand.colours.accent};color:#fff;padding:12px 20px;border-radius:6px;text-decoration:none;font-weight:bold">${escapeHtml(content.action.label)}</a>${content.secondaryAction ? `<span style="display:inline-block;width:16px"></span><a href="${escapeHtml(content.secondaryAction.url)}" style="color:${brand.colours.primary};font-weight:bold">${escapeHtml(content.secondaryAction.label)}</a>` : ''}</p>` : ''}
${content.track ? `<p style="margin:16px 0 0;font-size:14px"><a href="${escapeHtml(content.track)}" style="color:${brand.colours.primary};font-weight:bold">Track your order</a></p>` : ''}
</td></tr>
<tr><td style="padding:16px 24px;background:#eef2f3;font-size:12px;color:#555">${escapeHtml(brand.name)} · ${escapeHtml(brand.headOffice.line1)}, ${escapeHtml(brand.headOffice.town)} ${escapeHtml(brand.headOffice.postcode)} · ${escapeHtml(brand.phone)} · ${escapeHtml(brand.email)}</td></tr>
</table></td></tr></table></body></html>`;
  const text = [
    content.heading,
    '',
    ...content.paragraphs.flatMap((p) => [p, '']),
    ...(content.details ?? []).map((d) => `${d.label}: ${d.value}`),
    ...(content.action ? ['', `${content.action.label}: ${content.action.url}`] : []),
    ...(content.secondaryAction
      ? [`${content.secondaryAction.label}: ${content.secondaryAction.url}`]
      : []),
    ...(content.track ? ['', `Track your order: ${content.track}`] : []),
    '',
    '--',
    `${brand.name} · ${brand.phone} · ${brand.email}`,
  ].join('\n');
  return { html, text };
}
