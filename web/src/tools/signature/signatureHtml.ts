import { PRODUCT_NAME } from '@sitefleet/shared';

export interface SignatureInput {
  name: string;
  surname: string;
  role: string;
  mobile: string;
  skype: string;
}

export const EMPTY_SIGNATURE: SignatureInput = { name: '', surname: '', role: '', mobile: '', skype: '' };

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ESCAPES[c] ?? c);
}

/** Digits and a leading + only: what a tel: link may carry. */
export function telHref(mobile: string): string {
  const trimmed = mobile.trim();
  return `tel:${trimmed.startsWith('+') ? '+' : ''}${trimmed.replace(/\D/g, '')}`;
}

const FONT = 'font-family:Arial,Helvetica,sans-serif;';
const row = (label: string, value: string, href?: string) =>
  `<tr><td style="${FONT}font-size:12px;color:#6b7280;padding:1px 8px 1px 0;">${label}</td>` +
  `<td style="${FONT}font-size:12px;color:#111827;padding:1px 0;">` +
  (href
    ? `<a href="${escapeHtml(href)}" style="color:#1e3a5f;text-decoration:none;">${escapeHtml(value)}</a>`
    : escapeHtml(value)) +
  `</td></tr>`;

/** A table-based, inline-styled e-mail signature; every input is escaped (SPEC §2.4). */
export function buildSignatureHtml(input: SignatureInput): string {
  const fullName = [input.name, input.surname]
    .map((s) => s.trim())
    .filter(Boolean)
    .join(' ');
  const details = [
    input.mobile.trim() ? row('Mobile', input.mobile.trim(), telHref(input.mobile)) : '',
    input.skype.trim() ? row('Skype', input.skype.trim(), `skype:${input.skype.trim()}?chat`) : '',
  ].join('');
  return (
    `<table cellpadding="0" cellspacing="0" border="0" role="presentation" style="border-collapse:collapse;">` +
    `<tr><td style="border-left:3px solid #1e3a5f;padding:2px 0 2px 12px;">` +
    `<table cellpadding="0" cellspacing="0" border="0" role="presentation" style="border-collapse:collapse;">` +
    `<tr><td colspan="2" style="${FONT}font-size:15px;font-weight:bold;color:#111827;padding-bottom:2px;">${escapeHtml(fullName)}</td></tr>` +
    (input.role.trim()
      ? `<tr><td colspan="2" style="${FONT}font-size:13px;color:#374151;padding-bottom:6px;">${escapeHtml(input.role.trim())}</td></tr>`
      : '') +
    details +
    `<tr><td colspan="2" style="${FONT}font-size:12px;font-weight:bold;color:#1e3a5f;padding-top:6px;">${escapeHtml(PRODUCT_NAME)}</td></tr>` +
    `</table></td></tr></table>`
  );
}

/** The same signature as plain text, for mail programs that paste text only. */
export function buildSignatureText(input: SignatureInput): string {
  const fullName = [input.name, input.surname]
    .map((s) => s.trim())
    .filter(Boolean)
    .join(' ');
  return [
    fullName,
    input.role.trim(),
    input.mobile.trim() && `Mobile: ${input.mobile.trim()}`,
    input.skype.trim() && `Skype: ${input.skype.trim()}`,
    PRODUCT_NAME,
  ]
    .filter(Boolean)
    .join('\n');
}

/** Copies as text/html and text/plain together; older browsers get plain text. */
export async function copySignature(html: string, text: string): Promise<void> {
  if (typeof ClipboardItem !== 'undefined' && navigator.clipboard?.write) {
    await navigator.clipboard.write([
      new ClipboardItem({
        'text/html': new Blob([html], { type: 'text/html' }),
        'text/plain': new Blob([text], { type: 'text/plain' }),
      }),
    ]);
    return;
  }
  await navigator.clipboard.writeText(text);
}
