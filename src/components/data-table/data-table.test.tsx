import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { DataTable } from './data-table';
import { createDataColumnHelper, useDataTable } from './data-table-hook';

interface Person {
  id: number;
  name: string;
  email: string;
}

const column = createDataColumnHelper<Person>();
const columns = column.columns([
  column.accessor('name', { header: 'Name' }),
  column.accessor('email', {
    header: 'Email',
    cell: ({ getValue }) => <a href={`mailto:${getValue()}`}>{getValue()}</a>,
    meta: { className: 'email-column' },
  }),
]);
const NO_PEOPLE: Person[] = [];
const labelledColumns = column.columns([
  column.accessor('name', { header: 'Name' }),
  column.accessor('email', { header: () => <em>Email</em>, meta: { label: 'Email' } }),
  column.display({ id: 'actions', cell: () => <button type="button">Edit</button> }),
]);

function People(props: { data?: Person[]; loading?: boolean }) {
  const table = useDataTable({
    data: props.data ?? NO_PEOPLE,
    columns,
    getRowId: (person) => String(person.id),
  });
  return (
    <DataTable table={table} label="People" loading={props.loading} emptyMessage="Nobody here" />
  );
}

describe('DataTable', () => {
  it('renders headers and one row per item, with custom cells and column classes', () => {
    render(
      <People
        data={[
          { id: 1, name: 'Ada', email: 'ada@example.com' },
          { id: 2, name: 'Grace', email: 'grace@example.com' },
        ]}
      />,
    );
    const table = screen.getByRole('table', { name: 'People' });
    const headers = within(table).getAllByRole('columnheader');
    expect(headers.map((header) => header.textContent)).toEqual(['Name', 'Email']);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(2);
    expect(within(rows[1]!).getByRole('link', { name: 'grace@example.com' })).toHaveAttribute(
      'href',
      'mailto:grace@example.com',
    );
    expect(within(rows[0]!).getAllByRole('cell')[1]).toHaveClass('email-column');
  });

  it('names each cell after its column, for the rows stacked on a phone; a header that is not text names it by its meta label', () => {
    function Labelled() {
      const table = useDataTable({
        data: [{ id: 1, name: 'Ada', email: 'ada@example.com' }],
        columns: labelledColumns,
        getRowId: (person) => String(person.id),
      });
      return <DataTable table={table} label="People" emptyMessage="Nobody here" />;
    }
    render(<Labelled />);
    const [name, email, actions] = within(screen.getAllByRole('row')[1]!).getAllByRole('cell');
    expect(name).toHaveAttribute('data-label', 'Name');
    expect(email).toHaveAttribute('data-label', 'Email');
    // A column with neither (row actions) takes the whole line, unnamed.
    expect(actions).not.toHaveAttribute('data-label');
  });

  it('names the skeleton cells too, so the first load stacks as the rows will', () => {
    render(<People loading />);
    const first = within(screen.getAllByRole('row')[1]!).getAllByRole('cell');
    expect(first.map((cell) => cell.getAttribute('data-label'))).toEqual(['Name', 'Email']);
  });

  it('shows the empty message across all columns when there are no rows', () => {
    render(<People data={[]} />);
    const cell = screen.getByRole('cell', { name: 'Nobody here' });
    expect(cell).toHaveAttribute('colspan', '2');
  });

  it('shows skeleton rows, marked busy, on the first load', () => {
    render(<People loading />);
    const table = screen.getByRole('table', { name: 'People' });
    expect(table).toHaveAttribute('aria-busy', 'true');
    expect(screen.queryByText('Nobody here')).not.toBeInTheDocument();
    expect(within(table).getAllByRole('row')).toHaveLength(1 + 5);
  });

  it('renders a row again only when its data changes', () => {
    const renders: string[] = [];
    function Name({ name }: { name: string }) {
      renders.push(name);
      return <>{name}</>;
    }
    const counted = column.columns([
      column.accessor('name', {
        header: 'Name',
        cell: ({ getValue }) => <Name name={getValue()} />,
      }),
    ]);
    function Counted({ data, caption }: { data: Person[]; caption: string }) {
      const table = useDataTable({
        data,
        columns: counted,
        getRowId: (person) => String(person.id),
      });
      return <DataTable table={table} label={caption} emptyMessage="Nobody here" />;
    }
    const people = [
      { id: 1, name: 'Ada', email: 'ada@example.com' },
      { id: 2, name: 'Grace', email: 'grace@example.com' },
    ];
    const { rerender } = render(<Counted data={people} caption="People" />);
    expect(renders).toEqual(['Ada', 'Grace']);
    rerender(<Counted data={people} caption="Everyone" />);
    expect(screen.getByRole('table', { name: 'Everyone' })).toBeInTheDocument();
    expect(renders).toEqual(['Ada', 'Grace']);
    rerender(
      <Counted data={[people[0]!, { ...people[1]!, name: 'Grace Hopper' }]} caption="Everyone" />,
    );
    expect(screen.getByRole('cell', { name: 'Grace Hopper' })).toBeInTheDocument();
    expect(renders.slice(2)).toContain('Grace Hopper');
  });
});
