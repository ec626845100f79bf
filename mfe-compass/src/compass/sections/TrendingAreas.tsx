import styled from 'styled-components';
import type { AreaStat } from '../../stats/areaStats';
import { TRENDING_AREAS_LIMIT } from '../../stats/rankings';
import { CompassSection, type SectionState } from './CompassSection';
import { RankedList, RankedRow, RowFigure } from './rows';

const AreaName = styled.span`
  display: flex;
  align-items: center;
  min-height: 44px;
  min-width: 0;
  font-weight: 600;
`;

/** Trending Areas: the areas with the most bounties created in the last month. */
export function TrendingAreas({ areas, loading }: { areas: AreaStat[]; loading: boolean }) {
  const state: SectionState = loading ? 'loading' : areas.length === 0 ? 'empty' : 'ready';
  return (
    <CompassSection
      id="trending-areas"
      title="Trending Areas"
      state={state}
      placeholderRows={TRENDING_AREAS_LIMIT}
      emptyText="No trending areas yet"
    >
      <RankedList>
        {areas.map((area) => (
          <RankedRow key={area.name}>
            <AreaName>{area.name}</AreaName>
            <RowFigure>({area.recentCount} recent)</RowFigure>
          </RankedRow>
        ))}
      </RankedList>
    </CompassSection>
  );
}
