import { render, screen } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { LocalTime, formatLocalDateTime } from './LocalTime';

describe('LocalTime', () => {
  it('says UTC in the server HTML and local time in the browser', () => {
    const html = renderToString(<LocalTime iso="2026-12-01T17:00:00.000Z" />);
    expect(html).toContain('dateTime="2026-12-01T17:00:00.000Z"');
    expect(html).toContain('UTC');
    render(<LocalTime iso="2026-12-01T17:00:00.000Z" />);
    expect(screen.getByText(formatLocalDateTime(Date.parse('2026-12-01T17:00:00Z'))!)).toBeInTheDocument();
  });

  it('formats in a named zone', () => {
    expect(formatLocalDateTime(Date.parse('2026-12-01T17:00:00Z'), 'Europe/Berlin')).toBe(
      '1 Dec 2026, 18:00 CET',
    );
  });
});
