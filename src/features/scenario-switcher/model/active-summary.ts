import { type Catalogue, operationKey } from './catalogue-types';
import { parsePrefer } from './prefer';
import { type Preset, presetScenarios } from './presets';
import { type ActiveScenario, type ActiveScenarios } from './scenario-store';

function sameScenarios(a: ActiveScenarios, b: ActiveScenarios): boolean {
  const keys = Object.keys(a);
  return (
    keys.length === Object.keys(b).length &&
    keys.every((key) => a[key]?.prefer === b[key]?.prefer && a[key]?.times === b[key]?.times)
  );
}

/** `500 serverError` for `code=500, example=serverError`; the header itself if it has no code. */
function replyText({ prefer, times }: ActiveScenario): string {
  const choice = parsePrefer(prefer);
  const reply = choice ? [choice.code, choice.example].filter(Boolean).join(' ') : prefer;
  if (times === undefined) return reply;
  return `${reply} (${times === 1 ? 'next request only' : `next ${times} requests`})`;
}

/**
 * What the scenario bar says is active: nothing (undefined), a preset as it was applied, the one
 * scenario (`Scenario: getSyncStats → 500 serverError`), or how many there are.
 */
export function describeActive(
  active: ActiveScenarios,
  catalogue: Catalogue,
  presets: readonly Preset[],
): string | undefined {
  const entries = Object.entries(active);
  if (entries.length === 0) return undefined;
  const preset = presets.find((candidate) => sameScenarios(presetScenarios(candidate), active));
  if (preset) return `Preset: ${preset.name}`;
  const [only] = entries;
  if (entries.length === 1 && only) {
    const [key, scenario] = only;
    const operation = catalogue.tags
      .flatMap((tag) => tag.operations)
      .find((candidate) => operationKey(candidate) === key);
    return `Scenario: ${operation?.id ?? key} → ${replyText(scenario)}`;
  }
  return `${entries.length} scenarios active`;
}
