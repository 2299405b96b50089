import { SearchIcon } from '@blueprintjs/icons';
import { Link } from '@tanstack/react-router';

import { PageMessage } from './page-message';

export function NotFoundPage() {
  return (
    <PageMessage
      icon={<SearchIcon size={48} />}
      title="Sorry, the page not found."
      action={<Link to="/">Back to home</Link>}
    />
  );
}
