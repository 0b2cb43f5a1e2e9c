/**
 * A convenience for chat-completion answers that existing bindings rely on: when `choices[*].message.content`
 * is itself JSON (an object or array), a sibling `content_json` holds it parsed, so a binding can
 * map `response.choices.0.message.content_json.<field>`. Anything else is left untouched.
 */
export function withContentJson(answer: unknown): unknown {
  if (!isRecord(answer) || !Array.isArray(answer.choices)) return answer;
  for (const choice of answer.choices) {
    const message = isRecord(choice) ? choice.message : undefined;
    if (!isRecord(message) || typeof message.content !== 'string') continue;
    const parsed = parseJsonText(message.content);
    if (parsed !== undefined) message.content_json = parsed;
  }
  return answer;
}

function parseJsonText(text: string): unknown {
  // Models often fence their JSON in ```json … ```.
  const unfenced = text.trim().replace(/^```(?:json)?\s*\n?([\s\S]*?)\n?```$/i, '$1').trim();
  if (!unfenced.startsWith('{') && !unfenced.startsWith('[')) return undefined;
  try {
    return JSON.parse(unfenced) as unknown;
  } catch {
    return undefined;
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
