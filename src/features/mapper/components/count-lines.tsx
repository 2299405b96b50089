import { useGetMappingCounts } from '@generated/api/mappings/mappings';
import { countLine } from '../model/counts';
import styles from '../mapper.module.css';

/** How many required fields of leads and of opportunities are matched. */
export function CountLines() {
  const { data } = useGetMappingCounts();
  if (!data) return null;
  return (
    <div className={styles.counts}>
      <p>{countLine(data.mapped_aws_mandatory_lead, data.aws_mandatory_lead, 'leads')}</p>
      <p>
        {countLine(
          data.mapped_aws_mandatory_opportunity,
          data.aws_mandatory_opportunity,
          'opportunities',
        )}
      </p>
    </div>
  );
}
