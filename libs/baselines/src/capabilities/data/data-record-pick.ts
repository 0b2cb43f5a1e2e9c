import { defineCapability } from '../../define-capability.js';
import { list, name, object, record } from '../../json-schema.js';
import { readPath, setOwn, writePath } from '../../records/field-path.js';
import { copyJson } from '@skill-service/util';

interface Input {
  record: Record<string, unknown>;
  fields: (string | { path: string; as: string })[];
}

export const dataRecordPick = defineCapability<Input>({
  id: 'data.record.pick',
  description:
    'Picks fields from a record by path (`name`, `address.city`, `items.0.sku`): a path keeps its nesting, `{path, as}` puts the value under a new top-level name. Missing paths are listed, not invented.',
  inputSchema: object(
    {
      record: record('The source record.'),
      fields: list(
        { anyOf: [name('A field path.'), object({ path: name('A field path.'), as: name('The output field name.') }, ['path', 'as'], { closed: true })] },
        'The fields to keep, in order.',
        { minItems: 1, maxItems: 1000 },
      ),
    },
    ['record', 'fields'],
  ),
  outputSchema: object(
    { record: record('The picked fields.'), missing: list(name('A path.'), 'Paths the record does not have.') },
    ['record', 'missing'],
  ),
  compute(input) {
    const picked: Record<string, unknown> = {};
    const missing: string[] = [];
    for (const field of input.fields) {
      const path = typeof field === 'string' ? field : field.path;
      const found = readPath(input.record, path);
      if (!found.found) {
        missing.push(path);
        continue;
      }
      const value = copyJson(found.value);
      if (typeof field !== 'string') setOwn(picked, field.as, value);
      else if (Object.hasOwn(input.record, path)) setOwn(picked, path, value);
      else writePath(picked, path, value);
    }
    return { record: picked, missing };
  },
});
