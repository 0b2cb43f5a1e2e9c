type Work = { readonly value: unknown } | { readonly text: string };

/**
 * JSON with object keys sorted at every level: two values are equal as JSON exactly when their
 * canonical forms are equal (1 and 1.0 alike, key order ignored). Iterative, so depth is no risk.
 */
export function canonicalJson(value: unknown): string {
  const out: string[] = [];
  const stack: Work[] = [{ value }];
  while (stack.length > 0) {
    const work = stack.pop() as Work;
    if ('text' in work) {
      out.push(work.text);
      continue;
    }
    const item = work.value;
    if (Array.isArray(item)) {
      stack.push({ text: ']' });
      for (let index = item.length - 1; index >= 0; index--) {
        stack.push({ value: item[index] ?? null });
        if (index > 0) stack.push({ text: ',' });
      }
      stack.push({ text: '[' });
    } else if (typeof item === 'object' && item !== null) {
      const keys = Object.keys(item).sort();
      stack.push({ text: '}' });
      for (let index = keys.length - 1; index >= 0; index--) {
        const key = keys[index] as string;
        stack.push({ value: (item as Record<string, unknown>)[key] ?? null });
        stack.push({ text: `${JSON.stringify(key)}:` });
        if (index > 0) stack.push({ text: ',' });
      }
      stack.push({ text: '{' });
    } else {
      out.push(JSON.stringify(item) ?? 'null');
    }
  }
  return out.join('');
}
