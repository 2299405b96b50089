/**
 * Bench harness (not part of the app): Blueprint's plain MultiSelect with the same 10,000
 * Salesforce fields the bench serves to the mapper, so `npm run bench` can compare the keystroke
 * cost of the mapper's virtual select with it. mapper-bench.mjs builds and serves it.
 */
import '@blueprintjs/core/lib/css/blueprint.css';
import '@blueprintjs/select/lib/css/blueprint-select.css';
import { MenuItem } from '@blueprintjs/core';
import { MultiSelect } from '@blueprintjs/select';
import { StrictMode, useState } from 'react';
import { createRoot } from 'react-dom/client';

interface Field {
  id: number;
  name: string;
  label: string;
}

/** The same names the bench serves the app (see salesforceFields in mapper-bench.mjs). */
const FIELDS: Field[] = Array.from({ length: 10_000 }, (_, i) => ({
  id: 100_000 + i,
  name: `Custom_Field_${String(i).padStart(5, '0')}__c`,
  label: `Custom Field ${i}`,
}));

function PlainMultiSelect() {
  const [selected, setSelected] = useState<Field[]>([]);
  const toggle = (field: Field) =>
    setSelected((all) =>
      all.includes(field) ? all.filter((item) => item !== field) : [...all, field],
    );
  return (
    <MultiSelect<Field>
      items={FIELDS}
      selectedItems={selected}
      itemPredicate={(query, field) =>
        `${field.name} ${field.label}`.toLowerCase().includes(query.toLowerCase())
      }
      itemRenderer={(field, { handleClick, handleFocus, modifiers, ref }) =>
        modifiers.matchesPredicate ? (
          <MenuItem
            key={field.id}
            ref={ref}
            roleStructure="listoption"
            text={field.name}
            label={field.label}
            active={modifiers.active}
            selected={selected.includes(field)}
            onClick={handleClick}
            onFocus={handleFocus}
          />
        ) : null
      }
      onItemSelect={toggle}
      onRemove={toggle}
      tagRenderer={(field) => field.name}
      placeholder="Type to search"
      resetOnSelect={false}
      popoverProps={{ minimal: true }}
      tagInputProps={{ inputProps: { 'aria-label': 'Plain MultiSelect' } }}
    />
  );
}

const root = document.getElementById('root');
if (root) {
  createRoot(root).render(
    <StrictMode>
      <main style={{ padding: 24, maxWidth: 640 }}>
        <PlainMultiSelect />
      </main>
    </StrictMode>,
  );
}
