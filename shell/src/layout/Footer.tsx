import { Link, theme } from '@side-quest/design';
import styled from 'styled-components';
import { PRODUCT_NAME, laidOutNearViewport, media } from '@side-quest/design';
import { DialogOpener } from '../dialogs/DialogOpener';
import { FOOTER_COMPANY, FOOTER_LEGAL, FOOTER_PLATFORM } from './navigation';

const Bar = styled.footer`
  border-top: 1px solid ${theme.color.border};
  background: ${theme.color.surface};
  margin-top: 3rem;
  /* Below the fold on most pages: laid out when it nears the viewport, not in the page's first layout. */
  ${laidOutNearViewport({ phone: '506px', medium: '319px' })}
`;

const Columns = styled.div`
  max-width: ${theme.layout.maxWidth};
  margin: 0 auto;
  padding: 2.5rem 1rem 1rem;
  display: grid;
  grid-template-columns: repeat(2, minmax(0, 1fr));
  gap: 1.5rem 1rem;
  ${media.medium} {
    grid-template-columns: repeat(3, 1fr);
  }
  h2 {
    font-size: 1rem;
    margin-bottom: 0.75rem;
  }
  ul {
    list-style: none;
    margin: 0;
    padding: 0;
    display: flex;
    flex-direction: column;
  }
  a,
  button {
    color: ${theme.color.textMuted};
    text-decoration: none;
    display: inline-flex;
    align-items: center;
    min-height: 44px;
    padding: 0;
  }
  a:hover,
  button:hover {
    color: ${theme.color.text};
  }
  button {
    background: none;
    border: 0;
    cursor: pointer;
    font: inherit;
  }
`;

const Copyright = styled.p`
  text-align: center;
  color: ${theme.color.textMuted};
  padding: 1rem;
  margin: 0;
  font-size: 0.9rem;
`;

export function Footer() {
  return (
    <Bar>
      <Columns>
        <nav aria-labelledby="footer-platform">
          <h2 id="footer-platform">Platform</h2>
          <ul>
            {FOOTER_PLATFORM.map((item) => (
              <li key={item.label}>
                <Link to={item.to}>{item.label}</Link>
              </li>
            ))}
          </ul>
        </nav>
        <nav aria-labelledby="footer-company">
          <h2 id="footer-company">Company</h2>
          <ul>
            {FOOTER_COMPANY.map((item) => (
              <li key={item.label}>
                <Link to={item.to}>{item.label}</Link>
              </li>
            ))}
            <li>
              <DialogOpener dialog="contact">{(opener) => <button {...opener}>Contact</button>}</DialogOpener>
            </li>
          </ul>
        </nav>
        <nav aria-labelledby="footer-legal">
          <h2 id="footer-legal">Legal</h2>
          <ul>
            {FOOTER_LEGAL.map((label) => (
              <li key={label}>
                <a href="#">{label}</a>
              </li>
            ))}
          </ul>
        </nav>
      </Columns>
      <Copyright>
        © {new Date().getFullYear()} {PRODUCT_NAME}
      </Copyright>
    </Bar>
  );
}
