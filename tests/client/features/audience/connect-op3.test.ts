// 'OP3 verbinden': an unreachable OP3 is the form's message, not the token field's; the hint's
// key page is a link that opens in a new tab without handing it the app's window.
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { audienceMessages } from '../../../../src/shared/audience.ts';
import { op3Errors, Op3TokenHint } from '../../../../src/client/features/audience/components/connect-op3.tsx';
import { TextField } from '../../../../src/client/components/text-field.tsx';

describe('OP3 connect form', () => {
  it('shows OP3 unreachable at the form and leaves the token field as it is', () => {
    // The server's 503: a message and no field.
    const away = op3Errors({ message: audienceMessages.unreachable, errors: {} });
    expect(away).toEqual({ field: undefined, form: audienceMessages.unreachable });
    const field = renderToStaticMarkup(
      createElement(TextField, { label: 'OP3-API-Token', name: 'token', error: away.field }),
    );
    expect(field).not.toContain('aria-invalid');
    expect(field).not.toContain('border-red-600');
  });

  it('shows a wrong token at the field', () => {
    const wrong = {
      message: audienceMessages.tokenInvalid,
      errors: { token: [audienceMessages.tokenInvalid] },
    };
    expect(op3Errors(wrong)).toEqual({ field: [audienceMessages.tokenInvalid], form: undefined });
  });

  it('links op3.dev/api/keys in a new tab with rel noopener', () => {
    const field = renderToStaticMarkup(
      createElement(TextField, { label: 'OP3-API-Token', name: 'token', hint: createElement(Op3TokenHint) }),
    );
    expect(field).toMatch(
      /<a href="https:\/\/op3\.dev\/api\/keys" target="_blank" rel="noopener noreferrer"[^>]*>op3\.dev\/api\/keys<\/a>/,
    );
  });
});
