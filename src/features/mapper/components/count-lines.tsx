import { useGetMappingCounts } from '@generated/api/mappings/mappings';
import type { Attribute } from '@generated/api/model';

import styles from '../mapper.module.css';
import { countLine } from '../model/counts';
import { UnmatchedLinks } from './unmatched-links';

export interface CountLinesProps {
  /** Takes the user to an unmatched field's row; without it, no links (the mapper is loading). */
  onPick?: (attribute: Attribute) => void;
}

/**
 * How many required fields of leads and of opportunities are matched, each line followed by the
 * required fields still unmatched, as links to their rows.
 */
export function CountLines({ onPick }: CountLinesProps) {
  const { data } = useGetMappingCounts();
  if (!data) return null;
  return (
    <div className={styles.counts}>
      <p>{countLine(data.mapped_aws_mandatory_lead, data.aws_mandatory_lead, 'leads')}</p>
      {onPick ? <UnmatchedLinks type="Lead" onPick={onPick} /> : null}
      <p>
        {countLine(
          data.mapped_aws_mandatory_opportunity,
          data.aws_mandatory_opportunity,
          'opportunities',
        )}
      </p>
      {onPick ? <UnmatchedLinks type="Opportunity" onPick={onPick} /> : null}
    </div>
  );
}
