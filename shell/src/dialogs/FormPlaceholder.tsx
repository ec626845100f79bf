import styled from 'styled-components';
import { Skeleton, theme } from '@side-quest/design';

const Placeholder = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${theme.space(3)};
`;

/**
 * The grey placeholder bars shown while a dialog's form loads (shell/README.md, "Dialogs"): its code on
 * first opening, then the provider's embedded form.
 */
export function FormPlaceholder() {
  return (
    <Placeholder aria-busy="true" data-testid="form-placeholder">
      <span className="visually-hidden">Loading form…</span>
      <Skeleton $height="0.9rem" $width="30%" />
      <Skeleton $height="2.75rem" />
      <Skeleton $height="0.9rem" $width="40%" />
      <Skeleton $height="2.75rem" />
      <Skeleton $height="2.75rem" $width="45%" />
    </Placeholder>
  );
}
