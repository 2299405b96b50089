import { BuildIcon } from '@blueprintjs/icons';
import { PageMessage } from './page-message';

/** A temporary body for screens whose own issue has not landed yet. */
export function ComingSoon({ title }: { title: string }) {
  return (
    <PageMessage icon={<BuildIcon size={48} />} title={title}>
      <p>This screen is coming soon.</p>
    </PageMessage>
  );
}
