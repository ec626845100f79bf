import { escapeHtml } from './escapeHtml';

describe('escapeHtml', () => {
  it('escapes what could end a text or a quoted attribute', () => {
    expect(escapeHtml(`<b title="x">Tom & Jerry's</b>`)).toBe(
      '&#60;b title=&#34;x&#34;&#62;Tom &#38; Jerry&#39;s&#60;/b&#62;',
    );
  });

  it('leaves other text as it is', () => {
    expect(escapeHtml('C++ (3) — café')).toBe('C++ (3) — café');
  });
});
